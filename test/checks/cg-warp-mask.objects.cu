// cg-warp-mask and the fields of objects: what a constructor and the methods called on an object
// leave in each of its fields, followed field by field.
//
// Negatives: a loop over a range a method copies from shared memory after a PTX named barrier
// (the way communication kernels keep a channel's state in a per-thread object), calling a
// method whose full-mask vote waits for the whole warp; a warp index field guarding a full-mask
// shuffle.
// Positives: the same loop over a range each lane reads from its own slot; a lane field guarding
// the shuffle; a functor's call operator that sums over the warp, called by part of it.

struct Bounds {
  int start, end;
};

__device__ inline void group_barrier(int id, int threads) {
  asm volatile("barrier.sync.aligned %0, %1;" ::"r"(id), "r"(threads) : "memory");
}

class Receiver {
  int const tid;
  int const lane;
  int const warp;
  int const group;
  int const chunk;
  Bounds *shared;
  int start;
  int end;

  __device__ void barrier() { group_barrier(1 + group, blockDim.x); }

public:
  __device__ Receiver(Bounds *s, int chunk)
      : tid(threadIdx.x), lane(threadIdx.x % 32), warp(threadIdx.x / 32), group(threadIdx.y),
        chunk(chunk), shared(s) {}

  __device__ void load(const int *offsets) {
    if (tid == 0) {
      shared->start = offsets[blockIdx.x];
      shared->end = offsets[blockIdx.x + 1];
    }
    barrier();
    start = shared->start;
    end = shared->end;
  }

  __device__ bool wait_ready(const int *flags) {
    bool pending;
    do {
      pending = flags[tid] == 0;
    } while (__any_sync(0xffffffffu, pending));
    return true;
  }

  __device__ void receive(const int *flags) {
    while (start < end) {
      wait_ready(flags);
      start = min(start + chunk, end);
      barrier();
    }
  }

  __device__ void warp_sum(float *out) {
    if (warp < 2) {
      float v = out[tid];
      v += __shfl_xor_sync(0xffffffffu, v, 1);
      out[tid] = v;
    }
  }

  __device__ void half_warp_sum(float *out) {
    float v = out[tid];
    if (lane < 16) // expected-note {{this condition differs between lanes of a warp}}
      v += __shfl_xor_sync(0xffffffffu, v, 1); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
    out[tid] = v;
  }
};

__global__ void receive_block_range(const int *offsets, const int *flags, float *out, int chunk) {
  __shared__ Bounds slots[4];
  Receiver r(&slots[threadIdx.y], chunk);
  r.load(offsets);
  r.receive(flags);
  r.warp_sum(out);
}

// Each lane reads its own range: the lanes make different numbers of trips.
class LaneReceiver {
  int const tid;
  int start;
  int end;

public:
  __device__ LaneReceiver() : tid(threadIdx.x) {}

  __device__ void load(const int *offsets) {
    start = offsets[blockIdx.x * blockDim.x + tid];
    end = offsets[blockIdx.x * blockDim.x + tid + 1];
  }

  __device__ void receive(const int *flags) {
    while (start < end) { // expected-note {{this condition differs between lanes of a warp}}
      bool pending;
      do {
        pending = flags[tid] == 0;
      } while (__any_sync(0xffffffffu, pending)); // expected-error {{the mask 0xffffffff names lanes that may not reach this call}}
      ++start;
    }
  }
};

__global__ void receive_lane_range(const int *offsets, const int *flags) {
  LaneReceiver r;
  r.load(offsets);
  r.receive(flags);
}

__global__ void half_warp(float *out, int chunk) {
  __shared__ Bounds slots[4];
  Receiver r(&slots[threadIdx.y], chunk);
  r.half_warp_sum(out);
}

// P3. A functor whose call operator sums over the whole warp, called only by the lanes below a
// per-block count: the message names the operator.
struct WarpSum {
  __device__ float operator()(float v) const {
    for (int offset = 16; offset > 0; offset /= 2)
      v += __shfl_xor_sync(0xffffffff, v, offset); // expected-note {{__shfl_xor_sync is called here}}
    return v;
  }
};

__global__ void partial_functor_sum(float *out, int count) {
  WarpSum sum;
  if (threadIdx.x < count) // expected-note {{this condition differs between lanes of a warp}}
    out[threadIdx.x] = sum(out[threadIdx.x]); // expected-error {{'operator()' calls __shfl_xor_sync with the mask 0xffffffff, but a condition that differs between lanes decides which lanes reach this call}}
}
