// Model of <mma.h>: the warp matrix functions of nvcuda::wmma (tags, layouts, fragments,
// load_matrix_sync, store_matrix_sync, fill_fragment, mma_sync, bmma_sync). Declaration-level
// (README.md): the operations have no bodies and keep their real names; they are warp-collective
// (all 32 lanes of the warp call them with the same arguments). One fragment template serves every
// shape and type (the toolkit specialises the supported ones), with element counts that follow the
// toolkit's for the common shapes.
#ifndef __COOPCHECK_MODEL_MMA_H
#define __COOPCHECK_MODEL_MMA_H

#include "cuda_bf16.h"
#include "cuda_fp16.h"

#define __CUDA_MMA_DEVICE_DECL__ __device__
#define __CUDA_IMMA__ 1
#define __CUDA_SUBBYTE_IMMA__ 1
#define __CUDA_AMPERE_MMA__ 1

namespace nvcuda {
namespace wmma {
__device__ float __float_to_tf32(float in);

// Tags (incomplete, as in the toolkit).
struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
namespace precision {
struct tf32;
}
namespace experimental {
namespace precision {
struct u4; // 4-bit unsigned
struct s4; // 4-bit signed
struct b1; // 1-bit
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

enum layout_t { mem_row_major, mem_col_major };

template <typename T> struct helper_traits {
  typedef T element_type;
  typedef T storage_element_type;
  typedef T fill_argument_type;
};
template <> struct helper_traits<experimental::precision::u4> {
  typedef experimental::precision::u4 element_type;
  typedef unsigned int storage_element_type;
  typedef unsigned int fill_argument_type;
};
template <> struct helper_traits<experimental::precision::s4> {
  typedef experimental::precision::s4 element_type;
  typedef int storage_element_type;
  typedef int fill_argument_type;
};
template <> struct helper_traits<experimental::precision::b1> {
  typedef experimental::precision::b1 element_type;
  typedef unsigned int storage_element_type;
  typedef unsigned int fill_argument_type;
};
template <> struct helper_traits<precision::tf32> {
  typedef precision::tf32 element_type;
  typedef float storage_element_type;
  typedef float fill_argument_type;
};

template <typename T, int size, int packed_size = size> struct __align__(8) __frag_base {
  enum { num_elements = size };
  enum { num_storage_elements = packed_size };
  typedef T element_type;
  typedef typename helper_traits<T>::storage_element_type storage_element_type;
  storage_element_type x[num_storage_elements];
};

template <typename FragEleType, int size, int packed_size>
__device__ void fill_fragment(__frag_base<FragEleType, size, packed_size> &f,
                              const typename helper_traits<FragEleType>::fill_argument_type &in);

namespace __ccm {
// Elements per thread: the tile's area over the warp's 32 lanes (twice that for __half A/B
// operands, as in the toolkit); sub-byte types pack 8 (or 32) elements per storage word.
template <typename Use, int m, int n, int k> struct area {
  enum { value = m * k };
};
template <int m, int n, int k> struct area<matrix_b, m, n, k> {
  enum { value = k * n };
};
template <int m, int n, int k> struct area<accumulator, m, n, k> {
  enum { value = m * n };
};
template <typename Use, typename T> struct per_lane {
  enum { num = 32, packing = 1 };
};
template <typename Use> struct per_lane<Use, __half> {
  enum { num = 16, packing = 1 };
};
template <> struct per_lane<accumulator, __half> {
  enum { num = 32, packing = 1 };
};
template <typename Use> struct per_lane<Use, experimental::precision::u4> {
  enum { num = 32, packing = 8 };
};
template <typename Use> struct per_lane<Use, experimental::precision::s4> {
  enum { num = 32, packing = 8 };
};
template <typename Use> struct per_lane<Use, experimental::precision::b1> {
  enum { num = 32, packing = 32 };
};
template <typename Use, int m, int n, int k, typename T> struct count {
  enum {
    elements = area<Use, m, n, k>::value / per_lane<Use, T>::num > 0
                   ? area<Use, m, n, k>::value / per_lane<Use, T>::num
                   : 1,
    storage = elements / per_lane<Use, T>::packing > 0 ? elements / per_lane<Use, T>::packing : 1
  };
};
// What load_matrix_sync reads for an A/B operand of element type T.
template <typename T> struct pointee {
  typedef T type;
};
template <> struct pointee<precision::tf32> {
  typedef float type;
};
template <> struct pointee<experimental::precision::u4> {
  typedef void type;
};
template <> struct pointee<experimental::precision::s4> {
  typedef void type;
};
template <> struct pointee<experimental::precision::b1> {
  typedef void type;
};
} // namespace __ccm

template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment : public __frag_base<T, __ccm::count<Use, m, n, k, T>::elements,
                                    __ccm::count<Use, m, n, k, T>::storage> {};

// A and B operands (the layout is part of the fragment type).
template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ void load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a,
                                 const typename __ccm::pointee<T>::type *p, unsigned ldm);
// Accumulators (the layout is an argument).
template <int m, int n, int k, typename T>
__device__ void load_matrix_sync(fragment<accumulator, m, n, k, T> &a, const T *p, unsigned ldm,
                                 layout_t layout);
template <int m, int n, int k, typename T>
__device__ void store_matrix_sync(T *p, const fragment<accumulator, m, n, k, T> &a, unsigned ldm,
                                  layout_t layout);

// d = a * b + c.
template <int m, int n, int k, typename Td, typename Ta, typename La, typename Tb, typename Lb,
          typename Tc>
__device__ void mma_sync(fragment<accumulator, m, n, k, Td> &d,
                         const fragment<matrix_a, m, n, k, Ta, La> &a,
                         const fragment<matrix_b, m, n, k, Tb, Lb> &b,
                         const fragment<accumulator, m, n, k, Tc> &c, bool satf = false);
template <int m, int n, int k, typename La, typename Lb>
__device__ void bmma_sync(fragment<accumulator, m, n, k, int> &d,
                          const fragment<matrix_a, m, n, k, experimental::precision::b1, La> &a,
                          const fragment<matrix_b, m, n, k, experimental::precision::b1, Lb> &b,
                          const fragment<accumulator, m, n, k, int> &c,
                          experimental::bmmaBitOp = experimental::bmmaBitOpXOR,
                          experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC);
} // namespace wmma
} // namespace nvcuda

#endif // __COOPCHECK_MODEL_MMA_H
