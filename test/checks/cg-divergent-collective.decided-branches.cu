// cg-divergent-collective and branches whose condition the values decide (issue 29, a
// communication library's barrier session): a status test of a call that returns success on
// every path never takes its error side, so the threads of a per-thread loop that would `goto`
// or `break` past a block barrier on an error all come out of the loop and reach it. The same
// test of a call that can fail still splits the block.
// Positives: the session instantiated with a time-out, whose wait can fail; a helper whose
// status depends on the flag it reads; a status that is success on every path but the loop's
// own per-thread exit still skips the barrier.

enum Status { Ok = 0, TimedOut = 1 };

// ---- helpers ----------------------------------------------------------------------------------

__device__ Status wait_for_flag(volatile int *flag) {
  while (*flag == 0) {
  }
  return Ok;
}

__device__ Status poll_flag(volatile int *flag) { return *flag ? Ok : TimedOut; }

// A barrier session: signal each peer, wait for its answer, and order the block around it.
template <bool WithTimeout>
__device__ Status exchange(volatile int *flags, int peers, long long budget) {
  Status status = Ok;
  long long start = clock64();
  auto signal_and_wait = [&](int peer) -> Status {
    if constexpr (WithTimeout) {
      while (flags[peer] == 0)
        if (clock64() - start >= budget)
          return TimedOut;
    } else {
      wait_for_flag(flags + peer);
    }
    return Ok;
  };
  __syncthreads();
  for (int i = threadIdx.x; i < peers; i += blockDim.x)
    if ((status = signal_and_wait(i)) != Ok) // expected-note {{this condition differs between threads of the block}}
      goto done;
  __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which '(status = signal_and_wait(i)) != Ok' does not hold; every thread of the block must call it}}
  goto done;
done:
  __syncthreads();
  return status;
}

// ---- negatives --------------------------------------------------------------------------------

// N1. The helper returns success on every path: no thread leaves the loop by the `goto`.
__global__ void wait_for_every_peer(volatile int *flags, int peers, float *out) {
  __syncthreads();
  for (int i = threadIdx.x; i < peers; i += blockDim.x)
    if (wait_for_flag(flags + i) != Ok)
      goto done;
  __syncthreads();
  out[threadIdx.x] = 1.0f;
done:
  out[blockIdx.x] = 0.0f;
}

// N2. The session without a time-out: its closure returns success on every path, and the status
// is tested where it is stored.
__global__ void session_without_timeout(volatile int *flags, int peers) {
  exchange<false>(flags, peers, 0);
}

// N3. A `break` on the status of a helper that cannot fail.
__global__ void break_on_status(volatile int *flags, int peers, float *out) {
  Status last = Ok;
  for (int i = threadIdx.x; i < peers; i += blockDim.x) {
    last = wait_for_flag(flags + i);
    if (last != Ok)
      return;
  }
  __syncthreads();
  out[threadIdx.x] = static_cast<float>(last);
}

// ---- positives --------------------------------------------------------------------------------

// P1. The session with a time-out: a thread whose peer does not answer in time skips the barrier
// after the loop (reported in the session, above).
__global__ void session_with_timeout(volatile int *flags, int peers, long long budget) {
  exchange<true>(flags, peers, budget);
}

// P2. The status depends on the flag each thread reads.
__global__ void poll_every_peer(volatile int *flags, int peers, float *out) {
  __syncthreads();
  for (int i = threadIdx.x; i < peers; i += blockDim.x)
    if (poll_flag(flags + i) != Ok) // expected-note {{this condition differs between threads of the block}}
      goto done;
  __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'poll_flag(flags + i) != Ok' does not hold; every thread of the block must call it}}
  out[threadIdx.x] = 1.0f;
done:
  out[blockIdx.x] = 0.0f;
}

// P3. The status test is decided, but the barrier is inside the per-thread loop, and the threads
// that finish first wait at the next one.
__global__ void barrier_inside_loop(volatile int *flags, int peers, float *out) {
  for (int i = threadIdx.x; i < peers; i += blockDim.x) { // expected-note {{this condition differs between threads of the block}}
    if (wait_for_flag(flags + i) != Ok)
      break;
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('i < peers'); every thread of the block must call it the same number of times}}
  }
  __syncthreads();
  out[threadIdx.x] = 1.0f;
}
