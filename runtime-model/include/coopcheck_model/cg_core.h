// The cooperative-groups API (CUDA 12 spelling, plus the few HIP spellings) over the model
// functions of cgm.h. A group object only carries a descriptor (details::group_desc); every
// operation that does something at run time calls one __cgm_* function with that descriptor and
// its operands, and nothing else, so the executor alone decides membership, ranks and barriers.
// Size and shape checks that the toolkit makes with static_assert are left out on purpose: the
// cg-tile-size and cg-shuffle-type rules report those, which needs the code to parse.
#ifndef __COOPCHECK_MODEL_CG_CORE_H
#define __COOPCHECK_MODEL_CG_CORE_H

#include "cgm.h"

#define _CGM_QUALIFIER __device__ __forceinline__
#define _CGM_STATIC_QUALIFIER static __device__ __forceinline__

// CUDA declares the API in cooperative_groups::__v1 and brings it into cooperative_groups with a
// using-directive; libcu++ forward-declares thread_block and thread_block_tile there, so any other
// layout makes cooperative_groups::thread_block ambiguous. The directive comes first, so that
// cooperative_groups::name works inside the headers too. HIP and MXMACA declare the API in
// cooperative_groups itself.
#if defined(__COOPCHECK_MODEL_HIP__) || defined(__COOPCHECK_MODEL_MACA__)
#define _CGM_BEGIN_NAMESPACE namespace cooperative_groups {
#define _CGM_END_NAMESPACE }
#else
// The constraint of a pointer operand of inline asm (64-bit hosts), which code that copies the
// toolkit's own asm names.
#define _CG_ASM_PTR_CONSTRAINT "l"
#define _CGM_BEGIN_NAMESPACE                                                                       \
  namespace cooperative_groups {                                                                   \
  namespace __v1 {}                                                                                \
  using namespace __v1;                                                                            \
  namespace __v1 {
#define _CGM_END_NAMESPACE                                                                         \
  }                                                                                                \
  }
#endif

_CGM_BEGIN_NAMESPACE

namespace details {
// Group kinds, the values get_type() returns and the model functions receive. 1-4 and 6 are
// CUDA's ids; 5 (CUDA's multi_tile_group_id) denotes every tiled partition of a block or tile here.
constexpr unsigned int coalesced_group_id = 1;
constexpr unsigned int multi_grid_group_id = 2;
constexpr unsigned int grid_group_id = 3;
constexpr unsigned int thread_block_id = 4;
constexpr unsigned int tile_group_id = 5;
constexpr unsigned int cluster_group_id = 6;

// What a group object holds; see cgm.h for the meaning of tile_size and mask.
struct group_desc {
  unsigned int kind;
  unsigned int tile_size;
  unsigned long long mask;
  unsigned int meta_rank;
  unsigned int meta_size;
};

template <class T> struct remove_qual { typedef T type; };
template <class T> struct remove_qual<const T> { typedef T type; };
template <class T> struct remove_qual<volatile T> { typedef T type; };
template <class T> struct remove_qual<const volatile T> { typedef T type; };
template <class T> struct remove_qual<T &> : remove_qual<T> {};
template <class T> struct remove_qual<T &&> : remove_qual<T> {};

// Raw storage for a value of any type (no default constructor needed).
template <class T> struct storage {
  alignas(T) unsigned char bytes[sizeof(T)];
  _CGM_QUALIFIER T &value() { return *reinterpret_cast<T *>(bytes); }
};

// Moves a value through 32/64-bit word operations: 8-byte types as one 64-bit word, everything
// else as ceil(size / 4) 32-bit words, zero-padded. The result is moved out of raw storage, so
// that move-only types parse too (cg-shuffle-type reports them).
template <bool Is64> struct word_mover;
template <> struct word_mover<true> {
  template <class T, class F32, class F64>
  _CGM_STATIC_QUALIFIER T move(const T &value, F32, F64 f64) {
    unsigned long long word;
    __builtin_memcpy(&word, &value, sizeof(word));
    word = f64(word);
    storage<T> out;
    __builtin_memcpy(out.bytes, &word, sizeof(word));
    return static_cast<T &&>(out.value());
  }
};
template <> struct word_mover<false> {
  template <class T, class F32, class F64>
  _CGM_STATIC_QUALIFIER T move(const T &value, F32 f32, F64) {
    unsigned int words[(sizeof(T) + 3) / 4] = {};
    __builtin_memcpy(words, &value, sizeof(T));
    for (unsigned int i = 0; i < (sizeof(T) + 3) / 4; ++i)
      words[i] = f32(words[i]);
    storage<T> out;
    __builtin_memcpy(out.bytes, words, sizeof(T));
    return static_cast<T &&>(out.value());
  }
};
template <class T, class F32, class F64>
_CGM_QUALIFIER T move_words(const T &value, F32 f32, F64 f64) {
  return word_mover<sizeof(T) == 8>::move(value, f32, f64);
}

// The bits of a match operand, zero-extended.
template <class T> _CGM_QUALIFIER unsigned long long value_bits(const T &value) {
  unsigned long long bits = 0;
  __builtin_memcpy(&bits, &value, sizeof(T) < 8 ? sizeof(T) : 8);
  return bits;
}

struct factory;

// Whether the grid barrier's arrival count flipped its top bit since a block arrived: the last
// block to arrive flips it. Code with its own grid barrier (apex's group norm) waits on it.
_CGM_STATIC_QUALIFIER bool bar_has_flipped(unsigned int old_arrive, unsigned int current_arrive) {
  return ((old_arrive ^ current_arrive) & 0x80000000) != 0;
}
} // namespace details

class thread_group;
class thread_block;
class coalesced_group;
template <unsigned int Size, typename ParentT = void> class thread_block_tile;

// The generic group every group converts to; its operations dispatch on the kind at run time.
class thread_group {
  friend struct details::factory;

protected:
  details::group_desc __cg;
  _CGM_QUALIFIER explicit thread_group(const details::group_desc &desc) : __cg(desc) {}

public:
  _CGM_QUALIFIER unsigned long long num_threads() const {
    return __cgm_group_num_threads(__cg.kind, __cg.tile_size, __cg.mask);
  }
  _CGM_QUALIFIER unsigned long long size() const { return num_threads(); }
  _CGM_QUALIFIER unsigned long long thread_rank() const {
    return __cgm_group_thread_rank(__cg.kind, __cg.tile_size, __cg.mask);
  }
  _CGM_QUALIFIER void sync() const { __cgm_group_sync(__cg.kind, __cg.tile_size, __cg.mask); }
  _CGM_QUALIFIER bool is_valid() const {
    return __cgm_group_is_valid(__cg.kind, __cg.tile_size, __cg.mask) != 0;
  }
  _CGM_QUALIFIER unsigned int get_type() const { return __cg.kind; }
  // HIP's name for get_type().
  _CGM_QUALIFIER unsigned int cg_type() const { return __cg.kind; }
};

namespace details {
// Builds group objects and reads their descriptors; the group classes befriend it.
struct factory {
  template <class G> _CGM_STATIC_QUALIFIER G make(unsigned int kind) {
    return G(group_desc{kind, 0, 0, 0, 1});
  }
  template <class G>
  _CGM_STATIC_QUALIFIER G make(unsigned int kind, unsigned int tile_size, __cgm_group_info info) {
    return G(group_desc{kind, tile_size, info.mask, info.meta_rank, info.meta_size});
  }
  _CGM_STATIC_QUALIFIER const group_desc &desc(const thread_group &g) { return g.__cg; }
  // A tiled partition of parent; the result is a tile unless parent is a coalesced group.
  template <class G>
  _CGM_STATIC_QUALIFIER G tiled(const thread_group &parent, unsigned int tile_size) {
    const group_desc &p = parent.__cg;
    const bool coalesced = p.kind == coalesced_group_id;
    return make<G>(coalesced ? coalesced_group_id : tile_group_id, coalesced ? 0 : tile_size,
                   __cgm_tiled_partition(p.kind, p.tile_size, p.mask, tile_size));
  }
};
} // namespace details

class multi_grid_group : public thread_group {
  friend struct details::factory;
  _CGM_QUALIFIER explicit multi_grid_group(const details::group_desc &desc) : thread_group(desc) {}

public:
  _CGM_QUALIFIER bool is_valid() const { return __cgm_multi_grid_is_valid() != 0; }
  _CGM_QUALIFIER void sync() const { __cgm_multi_grid_sync(); }
  _CGM_QUALIFIER unsigned long long num_threads() const { return __cgm_multi_grid_num_threads(); }
  _CGM_QUALIFIER unsigned long long size() const { return num_threads(); }
  _CGM_QUALIFIER unsigned long long thread_rank() const { return __cgm_multi_grid_thread_rank(); }
  _CGM_QUALIFIER unsigned int grid_rank() const { return __cgm_multi_grid_grid_rank(); }
  _CGM_QUALIFIER unsigned int num_grids() const { return __cgm_multi_grid_num_grids(); }
};

// Deprecated since CUDA 11.3 and removed in CUDA 13; not marked deprecated here because
// cg-deprecated-multi-grid reports it.
_CGM_QUALIFIER multi_grid_group this_multi_grid() {
  __cgm_this_multi_grid();
  return details::factory::make<multi_grid_group>(details::multi_grid_group_id);
}

class grid_group : public thread_group {
  friend struct details::factory;
  _CGM_QUALIFIER explicit grid_group(const details::group_desc &desc) : thread_group(desc) {}

public:
  using arrival_token = unsigned int;

  _CGM_QUALIFIER bool is_valid() const { return __cgm_grid_is_valid() != 0; }
  _CGM_QUALIFIER void sync() const { __cgm_grid_sync(); }
  _CGM_QUALIFIER arrival_token barrier_arrive() const { return __cgm_grid_barrier_arrive(); }
  _CGM_QUALIFIER void barrier_wait(arrival_token &&token) const { __cgm_grid_barrier_wait(token); }

  _CGM_STATIC_QUALIFIER unsigned long long num_threads() { return __cgm_grid_num_threads(); }
  _CGM_STATIC_QUALIFIER unsigned long long size() { return num_threads(); }
  _CGM_STATIC_QUALIFIER unsigned long long thread_rank() { return __cgm_grid_thread_rank(); }
  _CGM_STATIC_QUALIFIER dim3 dim_threads() { return __cgm_grid_dim_threads(); }
  _CGM_STATIC_QUALIFIER dim3 group_dim() { return dim_threads(); }
  _CGM_STATIC_QUALIFIER dim3 thread_index() { return __cgm_grid_thread_index(); }
  _CGM_STATIC_QUALIFIER unsigned long long num_blocks() { return __cgm_grid_num_blocks(); }
  _CGM_STATIC_QUALIFIER unsigned long long block_rank() { return __cgm_grid_block_rank(); }
  _CGM_STATIC_QUALIFIER dim3 dim_blocks() { return __cgm_grid_dim_blocks(); }
  _CGM_STATIC_QUALIFIER dim3 block_index() { return __cgm_grid_block_index(); }
  _CGM_STATIC_QUALIFIER unsigned long long num_clusters() { return __cgm_grid_num_clusters(); }
  _CGM_STATIC_QUALIFIER unsigned long long cluster_rank() { return __cgm_grid_cluster_rank(); }
  _CGM_STATIC_QUALIFIER dim3 dim_clusters() { return __cgm_grid_dim_clusters(); }
  _CGM_STATIC_QUALIFIER dim3 cluster_index() { return __cgm_grid_cluster_index(); }
};

_CGM_QUALIFIER grid_group this_grid() {
  __cgm_this_grid();
  return details::factory::make<grid_group>(details::grid_group_id);
}

class cluster_group : public thread_group {
  friend struct details::factory;
  _CGM_QUALIFIER explicit cluster_group(const details::group_desc &desc) : thread_group(desc) {}

public:
  struct arrival_token {};

  _CGM_STATIC_QUALIFIER void sync() { __cgm_cluster_sync(); }
  _CGM_STATIC_QUALIFIER arrival_token barrier_arrive() {
    __cgm_cluster_barrier_arrive();
    return arrival_token();
  }
  _CGM_STATIC_QUALIFIER void barrier_wait() { __cgm_cluster_barrier_wait(); }
  _CGM_STATIC_QUALIFIER void barrier_wait(arrival_token &&) { __cgm_cluster_barrier_wait(); }
  _CGM_STATIC_QUALIFIER unsigned int query_shared_rank(const void *addr) {
    return __cgm_cluster_query_shared_rank(addr);
  }
  template <typename T> _CGM_STATIC_QUALIFIER T *map_shared_rank(T *addr, int rank) {
    return static_cast<T *>(
        __cgm_cluster_map_shared_rank(const_cast<void *>(static_cast<const volatile void *>(addr)),
                                      static_cast<unsigned int>(rank)));
  }
  _CGM_STATIC_QUALIFIER unsigned int num_threads() { return __cgm_cluster_num_threads(); }
  _CGM_STATIC_QUALIFIER unsigned int size() { return num_threads(); }
  _CGM_STATIC_QUALIFIER unsigned int thread_rank() { return __cgm_cluster_thread_rank(); }
  _CGM_STATIC_QUALIFIER unsigned int num_blocks() { return __cgm_cluster_num_blocks(); }
  _CGM_STATIC_QUALIFIER unsigned int block_rank() { return __cgm_cluster_block_rank(); }
  _CGM_STATIC_QUALIFIER dim3 block_index() { return __cgm_cluster_block_index(); }
  _CGM_STATIC_QUALIFIER dim3 thread_index() { return __cgm_cluster_thread_index(); }
  _CGM_STATIC_QUALIFIER dim3 dim_blocks() { return __cgm_cluster_dim_blocks(); }
  _CGM_STATIC_QUALIFIER dim3 dim_threads() { return __cgm_cluster_dim_threads(); }
};

_CGM_QUALIFIER cluster_group this_cluster() {
  __cgm_this_cluster();
  return details::factory::make<cluster_group>(details::cluster_group_id);
}

// Shared-memory scratch for multi-warp tiles; needed below sm_80 only. Its content is never
// modelled, only its size mimics the toolkit's.
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {
private:
  alignas(8) char scratch[32 + MaxBlockSize / 32 * 8];
};

class thread_block : public thread_group {
  friend struct details::factory;
  _CGM_QUALIFIER explicit thread_block(const details::group_desc &desc) : thread_group(desc) {}

public:
  struct arrival_token {};

  _CGM_STATIC_QUALIFIER void sync() { __cgm_block_sync(); }
  _CGM_QUALIFIER arrival_token barrier_arrive() const {
    __cgm_block_barrier_arrive();
    return arrival_token();
  }
  _CGM_QUALIFIER void barrier_wait(arrival_token &&) const { __cgm_block_barrier_wait(); }
  _CGM_STATIC_QUALIFIER unsigned int num_threads() { return __cgm_block_num_threads(); }
  _CGM_STATIC_QUALIFIER unsigned int size() { return num_threads(); }
  _CGM_STATIC_QUALIFIER unsigned int thread_rank() { return __cgm_block_thread_rank(); }
  _CGM_STATIC_QUALIFIER dim3 group_index() { return __cgm_block_group_index(); }
  _CGM_STATIC_QUALIFIER dim3 thread_index() { return __cgm_block_thread_index(); }
  _CGM_STATIC_QUALIFIER dim3 dim_threads() { return __cgm_block_dim_threads(); }
  _CGM_STATIC_QUALIFIER dim3 group_dim() { return dim_threads(); }
};

_CGM_QUALIFIER thread_block this_thread_block() {
  __cgm_this_thread_block();
  return details::factory::make<thread_block>(details::thread_block_id);
}

template <unsigned int MaxBlockSize>
_CGM_QUALIFIER thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  __cgm_this_thread_block();
  return details::factory::make<thread_block>(details::thread_block_id);
}

// Threads of a warp that were active when the group was made, or a partition of such a group.
class coalesced_group : public thread_group {
  friend struct details::factory;
  _CGM_QUALIFIER explicit coalesced_group(const details::group_desc &desc) : thread_group(desc) {}

public:
  _CGM_QUALIFIER unsigned int num_threads() const { return __cgm_coalesced_num_threads(__cg.mask); }
  _CGM_QUALIFIER unsigned int size() const { return num_threads(); }
  _CGM_QUALIFIER unsigned int thread_rank() const { return __cgm_coalesced_thread_rank(__cg.mask); }
  // Fixed when the group was made (returned by its creating model function).
  _CGM_QUALIFIER unsigned int meta_group_rank() const { return __cg.meta_rank; }
  _CGM_QUALIFIER unsigned int meta_group_size() const { return __cg.meta_size; }
  _CGM_QUALIFIER void sync() const { __cgm_coalesced_sync(__cg.mask); }

  template <typename T> _CGM_QUALIFIER T shfl(T var, int srcRank) const {
    const unsigned long long m = __cg.mask;
    return details::move_words(
        var, [=](unsigned int w) { return __cgm_coalesced_shfl_u32(m, w, srcRank); },
        [=](unsigned long long w) { return __cgm_coalesced_shfl_u64(m, w, srcRank); });
  }
  template <typename T> _CGM_QUALIFIER T shfl_down(T var, unsigned int delta) const {
    const unsigned long long m = __cg.mask;
    return details::move_words(
        var, [=](unsigned int w) { return __cgm_coalesced_shfl_down_u32(m, w, delta); },
        [=](unsigned long long w) { return __cgm_coalesced_shfl_down_u64(m, w, delta); });
  }
  template <typename T> _CGM_QUALIFIER T shfl_up(T var, int delta) const {
    const unsigned long long m = __cg.mask;
    const unsigned int d = static_cast<unsigned int>(delta);
    return details::move_words(
        var, [=](unsigned int w) { return __cgm_coalesced_shfl_up_u32(m, w, d); },
        [=](unsigned long long w) { return __cgm_coalesced_shfl_up_u64(m, w, d); });
  }
  _CGM_QUALIFIER int any(int predicate) const { return __cgm_coalesced_any(__cg.mask, predicate); }
  _CGM_QUALIFIER int all(int predicate) const { return __cgm_coalesced_all(__cg.mask, predicate); }
  _CGM_QUALIFIER __coopcheck_lanemask_t ballot(int predicate) const {
    return static_cast<__coopcheck_lanemask_t>(__cgm_coalesced_ballot(__cg.mask, predicate));
  }
  template <typename T> _CGM_QUALIFIER __coopcheck_lanemask_t match_any(T value) const {
    return static_cast<__coopcheck_lanemask_t>(
        sizeof(T) == 8 ? __cgm_coalesced_match_any_u64(__cg.mask, details::value_bits(value))
                       : __cgm_coalesced_match_any_u32(
                             __cg.mask, static_cast<unsigned int>(details::value_bits(value))));
  }
  template <typename T> _CGM_QUALIFIER __coopcheck_lanemask_t match_all(T value, int &pred) const {
    return static_cast<__coopcheck_lanemask_t>(
        sizeof(T) == 8
            ? __cgm_coalesced_match_all_u64(__cg.mask, details::value_bits(value), &pred)
            : __cgm_coalesced_match_all_u32(
                  __cg.mask, static_cast<unsigned int>(details::value_bits(value)), &pred));
  }
};

_CGM_QUALIFIER coalesced_group coalesced_threads() {
  return details::factory::make<coalesced_group>(details::coalesced_group_id, 0,
                                                 __cgm_coalesced_threads());
}

// A tile of Size threads: 1..warpSize threads of one warp, or several whole warps (multi-warp
// tiles, 64..1024 threads on CUDA). The ParentT variants derive from the ParentT = void one, so a
// tile converts to thread_block_tile<Size> and to thread_group.
template <unsigned int Size> class thread_block_tile<Size, void> : public thread_group {
  friend struct details::factory;

protected:
  _CGM_QUALIFIER explicit thread_block_tile(const details::group_desc &desc) : thread_group(desc) {}

public:
  static constexpr __host__ __device__ unsigned int num_threads() { return Size; }
  static constexpr __host__ __device__ unsigned int size() { return Size; }
  _CGM_QUALIFIER unsigned int thread_rank() const { return __cgm_tile_thread_rank(Size, __cg.mask); }
  // Fixed when the tile was made (returned by __cgm_tiled_partition).
  _CGM_QUALIFIER unsigned int meta_group_rank() const { return __cg.meta_rank; }
  _CGM_QUALIFIER unsigned int meta_group_size() const { return __cg.meta_size; }
  _CGM_QUALIFIER void sync() const { __cgm_tile_sync(Size, __cg.mask); }

  template <typename T> _CGM_QUALIFIER T shfl(T var, int srcRank) const {
    const unsigned long long m = __cg.mask;
    return details::move_words(
        var, [=](unsigned int w) { return __cgm_tile_shfl_u32(Size, m, w, srcRank); },
        [=](unsigned long long w) { return __cgm_tile_shfl_u64(Size, m, w, srcRank); });
  }
  template <typename T> _CGM_QUALIFIER T shfl_up(T var, unsigned int delta) const {
    const unsigned long long m = __cg.mask;
    return details::move_words(
        var, [=](unsigned int w) { return __cgm_tile_shfl_up_u32(Size, m, w, delta); },
        [=](unsigned long long w) { return __cgm_tile_shfl_up_u64(Size, m, w, delta); });
  }
  template <typename T> _CGM_QUALIFIER T shfl_down(T var, unsigned int delta) const {
    const unsigned long long m = __cg.mask;
    return details::move_words(
        var, [=](unsigned int w) { return __cgm_tile_shfl_down_u32(Size, m, w, delta); },
        [=](unsigned long long w) { return __cgm_tile_shfl_down_u64(Size, m, w, delta); });
  }
  template <typename T> _CGM_QUALIFIER T shfl_xor(T var, unsigned int laneMask) const {
    const unsigned long long m = __cg.mask;
    return details::move_words(
        var, [=](unsigned int w) { return __cgm_tile_shfl_xor_u32(Size, m, w, laneMask); },
        [=](unsigned long long w) { return __cgm_tile_shfl_xor_u64(Size, m, w, laneMask); });
  }
  _CGM_QUALIFIER int any(int predicate) const { return __cgm_tile_any(Size, __cg.mask, predicate); }
  _CGM_QUALIFIER int all(int predicate) const { return __cgm_tile_all(Size, __cg.mask, predicate); }
  _CGM_QUALIFIER __coopcheck_lanemask_t ballot(int predicate) const {
    return static_cast<__coopcheck_lanemask_t>(__cgm_tile_ballot(Size, __cg.mask, predicate));
  }
  template <typename T> _CGM_QUALIFIER __coopcheck_lanemask_t match_any(T value) const {
    return static_cast<__coopcheck_lanemask_t>(
        sizeof(T) == 8 ? __cgm_tile_match_any_u64(Size, __cg.mask, details::value_bits(value))
                       : __cgm_tile_match_any_u32(
                             Size, __cg.mask, static_cast<unsigned int>(details::value_bits(value))));
  }
  template <typename T> _CGM_QUALIFIER __coopcheck_lanemask_t match_all(T value, int &pred) const {
    return static_cast<__coopcheck_lanemask_t>(
        sizeof(T) == 8
            ? __cgm_tile_match_all_u64(Size, __cg.mask, details::value_bits(value), &pred)
            : __cgm_tile_match_all_u32(
                  Size, __cg.mask, static_cast<unsigned int>(details::value_bits(value)), &pred));
  }
};

template <unsigned int Size, typename ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {
  friend struct details::factory;
  _CGM_QUALIFIER explicit thread_block_tile(const details::group_desc &desc)
      : thread_block_tile<Size, void>(desc) {}
};

// ---- Partitions ----------------------------------------------------------------------------------
template <unsigned int Size, typename ParentT>
_CGM_QUALIFIER thread_block_tile<Size, ParentT> tiled_partition(const ParentT &parent) {
  return details::factory::tiled<thread_block_tile<Size, ParentT> >(parent, Size);
}

_CGM_QUALIFIER thread_group tiled_partition(const thread_group &parent, unsigned int tilesz) {
  return details::factory::tiled<thread_group>(parent, tilesz);
}

_CGM_QUALIFIER thread_group tiled_partition(const thread_block &parent, unsigned int tilesz) {
  return details::factory::tiled<thread_group>(parent, tilesz);
}

_CGM_QUALIFIER coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tilesz) {
  return details::factory::tiled<coalesced_group>(parent, tilesz);
}

namespace details {
template <class T> _CGM_QUALIFIER unsigned long long label_bits(T label) {
  return static_cast<unsigned long long>(label);
}
template <class T> _CGM_QUALIFIER unsigned long long label_bits(T *label) {
  return reinterpret_cast<unsigned long long>(label);
}
_CGM_QUALIFIER coalesced_group labeled(const thread_group &parent, unsigned long long label) {
  const group_desc &p = factory::desc(parent);
  return factory::make<coalesced_group>(
      coalesced_group_id, 0, __cgm_labeled_partition(p.kind, p.tile_size, p.mask, label));
}
_CGM_QUALIFIER coalesced_group binary(const thread_group &parent, bool pred) {
  const group_desc &p = factory::desc(parent);
  return factory::make<coalesced_group>(
      coalesced_group_id, 0, __cgm_binary_partition(p.kind, p.tile_size, p.mask, pred ? 1 : 0));
}
} // namespace details

template <typename TyPredicate>
_CGM_QUALIFIER coalesced_group labeled_partition(const coalesced_group &g, TyPredicate label) {
  return details::labeled(g, details::label_bits(label));
}

template <typename TyPredicate, unsigned int Size, typename ParentT>
_CGM_QUALIFIER coalesced_group labeled_partition(const thread_block_tile<Size, ParentT> &g,
                                                 TyPredicate label) {
  return details::labeled(g, details::label_bits(label));
}

_CGM_QUALIFIER coalesced_group binary_partition(const coalesced_group &g, bool pred) {
  return details::binary(g, pred);
}

template <unsigned int Size, typename ParentT>
_CGM_QUALIFIER coalesced_group binary_partition(const thread_block_tile<Size, ParentT> &g,
                                                bool pred) {
  return details::binary(g, pred);
}

// The calling thread alone.
_CGM_QUALIFIER thread_block_tile<1, void> this_thread() {
  return details::factory::make<thread_block_tile<1, void> >(details::tile_group_id, 1,
                                                             __cgm_this_thread());
}

// ---- Free functions ------------------------------------------------------------------------------
template <class GroupT> _CGM_QUALIFIER void sync(const GroupT &g) { g.sync(); }
// The CUDA 9 name of sync().
template <class GroupT> _CGM_QUALIFIER void synchronize(const GroupT &g) { g.sync(); }
template <class GroupT>
_CGM_QUALIFIER auto thread_rank(const GroupT &g) -> decltype(g.thread_rank()) {
  return g.thread_rank();
}
template <class GroupT>
_CGM_QUALIFIER auto group_size(const GroupT &g) -> decltype(g.num_threads()) {
  return g.num_threads();
}
// HIP only.
template <class GroupT> _CGM_QUALIFIER bool is_valid(const GroupT &g) { return g.is_valid(); }

namespace details {
// elect.sync: nonzero on exactly one member, the one of rank 0.
template <unsigned int Size, typename ParentT>
_CGM_QUALIFIER int elect(const thread_block_tile<Size, ParentT> &g) {
  return __cgm_tile_elect(Size, factory::desc(g).mask);
}
_CGM_QUALIFIER int elect(const coalesced_group &g) {
  return __cgm_coalesced_elect(factory::desc(g).mask);
}
} // namespace details

template <typename Group, typename Fn, typename... Args>
_CGM_QUALIFIER void invoke_one(const Group &group, Fn &&fn, Args &&...args) {
  if (details::elect(group))
    static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...);
}

// The elected member (rank 0) calls fn; its result is broadcast to the group.
template <typename Group, typename Fn, typename... Args>
_CGM_QUALIFIER auto invoke_one_broadcast(const Group &group, Fn &&fn, Args &&...args) ->
    typename details::remove_qual<decltype(fn(args...))>::type {
  typedef typename details::remove_qual<decltype(fn(args...))>::type T;
  details::storage<T> result = {};
  if (details::elect(group)) {
    T value = static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...);
    __builtin_memcpy(result.bytes, &value, sizeof(T));
  }
  return group.shfl(result.value(), 0);
}

// CUDA 11's spellings of the multi-warp tile support.
namespace experimental {
template <unsigned int TileCommunicationSize = 8, unsigned int MaxBlockSize = 1024>
struct block_tile_memory : cooperative_groups::block_tile_memory<MaxBlockSize> {};

template <unsigned int TileCommunicationSize, unsigned int MaxBlockSize>
_CGM_QUALIFIER thread_block
this_thread_block(block_tile_memory<TileCommunicationSize, MaxBlockSize> &scratch) {
  return cooperative_groups::this_thread_block(scratch);
}

using cooperative_groups::tiled_partition;
} // namespace experimental

_CGM_END_NAMESPACE

#endif // __COOPCHECK_MODEL_CG_CORE_H
