// The operators of cg::reduce and cg::scan, and the combining function the model functions of
// both receive.
#ifndef __COOPCHECK_MODEL_CG_OPERATORS_H
#define __COOPCHECK_MODEL_CG_OPERATORS_H

#include "cg_core.h"

_CGM_BEGIN_NAMESPACE

template <class Ty> struct plus {
  _CGM_QUALIFIER Ty operator()(Ty a, Ty b) const { return a + b; }
};
template <class Ty> struct less {
  _CGM_QUALIFIER Ty operator()(Ty a, Ty b) const { return b < a ? b : a; }
};
template <class Ty> struct greater {
  _CGM_QUALIFIER Ty operator()(Ty a, Ty b) const { return a < b ? b : a; }
};
template <class Ty> struct bit_and {
  _CGM_QUALIFIER Ty operator()(Ty a, Ty b) const { return a & b; }
};
template <class Ty> struct bit_or {
  _CGM_QUALIFIER Ty operator()(Ty a, Ty b) const { return a | b; }
};
template <class Ty> struct bit_xor {
  _CGM_QUALIFIER Ty operator()(Ty a, Ty b) const { return a ^ b; }
};

namespace details {
// The __cgm_combine_fn for values of type T and operators of type Op. Not inlined: the executor
// calls it through the pointer it receives.
template <class T, class Op> __device__ void combine(void *op, void *acc, const void *rhs) {
  T &a = *static_cast<T *>(acc);
  a = (*static_cast<Op *>(op))(a, *static_cast<const T *>(rhs));
}

// The operator object as the model functions take it (they do not modify it).
template <class Op> _CGM_QUALIFIER void *op_address(Op &op) {
  return const_cast<void *>(static_cast<const volatile void *>(&op));
}
} // namespace details

_CGM_END_NAMESPACE

#endif // __COOPCHECK_MODEL_CG_OPERATORS_H
