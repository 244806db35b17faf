// cg-divergent-collective and memory handed to a call that only reads it (issue 29, a
// communication library's peer barrier): a pointer given for a parameter that points to const
// converts on the way, and the callee cannot store through it. Such a call leaves the memory as
// it was, so a flag read through a helper at the block's index stays the block's, and a device
// function may leave early on it before its block barriers.
// A helper that takes the pointer as writable but only reads through it, or hands it on to one
// that only reads, leaves the memory as it was too.
// Positives: a helper that takes the pointer as writable and stores through it per thread, or a
// caller that stores per thread itself, with no barrier before the read; a loop whose helper
// clears a flag that other blocks read.

// ---- helpers ----------------------------------------------------------------------------------

// An acquire load, as communication libraries write it in PTX.
__device__ __forceinline__ int load_acquire(const int *address) {
  int value;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(value) : "l"(address));
  return value;
}

// Takes a writable pointer and passes it on to a reader.
__device__ bool excluded(int *active, int rank) {
  if (active == nullptr)
    return false;
  return load_acquire(active + rank) == 0;
}

// Takes the flags as writable and clears one of them, from the block's first thread.
__device__ void retire(int *active, int rank) {
  if (threadIdx.x == 0)
    active[rank] = 0;
}

// Stores through the pointer it is given, each thread in its own slot.
__device__ bool claimed(int *slots, int rank) {
  slots[threadIdx.x] = rank;
  return slots[rank] != 0;
}

// ---- negatives --------------------------------------------------------------------------------

// N1. A block leaves a barrier early when its rank is excluded; the test reads the flags through
// two helpers that only load. A thread marks a late peer once every thread has counted.
__device__ void peer_barrier(int rank, int peers, int *active, int *counters) {
  if (excluded(active, rank))
    return;
  if (threadIdx.x == 0)
    atomicAdd(counters + rank, -1);
  __syncthreads();
  if (threadIdx.x < peers && !excluded(active, threadIdx.x) && counters[threadIdx.x] > 0)
    atomicExch(active + threadIdx.x, 0);
  __syncthreads();
}

__global__ void clear_buffers(int *active, int *counters, int *buffer, int count, int peers,
                              int rank) {
  peer_barrier(rank, peers, active, counters);
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    buffer[i] = 0;
  peer_barrier(rank, peers, active, counters);
}

// N2. A kernel tests its block's flag after handing the array to a reader.
__global__ void read_then_test(int *flags, int *out) {
  out[blockIdx.x] = load_acquire(flags);
  if (flags[blockIdx.x] > 0)
    __syncthreads();
}

// N3. A loop skips the excluded peers, asking a helper that takes the flags as writable but only
// reads them: nothing in the kernel stores to them.
__global__ void gather_from_peers(int *active, float *out, int peers) {
  for (int peer = 0; peer < peers; ++peer) {
    if (excluded(active, peer))
      continue;
    out[threadIdx.x] += 1.0f;
    __syncthreads();
  }
}

// ---- positives --------------------------------------------------------------------------------

// P1. The helper stores per thread through the pointer: what it returns differs between threads.
__global__ void claim_then_test(int *slots, int *out) {
  if (claimed(slots, blockIdx.x)) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'claimed(slots, blockIdx.x)' holds; every thread of the block must call it}}
  out[blockIdx.x] = slots[0];
}

// P2. The reader only loads, but the caller stored per thread just before.
__device__ void store_then_leave(int *active, int rank) {
  active[threadIdx.x] = int(threadIdx.x);
  if (excluded(active, rank)) // expected-note {{this condition differs between threads of the block}}
    return;
  __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'excluded(active, rank)' does not hold; every thread of the block must call it}}
}

__global__ void leave_after_store(int *active, int rank) { store_then_leave(active, rank); }

// P3. The same loop retires the next peer on its way: another block may clear the flag while
// this block's threads read it.
__global__ void retire_while_gathering(int *active, float *out, int peers) {
  for (int peer = 0; peer < peers; ++peer) {
    if (excluded(active, peer)) // expected-note {{this condition differs between threads of the block}}
      continue;
    out[threadIdx.x] += 1.0f;
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'excluded(active, peer)' does not hold; every thread of the block must call it}}
    retire(active, peer + 1);
  }
}
