// cg-divergent-collective and what values are: thread coordinates that cancel, loads through the
// read-only cache, what a helper stores through its reference parameters, variables a lambda only
// reads, and threads that skip a block barrier and leave without touching what it orders.
//
// Negatives: a loop bound that moves with the thread's start, a tile's first element, a flag
// read with __ldg at a block-uniform row, a block's range from a helper's out-parameters, a loop
// counter captured by reference in a lambda that reads it, a slice a closure called in place
// sets, a row a helper advances on some paths, a flag a helper elects into shared memory by
// reference before a barrier, a recursive helper's result, threads past the data that skip the
// barrier and leave, a last-block flag placed in dynamic shared memory after what the threads
// filled in, columns of whole warps under a bound that is a multiple of the warp, coordinates a
// helper fills field by field from the block's index, channels a kernel traps unless they come in
// whole rows, a loop strided by 512 threads in kernels whose launch bounds or launches keep blocks
// at 512, a flag a helper elects through a pointer to its block's shared memory.
// Positives: a bound that does not move with the thread, a per-thread __ldg, a per-thread range
// from the same helper, a lambda that writes what it captures, the closure storing per thread,
// a captured variable changed before the call, a closure handed on, a per-thread row, the
// recursive helper given the thread index, a per-thread slot of that shared memory, threads past
// the data that skip the barrier and then read the shared memory it orders, the columns under
// any other bound, a field filled from the thread's index, the channels without that guard, the
// strided loop in a kernel launched with 1024 threads, the helper reading its own slot.

// The counter starts at the thread's element and the bound moves with it: equal trip counts.
__global__ void bound_moves_with_the_thread(const float *in, float *out, int start, int end,
                                            int stride) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  for (int t = start + tid; t < end + tid; t += stride) {
    __syncthreads();
    tile[tid] = in[t];
    __syncthreads();
    out[t] = tile[255 - tid];
  }
}

// The bound stays: threads that start later make fewer trips.
__global__ void bound_stays(const float *in, float *out, int start, int end) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  for (int t = start + tid; t < end; t += 256) {
    __syncthreads(); // expected-error {{trip count differs between threads of the block}}
    tile[tid] = in[t];
    out[t] = tile[tid]; // expected-note@-3 {{this condition differs between threads of the block}}
  }
}

// A tile's first element: the thread index added and taken away again.
__global__ void first_element_of_the_tile(float *data, int n, int k) {
  __shared__ float s[256];
  int j = blockIdx.x * blockDim.x + k * gridDim.x * blockDim.x + threadIdx.x;
  if (j - (int)threadIdx.x < n) {
    s[threadIdx.x] = data[j];
    __syncthreads();
    data[j] = s[(threadIdx.x + 1) % blockDim.x];
  }
}

// Twice the thread index less once is the thread index still.
__global__ void half_cancelled(float *data, int n) {
  __shared__ float s[256];
  int j = 2 * (int)threadIdx.x + n;
  if (j - (int)threadIdx.x < n + 16) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = data[j];
    __syncthreads(); // expected-error {{reached only by threads for which 'j - (int)threadIdx.x < n + 16' holds}}
  }
  data[threadIdx.x] = s[255 - threadIdx.x];
}

// A flag read through the read-only cache at the block's row is the block's.
__global__ void row_flag_through_the_read_only_cache(float *out, const float *in,
                                                     const float *flag, int n) {
  __shared__ float s;
  for (int row = blockIdx.x; row < n; row += gridDim.x) {
    if (__ldg(flag + row) < 0.5f)
      continue;
    if (threadIdx.x == 0)
      s = in[row];
    __syncthreads();
    out[row * blockDim.x + threadIdx.x] = s;
    __syncthreads();
  }
}

// At each thread's own address it is the thread's.
__global__ void own_flag_through_the_read_only_cache(float *out, const float *flag) {
  __shared__ float s[256];
  if (__ldg(flag + threadIdx.x) < 0.5f) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = out[threadIdx.x];
    __syncthreads(); // expected-error {{reached only by threads for which '__ldg(flag + threadIdx.x) < 0.5f' holds}}
  }
  out[threadIdx.x] = s[255 - threadIdx.x];
}

// A helper's out-parameters: the block's share of the rows, or a thread's.
__device__ void share_of(int n, int parts, int part, int &begin, int &end) {
  int per = (n + parts - 1) / parts;
  begin = part * per;
  end = min(n, begin + per);
}

__global__ void rows_of_the_block(float *v, int n) {
  __shared__ float s[256];
  int b, e;
  share_of(n, gridDim.x, blockIdx.x, b, e);
  for (int i = b; i < e; ++i) {
    s[threadIdx.x] = v[i * blockDim.x + threadIdx.x];
    __syncthreads();
    v[i * blockDim.x + threadIdx.x] = s[255 - threadIdx.x];
    __syncthreads();
  }
}

__global__ void rows_of_the_thread(float *v, int n) {
  int b, e;
  share_of(n, blockDim.x, threadIdx.x, b, e);
  for (int i = b; i < e; ++i) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{trip count differs between threads of the block ('i < e')}}
  v[threadIdx.x] = 0;
}

// A loop counter a lambda captures by reference and only reads stays the block's.
template <int Warps> __global__ void read_by_a_lambda(float *out, const float *in) {
  __shared__ float s[Warps][32];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  auto each = [&](auto fn) { fn(warp, lane); };
  s[warp][lane] = in[threadIdx.x];
  for (int w = Warps / 2; w > 0; w /= 2) {
    __syncthreads();
    each([&](int k, int j) {
      if (k < w)
        s[k][j] += s[k + w][j];
    });
  }
  if (warp == 0)
    out[lane] = s[0][lane];
}
template __global__ void read_by_a_lambda<8>(float *, const float *);

// One that writes it makes it the lambda's: here, each thread's.
__global__ void written_by_a_lambda(float *out) {
  int trips = 4;
  auto shorten = [&] { trips = threadIdx.x % 4; };
  shorten();
  for (int t = 0; t < trips; ++t) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{trip count differs between threads of the block ('t < trips')}}
  out[threadIdx.x] = 0;
}

// A closure kept in a local and called in place defines what it changes at each call: here the
// block's slice, set from blockIdx and parameters, and left as it was on the path that returns.
__global__ void slice_set_by_a_closure(const int *starts, float *out, int tiles, int per_block) {
  int iters;
  int count = 0;
  auto next_slice = [&] {
    iters = starts[blockIdx.x] * per_block;
    if (iters < 0)
      iters = 0;
    if (iters == 0)
      return;
    count = tiles / per_block;
  };
  next_slice();
  while (iters) {
    __syncthreads();
    if (--iters == 0) {
      if (count > 1)
        __syncthreads();
      next_slice();
    }
  }
  out[threadIdx.x] = 0;
}

// The same closure storing under a per-thread condition gives each thread its own slice.
__global__ void slice_cut_per_thread(const int *starts, float *out, int per_block) {
  int iters;
  auto next_slice = [&] {
    iters = starts[blockIdx.x] * per_block;
    if (threadIdx.x >= 32)
      iters = 0;
  };
  next_slice();
  if (iters) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{reached only by threads for which 'iters' holds}}
  out[threadIdx.x] = 0;
}

// A closure that reads a variable captured by reference reads it as it is at the call.
__global__ void captured_changed_before_the_call(float *out, int n) {
  int t = 0;
  auto current = [&] { return t; };
  t = threadIdx.x; // expected-note@+1 {{this condition differs between threads of the block}}
  if (current())
    __syncthreads(); // expected-error {{reached only by threads for which 'current()' holds}}
  out[threadIdx.x] = 0;
}

// A closure handed to another function may be called anywhere: what it changes varies.
template <class F> __device__ void run_it(F f) { f(); }
__global__ void closure_handed_on(float *out, int n) {
  int trips = 0;
  auto set = [&] { trips = n; };
  run_it(set);
  for (int t = 0; t < trips; ++t) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{trip count differs between threads of the block ('t < trips')}}
  out[threadIdx.x] = 0;
}

// A helper that stores through a reference parameter on some paths leaves the caller's value on
// the others; each variable the call is given gets only what is stored to it.
__device__ bool advance(int &row, float &partial, int limit) {
  partial += threadIdx.x;
  if (limit <= 0)
    return false;
  row = row + limit;
  return true;
}
__global__ void row_advanced_on_some_paths(float *out, int rows, int limit) {
  int row = blockIdx.x;
  float partial = 0;
  while (row < rows) {
    __syncthreads();
    if (!advance(row, partial, limit))
      break;
  }
  out[threadIdx.x] = partial;
}

// The same helper called with a per-thread starting row keeps it per-thread.
__global__ void row_per_thread(float *out, int rows, int limit) {
  int row = threadIdx.x;
  float partial = 0;
  advance(row, partial, limit);
  if (row < rows) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{reached only by threads for which 'row < rows' holds}}
  out[threadIdx.x] = partial;
}

// A helper with a barrier may be given shared memory by reference: one thread's store, then the
// barrier, gives every thread the same flag.
__device__ void elect_flag(int &flag, const int *in) {
  if (threadIdx.x == 0)
    flag = in[blockIdx.x];
  __syncthreads();
  if (flag)
    __syncthreads();
}
__global__ void flag_elected_in_shared(const int *in) {
  __shared__ int flag;
  elect_flag(flag, in);
}

// A recursive helper returns what its arguments make it: the block's when they are.
__device__ int larger_power(int value, int guess = 1) {
  return guess >= value ? guess : larger_power(value, guess << 1);
}
__global__ void width_from_recursion(float *out, int width) {
  if (larger_power(width) == 4)
    __syncthreads();
  if (larger_power(threadIdx.x) == 4) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{reached only by threads for which 'larger_power(threadIdx.x) == 4' holds}}
  out[threadIdx.x] = 0;
}

// Threads past the data skip the barrier and leave, touching nothing it orders (probe P2).
__global__ void past_the_data_leave(float *out, const float *in, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    s[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = s[255 - threadIdx.x];
  }
}

// The threads past the data skip the barrier and then read what it orders: a race (probe P21).
__global__ void skipped_then_read(float *out, const float *in, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // expected-note {{this condition differs between threads of the block}}
    s[threadIdx.x] = in[i];
    __syncthreads(); // expected-error {{reached only by threads for which 'i < n' holds}}
  }
  out[i] = s[255 - threadIdx.x];
}

// Where a flag lies in shared memory is the array's address plus a block-wide offset, however
// the threads filled the array before placing it: the last block's flag is the block's.
__global__ void last_block_flag_placed_after_the_data(unsigned *done, int n) {
  extern __shared__ float smem[];
  __shared__ int count;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    smem[i] = 0.f;
  count = threadIdx.x;
  unsigned *last = (unsigned *)(smem + n);
  unsigned *mine = (unsigned *)(smem + n + threadIdx.x);
  int *counter = &count;
  __syncthreads();
  if (threadIdx.x == 0) {
    *last = atomicInc(done, gridDim.x);
    *counter = 0;
  }
  __syncthreads();
  if (*last == gridDim.x - 1)
    __syncthreads();
  if (*counter == 0)
    __syncthreads();
  if (*mine == 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{reached only by threads for which '*mine == 0' holds}}
}

// Columns of whole warps: each lane starts at its block's first column plus the lane and steps
// by whole warps; with a bound that is a multiple of the warp every lane of the block makes the
// same trips, with any other bound the last trip leaves some lanes out (which then read the
// shared tile, so their leaving excuses nothing).
__global__ void columns_of_whole_warps(float *out, const float *in, int warps) {
  __shared__ float s[256];
  const int lane = threadIdx.x % 32;
  for (int col = blockIdx.x * 32 + lane; col < warps * 32; col += gridDim.x * 32) {
    s[threadIdx.x] = in[col];
    __syncthreads();
    out[col] = s[255 - threadIdx.x];
    __syncthreads();
  }
  for (int col = blockIdx.x * 32 + lane; col < warps; col += gridDim.x * 32) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{is in a loop whose trip count differs between threads of the block ('col < warps')}}
  out[threadIdx.x] = s[threadIdx.x];
}

// A helper filling the caller's coordinates field by field leaves them what it stores: the
// block's when it stores the block's, each thread's when it stores the thread's.
struct TileCoordinates {
  unsigned x, y;
  int trips[2];
};
__device__ void block_tile(const uint2 &origin, unsigned step, TileCoordinates &tile) {
  tile.x = origin.x + blockIdx.x * step;
  tile.y = origin.y + blockIdx.y * step;
  tile.trips[1] = 4;
  if (tile.y > 1000)
    tile.y = 1000;
}
__device__ void thread_tile(TileCoordinates &tile) { tile.x = threadIdx.x; }
__global__ void tiles_filled_by_parts(float *data, uint2 origin, unsigned step, unsigned limit) {
  TileCoordinates block;
  block_tile(origin, step, block);
  if (block.y < limit)
    __syncthreads();
  for (int k = 0; k < block.trips[1]; ++k)
    __syncthreads();
  TileCoordinates mine;
  thread_tile(mine);
  if (mine.x < limit) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{reached only by threads for which 'mine.x < limit' holds}}
  data[threadIdx.x] = 0;
}

// A kernel that traps unless the channels come in whole rows of 256: the last trip leaves every
// lane at once. Without that guard, lanes past the channels leave a trip early.
__global__ void channels_in_whole_rows(float *out, int channels) {
  if (channels % 256 != 0)
    __trap();
  __shared__ float partial[256];
  const int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; ++i) {
    int channel = lane * 8 + i * 256;
    if (channel >= channels)
      break;
    partial[threadIdx.x] = out[channel];
    __syncthreads();
  }
}
__global__ void channels_unguarded(float *out, int channels) {
  __shared__ float partial[256];
  const int lane = threadIdx.x % 32;
  for (int i = 0; i < 64; ++i) {
    int channel = lane * 8 + i * 256;
    if (channel >= channels) // expected-note {{this condition differs between threads of the block}}
      break;
    partial[threadIdx.x] = out[channel];
    __syncthreads(); // expected-error {{reached only by threads for which 'channel >= channels' does not hold}}
  }
}

// A block-strided loop whose bound is rounded up to whole blocks of 512 threads: every thread
// makes the same trips in blocks of at most 512, as the launch bounds, or every launch in the
// unit, give them; launched with 1024 threads, the upper half starts past the first block (and
// the rows in shared memory keep the threads that finish first from being excused).
__global__ __launch_bounds__(512) void rounded_rows_bounded(float *out, int width) {
  __shared__ float row[512];
  for (int j = threadIdx.x; j < (width + 511) / 512 * 512; j += 512) {
    row[threadIdx.x % 512] = out[j];
    __syncthreads();
  }
}
__global__ void rounded_rows_launched(float *out, int width) {
  __shared__ float row[512];
  for (int j = threadIdx.x; j < (width + 511) / 512 * 512; j += 512) {
    row[threadIdx.x % 512] = out[j];
    __syncthreads();
  }
}
__global__ void rounded_rows_launched_wider(float *out, int width) {
  __shared__ float row[512];
  for (int j = threadIdx.x; j < (width + 511) / 512 * 512; j += 512) { // expected-note {{this condition differs between threads of the block}}
    row[threadIdx.x % 512] = out[j];
    __syncthreads(); // expected-error {{is in a loop whose trip count differs between threads of the block ('j < (width + 511) / 512 * 512')}}
  }
}
void launch_rounded_rows(float *out, int width) {
  rounded_rows_launched<<<4, 512>>>(out, width);
  rounded_rows_launched<<<8, dim3(256)>>>(out, width);
  rounded_rows_launched_wider<<<2, 1024>>>(out, width);
}

// Rows of a block split among its warps, WARPS_N warps to a row: with __launch_bounds__ of
// WARPS_N warps there is one row per block, warp / WARPS_N is 0 in every thread, and every thread
// makes the same trips.
constexpr int WarpsPerRow = 4;
__global__ __launch_bounds__(WarpsPerRow * 32) void one_row_per_block(float *x, int rows) {
  const unsigned warp = threadIdx.x / 32, warp_m = warp / WarpsPerRow;
  for (int row = blockIdx.x + warp_m; row < rows; row += gridDim.x) {
    x[row * 128 + threadIdx.x] *= 2.f;
    __syncthreads();
  }
}

// Twice the threads: two rows per block, and the two halves can make different trips before
// they meet at the barrier after the loop.
__global__ __launch_bounds__(2 * WarpsPerRow * 32) void two_rows_per_block(float *x, int rows) {
  const unsigned warp = threadIdx.x / 32, warp_m = warp / WarpsPerRow;
  for (int row = 2 * blockIdx.x + warp_m; row < rows; row += 2 * gridDim.x) { // expected-note {{this condition differs between threads of the block}}
    x[row * 128 + threadIdx.x % 128] *= 2.f;
    __syncthreads(); // expected-error {{__syncthreads() is in a loop whose trip count differs between threads of the block ('row < rows')}}
  }
  __syncthreads();
}

// A scheduler handed to the body by reference: its `init` fills the caller's tile and calls
// another method that only reads the scheduler's fields, so its split count stays the kernel
// argument's. When a method it calls stores into that field, the count may differ per thread.
template <class T, int N> struct Triple {
  T at[N];
  __device__ T &operator[](int i) { return at[i]; }
};
struct WorkTile {
  int first, count;
};
struct TileScheduler {
  Triple<int, 3> tiles_;
  int chunk_;
  __device__ int locate(Triple<int, 3> &id, int *slot) {
    int found = 0;
    for (int g = threadIdx.x; g < tiles_[0]; g += blockDim.x)
      if (g == id[0]) {
        *slot = g;
        found = 1;
      }
    return __syncthreads_or(found);
  }
  __device__ int init(WorkTile &tile, int *slot) {
    Triple<int, 3> id;
    id[0] = blockIdx.x;
    if (!locate(id, slot))
      return 0;
    tile.first = blockIdx.y * chunk_;
    tile.count = chunk_;
    return 1;
  }
  __device__ void keep_own_split() { tiles_[2] = (int)threadIdx.x % 2; }
  __device__ int init_and_keep(WorkTile &tile, int *slot) {
    keep_own_split();
    return init(tile, slot);
  }
};
__device__ void split_epilogue(TileScheduler &sched, int *slot) {
  WorkTile tile;
  if (!sched.init(tile, slot))
    return;
  if (sched.tiles_[2] > 1)
    __syncthreads();
}
__device__ void split_epilogue_kept(TileScheduler &sched, int *slot) {
  WorkTile tile;
  if (!sched.init_and_keep(tile, slot))
    return;
  if (sched.tiles_[2] > 1) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'sched.tiles_[2] > 1' holds}}
}
__global__ void scheduled(TileScheduler sched) {
  __shared__ int slot;
  split_epilogue(sched, &slot);
}
__global__ void scheduled_kept(TileScheduler sched) {
  __shared__ int slot;
  split_epilogue_kept(sched, &slot);
}

// The tile's step count comes from the split the scheduler found: a helper given the split ids
// by reference only reads them through the array class's operator[], so they stay the block's.
// A pipeline object counts the steps down with a block barrier in each one. When the helper
// moves a split id per thread, the count differs and so do the trips.
struct SplitScheduler {
  int chunk_;
  __device__ int locate(Triple<int, 3> &id, int *slot) {
    int found = 0;
    for (int g = threadIdx.x; g < chunk_; g += blockDim.x)
      if (g == id[0] && id[2] < chunk_) {
        *slot = g;
        found = 1;
      }
    return __syncthreads_or(found);
  }
  __device__ int locate_own(Triple<int, 3> &id, int *slot) {
    id[2] += (int)threadIdx.x & 1;
    return locate(id, slot);
  }
  template <bool Own> __device__ int init(WorkTile &tile, int *slot) {
    Triple<int, 3> id;
    id[0] = blockIdx.x;
    id[2] = blockIdx.z;
    if constexpr (Own) {
      if (!locate_own(id, slot))
        return 0;
    } else if (!locate(id, slot)) {
      return 0;
    }
    tile.count = (chunk_ + int(id[2] >= chunk_)) * 2;
    return 1;
  }
};
struct StagePipeline {
  __device__ void operator()(float &acc, int steps, const float *in) {
    for (; steps > 0; --steps) { // expected-note {{this condition differs between threads of the block}}
      acc += in[threadIdx.x];
      __syncthreads(); // expected-note {{__syncthreads() is called here}}
    }
  }
};
template <bool Own> __device__ void pipelined(SplitScheduler &sched, const float *in, float *out) {
  __shared__ int slot;
  WorkTile tile;
  if (!sched.init<Own>(tile, &slot))
    return;
  float acc = 0.f;
  int steps = tile.count;
  StagePipeline pipeline{};
  pipeline(acc, steps, in);
  out[threadIdx.x] = acc;
}
__global__ void split_pipeline(SplitScheduler sched, const float *in, float *out) {
  pipelined<false>(sched, in, out);
}
__global__ void split_pipeline_own(SplitScheduler sched, const float *in, float *out) {
  __shared__ int slot;
  WorkTile tile;
  float acc = 0.f;
  if (sched.init<true>(tile, &slot))
    StagePipeline{}(acc, tile.count, in); // expected-error {{__syncthreads() (in 'operator()') is in a loop whose trip count differs between threads of the block ('steps > 0')}}
  out[threadIdx.x] = acc;
}

// A block-wide vote through shared memory: each warp's lane 0 stores the warp's vote, and after a
// barrier every warp reduces the same slots, read at its lanes, with a helper whose other arm (a
// butterfly for narrower widths) this instance never takes. Every warp gets the same answer, so
// the loop ends alike in the whole block. Read at the warp's own slot, each warp gets its own.
constexpr int Lanes = 32;
constexpr int lanes_of_the_warp() { return 32; }
template <int width = Lanes> __device__ int warp_all(int x) {
  if (width == lanes_of_the_warp()) {
    return __all_sync(0xffffffff, x);
  } else {
    for (int offset = width / 2; offset > 0; offset >>= 1)
      x = __shfl_xor_sync(0xffffffff, x, offset, width) && x;
    return x;
  }
}
__global__ void __launch_bounds__(1024) mask_extent(const float *mask, int *extent, int tiles) {
  __shared__ int votes[Lanes];
  const int tid = threadIdx.x;
  int tile = tiles - 1;
  for (; tile >= 0; --tile) {
    int all_masked = warp_all(int(isinf(mask[tile * blockDim.x + tid])));
    if (tid % Lanes == 0)
      votes[tid / Lanes] = all_masked;
    __syncthreads();
    all_masked = votes[tid % Lanes];
    __syncthreads();
    all_masked = warp_all(all_masked);
    if (!all_masked)
      break;
  }
  if (tid == 0)
    extent[blockIdx.x] = tile;
}
__global__ void own_warp_masked(const float *mask, float *out) {
  __shared__ int votes[Lanes];
  int all_masked = warp_all(int(isinf(mask[threadIdx.x])));
  if (threadIdx.x % Lanes == 0)
    votes[threadIdx.x / Lanes] = all_masked;
  __syncthreads();
  if (warp_all(votes[threadIdx.x / Lanes])) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'warp_all(votes[threadIdx.x / Lanes])' holds}}
  out[threadIdx.x] = mask[threadIdx.x];
}

// A helper given a pointer to its block's shared flag: thread 0 stores it, a barrier publishes
// it, every thread reads the same word. Read at each thread's own slot, it differs.
__device__ int elect_through_pointer(int *flag, const int *data) {
  if (threadIdx.x == 0)
    *flag = data[blockIdx.x];
  __syncthreads();
  int f = *flag;
  if (f > 0)
    __syncthreads();
  return f;
}

__device__ int slot_through_pointer(int *slots, const int *data) {
  slots[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  int f = slots[threadIdx.x];
  if (f > 0) // expected-note {{this condition differs between threads of the block}}
    __syncthreads(); // expected-error {{__syncthreads() is reached only by threads for which 'f > 0' holds}}
  return f;
}

__global__ void flags_through_pointers(const int *data, int *out) {
  __shared__ int flag;
  __shared__ int slots[256];
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      elect_through_pointer(&flag, data) + slot_through_pointer(slots, data);
}

// Negative: NULL (`__null`) and a value-initialized T() are the same in every thread, like 0.
__global__ void optional_copy(float *out, float *copy, const float *in) {
  out[threadIdx.x] = in[threadIdx.x];
  if (copy != NULL)
    __syncthreads();
  if (in[0] > float())
    return;
  if (copy != NULL)
    copy[threadIdx.x] = out[threadIdx.x];
}
