// HIP's vector types: HIP_vector_type<T, Rank> with ROCm's constructors (splat from a scalar,
// one value per component) and operators (component-wise arithmetic and bit operations with a
// vector or a scalar on either side, increments, negation, comparison to a bool). char1 ...
// double4 name its instances, as in ROCm; the members are plain x, y, z, w with CUDA's alignments.
#ifndef __COOPCHECK_MODEL_HIP_VECTOR_TYPE_H
#define __COOPCHECK_MODEL_HIP_VECTOR_TYPE_H

#include <type_traits>

template <typename T, unsigned int Rank> struct HIP_vector_type;

// The statement S(m) for each member m of a vector of rank 1 to 4.
#define __CCM_HIP_EACH_1(S) S(x)
#define __CCM_HIP_EACH_2(S) __CCM_HIP_EACH_1(S) S(y)
#define __CCM_HIP_EACH_3(S) __CCM_HIP_EACH_2(S) S(z)
#define __CCM_HIP_EACH_4(S) __CCM_HIP_EACH_3(S) S(w)
#define __CCM_HIP_ASSIGN(OP, m) m OP o.m;
#define __CCM_HIP_ASSIGN_ADD(m) __CCM_HIP_ASSIGN(+=, m)
#define __CCM_HIP_ASSIGN_SUB(m) __CCM_HIP_ASSIGN(-=, m)
#define __CCM_HIP_ASSIGN_MUL(m) __CCM_HIP_ASSIGN(*=, m)
#define __CCM_HIP_ASSIGN_DIV(m) __CCM_HIP_ASSIGN(/=, m)
#define __CCM_HIP_ASSIGN_MOD(m) __CCM_HIP_ASSIGN(%=, m)
#define __CCM_HIP_ASSIGN_XOR(m) __CCM_HIP_ASSIGN(^=, m)
#define __CCM_HIP_ASSIGN_OR(m) __CCM_HIP_ASSIGN(|=, m)
#define __CCM_HIP_ASSIGN_AND(m) __CCM_HIP_ASSIGN(&=, m)
#define __CCM_HIP_ASSIGN_SHR(m) __CCM_HIP_ASSIGN(>>=, m)
#define __CCM_HIP_ASSIGN_SHL(m) __CCM_HIP_ASSIGN(<<=, m)
#define __CCM_HIP_NEGATE(m) r.m = -m;
#define __CCM_HIP_COMPLEMENT(m) r.m = ~m;
#define __CCM_HIP_EQUAL(m) &&a.m == b.m

// A compound assignment with a vector, and with a scalar as its splat.
#define __CCM_HIP_COMPOUND(OP, EACH, NAME)                                                          \
  __host__ __device__ constexpr HIP_vector_type &operator OP(const HIP_vector_type &o) {          \
    EACH(__CCM_HIP_ASSIGN_##NAME) return *this;                                                    \
  }                                                                                                \
  template <typename U, typename std::enable_if<std::is_convertible<U, T>::value>::type * = nullptr> \
  __host__ __device__ constexpr HIP_vector_type &operator OP(U s) {                                \
    return *this OP HIP_vector_type(s);                                                            \
  }

#define __CCM_HIP_VECTOR(RANK, ALIGN, EACH)                                                         \
  template <typename T> struct alignas(ALIGN) HIP_vector_type<T, RANK> {                           \
    typedef T value_type;                                                                          \
    T __CCM_HIP_MEMBERS_##RANK;                                                                    \
    HIP_vector_type() = default;                                                                   \
    template <typename U,                                                                          \
              typename std::enable_if<std::is_convertible<U, T>::value>::type * = nullptr>         \
    __host__ __device__ explicit constexpr HIP_vector_type(U s) {                                 \
      EACH(__CCM_HIP_SPLAT)                                                                        \
    }                                                                                              \
    __CCM_HIP_COMPONENTS_##RANK                                                                    \
    __CCM_HIP_COMPOUND(+=, EACH, ADD)                                                              \
    __CCM_HIP_COMPOUND(-=, EACH, SUB)                                                              \
    __CCM_HIP_COMPOUND(*=, EACH, MUL)                                                              \
    __CCM_HIP_COMPOUND(/=, EACH, DIV)                                                              \
    __CCM_HIP_COMPOUND(%=, EACH, MOD)                                                              \
    __CCM_HIP_COMPOUND(^=, EACH, XOR)                                                              \
    __CCM_HIP_COMPOUND(|=, EACH, OR)                                                               \
    __CCM_HIP_COMPOUND(&=, EACH, AND)                                                              \
    __CCM_HIP_COMPOUND(>>=, EACH, SHR)                                                             \
    __CCM_HIP_COMPOUND(<<=, EACH, SHL)                                                             \
    __host__ __device__ constexpr HIP_vector_type &operator++() { return *this += T(1); }          \
    __host__ __device__ constexpr HIP_vector_type &operator--() { return *this -= T(1); }          \
    __host__ __device__ constexpr HIP_vector_type operator++(int) {                                \
      HIP_vector_type before = *this;                                                              \
      ++*this;                                                                                     \
      return before;                                                                               \
    }                                                                                              \
    __host__ __device__ constexpr HIP_vector_type operator--(int) {                                \
      HIP_vector_type before = *this;                                                              \
      --*this;                                                                                     \
      return before;                                                                               \
    }                                                                                              \
    __host__ __device__ constexpr HIP_vector_type operator-() const {                              \
      HIP_vector_type r = *this;                                                                   \
      EACH(__CCM_HIP_NEGATE) return r;                                                             \
    }                                                                                              \
    __host__ __device__ constexpr HIP_vector_type operator~() const {                              \
      HIP_vector_type r = *this;                                                                   \
      EACH(__CCM_HIP_COMPLEMENT) return r;                                                         \
    }                                                                                              \
    friend __host__ __device__ constexpr bool operator==(const HIP_vector_type &a,                 \
                                                         const HIP_vector_type &b) {               \
      return true EACH(__CCM_HIP_EQUAL);                                                           \
    }                                                                                              \
  };
#define __CCM_HIP_SPLAT(m) m = static_cast<T>(s);
// One value per component (rank 2 and more): any types, converted as ROCm's constructor does.
#define __CCM_HIP_COMPONENTS_1
#define __CCM_HIP_COMPONENTS_2                                                                     \
  template <typename A, typename B>                                                                \
  __host__ __device__ constexpr HIP_vector_type(A a, B b)                                          \
      : x(static_cast<T>(a)), y(static_cast<T>(b)) {}
#define __CCM_HIP_COMPONENTS_3                                                                     \
  template <typename A, typename B, typename C>                                                    \
  __host__ __device__ constexpr HIP_vector_type(A a, B b, C c)                                     \
      : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)) {}
#define __CCM_HIP_COMPONENTS_4                                                                     \
  template <typename A, typename B, typename C, typename D>                                        \
  __host__ __device__ constexpr HIP_vector_type(A a, B b, C c, D d)                                \
      : x(static_cast<T>(a)), y(static_cast<T>(b)), z(static_cast<T>(c)), w(static_cast<T>(d)) {}

#define __CCM_HIP_MEMBERS_1 x
#define __CCM_HIP_MEMBERS_2 x, y
#define __CCM_HIP_MEMBERS_3 x, y, z
#define __CCM_HIP_MEMBERS_4 x, y, z, w

// CUDA's alignments: 2- and 4-component vectors to their size (at most 16 bytes), the others to
// their component.
__CCM_HIP_VECTOR(1, sizeof(T), __CCM_HIP_EACH_1)
__CCM_HIP_VECTOR(2, (2 * sizeof(T) < 16 ? 2 * sizeof(T) : 16), __CCM_HIP_EACH_2)
__CCM_HIP_VECTOR(3, sizeof(T), __CCM_HIP_EACH_3)
__CCM_HIP_VECTOR(4, (4 * sizeof(T) < 16 ? 4 * sizeof(T) : 16), __CCM_HIP_EACH_4)

// Binary operators from the compound ones: vector with vector, vector with scalar, scalar with
// vector (the scalar is splat).
#define __CCM_HIP_BINARY(OP)                                                                        \
  template <typename T, unsigned int N>                                                            \
  __host__ __device__ constexpr HIP_vector_type<T, N> operator OP(const HIP_vector_type<T, N> &a, \
                                                                  const HIP_vector_type<T, N> &b) { \
    HIP_vector_type<T, N> r = a;                                                                   \
    return r OP##= b;                                                                             \
  }                                                                                                \
  template <typename T, unsigned int N, typename U>                                                \
  __host__ __device__ constexpr HIP_vector_type<T, N> operator OP(const HIP_vector_type<T, N> &a, \
                                                                  U b) {                           \
    HIP_vector_type<T, N> r = a;                                                                   \
    return r OP##= HIP_vector_type<T, N>(b);                                                      \
  }                                                                                                \
  template <typename T, unsigned int N, typename U>                                                \
  __host__ __device__ constexpr HIP_vector_type<T, N> operator OP(U a,                            \
                                                                  const HIP_vector_type<T, N> &b) { \
    HIP_vector_type<T, N> r(a);                                                                    \
    return r OP##= b;                                                                             \
  }
__CCM_HIP_BINARY(+)
__CCM_HIP_BINARY(-)
__CCM_HIP_BINARY(*)
__CCM_HIP_BINARY(/)
__CCM_HIP_BINARY(%)
__CCM_HIP_BINARY(^)
__CCM_HIP_BINARY(|)
__CCM_HIP_BINARY(&)
__CCM_HIP_BINARY(>>)
__CCM_HIP_BINARY(<<)

template <typename T, unsigned int N, typename U>
__host__ __device__ constexpr bool operator==(const HIP_vector_type<T, N> &a, U b) {
  return a == HIP_vector_type<T, N>(b);
}
template <typename T, unsigned int N, typename U>
__host__ __device__ constexpr bool operator==(U a, const HIP_vector_type<T, N> &b) {
  return HIP_vector_type<T, N>(a) == b;
}
template <typename T, unsigned int N>
__host__ __device__ constexpr bool operator!=(const HIP_vector_type<T, N> &a,
                                              const HIP_vector_type<T, N> &b) {
  return !(a == b);
}
template <typename T, unsigned int N, typename U>
__host__ __device__ constexpr bool operator!=(const HIP_vector_type<T, N> &a, U b) {
  return !(a == b);
}
template <typename T, unsigned int N, typename U>
__host__ __device__ constexpr bool operator!=(U a, const HIP_vector_type<T, N> &b) {
  return !(a == b);
}

#undef __CCM_HIP_ASSIGN
#undef __CCM_HIP_ASSIGN_ADD
#undef __CCM_HIP_ASSIGN_AND
#undef __CCM_HIP_ASSIGN_DIV
#undef __CCM_HIP_ASSIGN_MOD
#undef __CCM_HIP_ASSIGN_MUL
#undef __CCM_HIP_ASSIGN_OR
#undef __CCM_HIP_ASSIGN_SHL
#undef __CCM_HIP_ASSIGN_SHR
#undef __CCM_HIP_ASSIGN_SUB
#undef __CCM_HIP_ASSIGN_XOR
#undef __CCM_HIP_BINARY
#undef __CCM_HIP_COMPLEMENT
#undef __CCM_HIP_COMPONENTS_1
#undef __CCM_HIP_COMPONENTS_2
#undef __CCM_HIP_COMPONENTS_3
#undef __CCM_HIP_COMPONENTS_4
#undef __CCM_HIP_COMPOUND
#undef __CCM_HIP_EACH_1
#undef __CCM_HIP_EACH_2
#undef __CCM_HIP_EACH_3
#undef __CCM_HIP_EACH_4
#undef __CCM_HIP_EQUAL
#undef __CCM_HIP_MEMBERS_1
#undef __CCM_HIP_MEMBERS_2
#undef __CCM_HIP_MEMBERS_3
#undef __CCM_HIP_MEMBERS_4
#undef __CCM_HIP_NEGATE
#undef __CCM_HIP_SPLAT
#undef __CCM_HIP_VECTOR

#endif // __COOPCHECK_MODEL_HIP_VECTOR_TYPE_H
