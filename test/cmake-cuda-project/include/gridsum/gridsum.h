// Public interface of the gridsum library.
#pragma once
#include <cstddef>

#ifndef GRIDSUM_BLOCK
#error "GRIDSUM_BLOCK must come from the build system"
#endif

/// Sums N floats with one cooperative launch; returns the CUDA error code (0 on success).
int gridSum(const float *In, float *Out, std::size_t N);

__global__ void gridSumKernel(const float *In, float *Partial, float *Out, std::size_t N);
