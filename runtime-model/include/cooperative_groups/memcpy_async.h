// Model of <cooperative_groups/memcpy_async.h>: collective asynchronous copies by any group and
// the waits that complete them. Sizes may be size_t or any type convertible to it (such as
// cuda::aligned_size_t<N>).
#ifndef __COOPCHECK_MODEL_CG_MEMCPY_ASYNC_H
#define __COOPCHECK_MODEL_CG_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

namespace nvcuda {
namespace experimental {
class pipeline; // cuda_pipeline.h
}
} // namespace nvcuda

_CGM_BEGIN_NAMESPACE

// Copies count bytes from src to dst.
template <typename TyGroup, typename TyElem, typename TySizeT>
_CGM_QUALIFIER void memcpy_async(const TyGroup &group, TyElem *__restrict__ dst,
                                 const TyElem *__restrict__ src, const TySizeT &count) {
  const details::group_desc &g = details::factory::desc(group);
  __cgm_group_memcpy_async(g.kind, g.tile_size, g.mask, dst, src,
                           static_cast<unsigned long long>(static_cast<size_t>(count)));
}

// Copies the smaller of the two layouts, counted in elements.
template <typename TyGroup, typename TyElem, typename TyDstLayout, typename TySrcLayout>
_CGM_QUALIFIER void memcpy_async(const TyGroup &group, TyElem *__restrict__ dst,
                                 const TyDstLayout &dstLayout, const TyElem *__restrict__ src,
                                 const TySrcLayout &srcLayout) {
  const size_t dstCount = static_cast<size_t>(dstLayout);
  const size_t srcCount = static_cast<size_t>(srcLayout);
  const details::group_desc &g = details::factory::desc(group);
  __cgm_group_memcpy_async(g.kind, g.tile_size, g.mask, dst, src,
                           (dstCount < srcCount ? dstCount : srcCount) * sizeof(TyElem));
}

template <typename TyGroup> _CGM_QUALIFIER void wait(const TyGroup &group) {
  const details::group_desc &g = details::factory::desc(group);
  __cgm_group_wait(g.kind, g.tile_size, g.mask);
}

// Waits until at most NumStages of the group's latest copies are still in flight.
template <unsigned int NumStages, typename TyGroup>
_CGM_QUALIFIER void wait_prior(const TyGroup &group) {
  const details::group_desc &g = details::factory::desc(group);
  __cgm_group_wait_prior(g.kind, g.tile_size, g.mask, NumStages);
}

// The CUDA 11 forms over an nvcuda::experimental::pipeline (cuda_pipeline.h), deprecated in the
// toolkit: the same model functions as above (the pipeline's batch is the group's batch, and
// wait(group, pipe, stage) waits for all of the group's copies).
template <class TyGroup, class TyElem>
_CGM_QUALIFIER void memcpy_async(TyGroup &group, TyElem *dst, size_t dstCount, const TyElem *src,
                                 size_t srcCount, nvcuda::experimental::pipeline &pipe) {
  const details::group_desc &g = details::factory::desc(group);
  __cgm_group_memcpy_async(g.kind, g.tile_size, g.mask, dst, src,
                           (dstCount < srcCount ? dstCount : srcCount) * sizeof(TyElem));
}

template <unsigned int Stage, class TyGroup>
_CGM_QUALIFIER void wait_prior(TyGroup &group, nvcuda::experimental::pipeline &pipe) {
  const details::group_desc &g = details::factory::desc(group);
  __cgm_group_wait_prior(g.kind, g.tile_size, g.mask, Stage);
}

template <class TyGroup>
_CGM_QUALIFIER void wait(TyGroup &group, nvcuda::experimental::pipeline &pipe, size_t stage) {
  const details::group_desc &g = details::factory::desc(group);
  __cgm_group_wait(g.kind, g.tile_size, g.mask);
}

_CGM_END_NAMESPACE

#endif // __COOPCHECK_MODEL_CG_MEMCPY_ASYNC_H
