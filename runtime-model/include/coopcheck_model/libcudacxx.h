// The part of libcu++ that the cuda/ headers share: cuda::std (the host C++ library re-exported,
// plus the few pieces that must be callable on the device), thread scopes, memory orders,
// cuda::aligned_size_t and the completion type of asynchronous copies. Everything is
// declaration-level: functions that do something at run time have no bodies and keep their real
// (mangled) names, like the warp intrinsics.
//
// Inside namespace cuda, `std` names cuda::std, so these headers spell the host library ::std.
#ifndef __COOPCHECK_MODEL_LIBCUDACXX_H
#define __COOPCHECK_MODEL_LIBCUDACXX_H

#ifndef __COOPCHECK_WARP_SIZE
#include "../cuda_runtime.h"
#endif

#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#define _CCM_API __host__ __device__
#define _LIBCUDACXX_VERSION 3000000
#define _CCCL_VERSION 3000000
#define CCCL_MAJOR_VERSION 3
#define CCCL_MINOR_VERSION 0
#define CCCL_PATCH_VERSION 0

namespace cuda {
namespace std {
// Qualified lookup of cuda::std::X finds the declarations below first and the host library's
// ::std::X otherwise (type traits, numeric_limits, integer types, pair, ...). constexpr functions
// (move, forward, min, max, ...) are callable on the device under clang.
using namespace ::std;

// Not constexpr before C++20 in the host library, hence not callable on the device there.
template <class _Tp> _CCM_API constexpr void swap(_Tp &__a, _Tp &__b) noexcept {
  _Tp __t(static_cast<_Tp &&>(__a));
  __a = static_cast<_Tp &&>(__b);
  __b = static_cast<_Tp &&>(__t);
}
template <class _Tp, class _Up = _Tp> _CCM_API constexpr _Tp exchange(_Tp &__obj, _Up &&__new) {
  _Tp __old = static_cast<_Tp &&>(__obj);
  __obj = static_cast<_Up &&>(__new);
  return __old;
}

// Scopes of atomics, barriers and pipelines (values as in libcu++).
enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 10
};

// C++17-style memory orders, usable on both sides.
enum memory_order {
  memory_order_relaxed,
  memory_order_consume,
  memory_order_acquire,
  memory_order_release,
  memory_order_acq_rel,
  memory_order_seq_cst
};

struct __empty_completion {
  _CCM_API constexpr void operator()() noexcept {}
};
} // namespace std

using ::cuda::std::thread_scope;
using ::cuda::std::thread_scope_block;
using ::cuda::std::thread_scope_device;
using ::cuda::std::thread_scope_system;
using ::cuda::std::thread_scope_thread;
using ::cuda::std::memory_order;
using ::cuda::std::memory_order_acq_rel;
using ::cuda::std::memory_order_acquire;
using ::cuda::std::memory_order_consume;
using ::cuda::std::memory_order_relaxed;
using ::cuda::std::memory_order_release;
using ::cuda::std::memory_order_seq_cst;

// A byte count whose alignment the caller guarantees (cuda/barrier, cuda/pipeline, cg::memcpy_async).
template <::std::size_t _Alignment> struct aligned_size_t {
  static constexpr ::std::size_t align = _Alignment;
  ::std::size_t value;
  _CCM_API explicit constexpr aligned_size_t(::std::size_t __s) : value(__s) {}
  _CCM_API constexpr operator ::std::size_t() const { return value; }
};

// What memcpy_async returns: whether the copy was made asynchronous with respect to the barrier.
enum class async_contract_fulfillment { none, async };

template <thread_scope _Sco, class _CompletionF = ::cuda::std::__empty_completion> class barrier;
template <thread_scope _Scope> class pipeline;
} // namespace cuda

#endif // __COOPCHECK_MODEL_LIBCUDACXX_H
