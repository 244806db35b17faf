// Model of <cooperative_groups/reduce.h>: cg::reduce over tiles and coalesced groups, and its
// operators. One model call per reduction whatever the value type and operator.
#ifndef __COOPCHECK_MODEL_CG_REDUCE_H
#define __COOPCHECK_MODEL_CG_REDUCE_H

#include "../cooperative_groups.h"
#include "../coopcheck_model/cg_operators.h"

_CGM_BEGIN_NAMESPACE

namespace details {
template <unsigned int Size, typename ParentT>
_CGM_QUALIFIER void reduce_call(const thread_block_tile<Size, ParentT> &g, const void *in, void *out,
                                unsigned long long bytes, void *op, __cgm_combine_fn combine) {
  __cgm_tile_reduce(Size, factory::desc(g).mask, in, out, bytes, op, combine);
}
_CGM_QUALIFIER void reduce_call(const coalesced_group &g, const void *in, void *out,
                                unsigned long long bytes, void *op, __cgm_combine_fn combine) {
  __cgm_coalesced_reduce(factory::desc(g).mask, in, out, bytes, op, combine);
}
} // namespace details

template <typename TyGroup, typename TyVal, typename TyFn>
_CGM_QUALIFIER auto reduce(const TyGroup &group, TyVal &&val, TyFn &&op) -> decltype(op(val, val)) {
  typedef typename details::remove_qual<TyVal>::type T;
  typedef typename details::remove_qual<TyFn>::type Op;
  const T in = val;
  details::storage<T> out;
  details::reduce_call(group, &in, out.bytes, sizeof(T), details::op_address(op),
                       &details::combine<T, Op>);
  return out.value();
}

_CGM_END_NAMESPACE

#endif // __COOPCHECK_MODEL_CG_REDUCE_H
