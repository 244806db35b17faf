// Model of <cooperative_groups/scan.h>: inclusive and exclusive scans over tiles and coalesced
// groups. One model call per scan whatever the value type and operator.
#ifndef __COOPCHECK_MODEL_CG_SCAN_H
#define __COOPCHECK_MODEL_CG_SCAN_H

#include "../cooperative_groups.h"
#include "../coopcheck_model/cg_operators.h"

_CGM_BEGIN_NAMESPACE

namespace details {
struct inclusive_tag {};
struct exclusive_tag {};

template <unsigned int Size, typename ParentT>
_CGM_QUALIFIER void scan_call(inclusive_tag, const thread_block_tile<Size, ParentT> &g,
                              const void *in, void *out, unsigned long long bytes, void *op,
                              __cgm_combine_fn combine) {
  __cgm_tile_inclusive_scan(Size, factory::desc(g).mask, in, out, bytes, op, combine);
}
template <unsigned int Size, typename ParentT>
_CGM_QUALIFIER void scan_call(exclusive_tag, const thread_block_tile<Size, ParentT> &g,
                              const void *in, void *out, unsigned long long bytes, void *op,
                              __cgm_combine_fn combine) {
  __cgm_tile_exclusive_scan(Size, factory::desc(g).mask, in, out, bytes, op, combine);
}
_CGM_QUALIFIER void scan_call(inclusive_tag, const coalesced_group &g, const void *in, void *out,
                              unsigned long long bytes, void *op, __cgm_combine_fn combine) {
  __cgm_coalesced_inclusive_scan(factory::desc(g).mask, in, out, bytes, op, combine);
}
_CGM_QUALIFIER void scan_call(exclusive_tag, const coalesced_group &g, const void *in, void *out,
                              unsigned long long bytes, void *op, __cgm_combine_fn combine) {
  __cgm_coalesced_exclusive_scan(factory::desc(g).mask, in, out, bytes, op, combine);
}

template <typename Tag, typename TyGroup, typename TyVal, typename TyFn>
_CGM_QUALIFIER typename remove_qual<TyVal>::type scan(const TyGroup &group, TyVal &&val, TyFn &&op) {
  typedef typename remove_qual<TyVal>::type T;
  typedef typename remove_qual<TyFn>::type Op;
  const T in = val;
  storage<T> out;
  scan_call(Tag(), group, &in, out.bytes, sizeof(T), op_address(op), &combine<T, Op>);
  return out.value();
}
} // namespace details

template <typename TyGroup, typename TyVal, typename TyFn>
_CGM_QUALIFIER auto inclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op)
    -> decltype(op(val, val)) {
  return details::scan<details::inclusive_tag>(group, val, op);
}

template <typename TyGroup, typename TyVal>
_CGM_QUALIFIER typename details::remove_qual<TyVal>::type inclusive_scan(const TyGroup &group,
                                                                         TyVal &&val) {
  return details::scan<details::inclusive_tag>(
      group, val, plus<typename details::remove_qual<TyVal>::type>());
}

template <typename TyGroup, typename TyVal, typename TyFn>
_CGM_QUALIFIER auto exclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op)
    -> decltype(op(val, val)) {
  return details::scan<details::exclusive_tag>(group, val, op);
}

template <typename TyGroup, typename TyVal>
_CGM_QUALIFIER typename details::remove_qual<TyVal>::type exclusive_scan(const TyGroup &group,
                                                                         TyVal &&val) {
  return details::scan<details::exclusive_tag>(
      group, val, plus<typename details::remove_qual<TyVal>::type>());
}

_CGM_END_NAMESPACE

#endif // __COOPCHECK_MODEL_CG_SCAN_H
