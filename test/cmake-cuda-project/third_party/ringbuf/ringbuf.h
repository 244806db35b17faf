// A vendored header, included as a system header so its warnings stay out of the build.
#pragma once

template <typename T, int N> struct RingBuffer {
  T Items[N];
  int Head = 0;
  __host__ __device__ void push(T Value) { Items[Head++ % N] = Value; }
};
