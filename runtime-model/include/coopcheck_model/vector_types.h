// CUDA vector types (char1 ... double4, dim3) with the alignment and make_* helpers of
// vector_types.h / vector_functions.h. Shared by every platform: HIP and MXMACA spell them the same.
#ifndef __COOPCHECK_MODEL_VECTOR_TYPES_H
#define __COOPCHECK_MODEL_VECTOR_TYPES_H

// HIP's vector types are instances of HIP_vector_type, with constructors and operators; CUDA's
// and MXMACA's are plain structs. uint3 stays a struct on HIP too (derived from the instance):
// clang's builtin variables declare it as one.
#ifdef __COOPCHECK_MODEL_HIP__
#include "hip_vector_type.h"
#define __CCM_VEC_TYPE(NAME, T, N, ALIGN) using NAME = HIP_vector_type<T, N>;
#define __CCM_VEC_UINT3                                                                             \
  struct uint3 : HIP_vector_type<unsigned int, 3> {                                                \
    using HIP_vector_type<unsigned int, 3>::HIP_vector_type;                                       \
    uint3() = default;                                                                             \
    __host__ __device__ constexpr uint3(const HIP_vector_type<unsigned int, 3> &v)                 \
        : HIP_vector_type<unsigned int, 3>(v) {}                                                   \
  };
#else
#define __CCM_VEC_TYPE(NAME, T, N, ALIGN)                                                           \
  struct __attribute__((aligned(ALIGN))) NAME { T __CCM_VEC_MEMBERS_##N; };
#define __CCM_VEC_UINT3 __CCM_VEC_TYPE(uint3, unsigned int, 3, 4)
#endif
#define __CCM_VEC_MEMBERS_1 x
#define __CCM_VEC_MEMBERS_2 x, y
#define __CCM_VEC_MEMBERS_3 x, y, z
#define __CCM_VEC_MEMBERS_4 x, y, z, w

#define __CCM_VEC1(NAME, T, ALIGN)                                                                  \
  __CCM_VEC_TYPE(NAME, T, 1, ALIGN)                                                                \
  static __inline__ __host__ __device__ NAME make_##NAME(T x) { NAME r; r.x = x; return r; }
#define __CCM_VEC2(NAME, T, ALIGN)                                                                  \
  __CCM_VEC_TYPE(NAME, T, 2, ALIGN)                                                                \
  static __inline__ __host__ __device__ NAME make_##NAME(T x, T y) {                              \
    NAME r; r.x = x; r.y = y; return r;                                                            \
  }
#define __CCM_VEC3(NAME, T, ALIGN)                                                                  \
  __CCM_VEC_TYPE(NAME, T, 3, ALIGN)                                                                \
  __CCM_MAKE3(NAME, T)
#define __CCM_MAKE3(NAME, T)                                                                        \
  static __inline__ __host__ __device__ NAME make_##NAME(T x, T y, T z) {                         \
    NAME r; r.x = x; r.y = y; r.z = z; return r;                                                   \
  }
#define __CCM_VEC4(NAME, T, ALIGN)                                                                  \
  __CCM_VEC_TYPE(NAME, T, 4, ALIGN)                                                                \
  static __inline__ __host__ __device__ NAME make_##NAME(T x, T y, T z, T w) {                    \
    NAME r; r.x = x; r.y = y; r.z = z; r.w = w; return r;                                          \
  }

// Alignments as in CUDA 12's vector_types.h: 2- and 4-element types are aligned to their size (up
// to 16 bytes), 1- and 3-element types to their element.
__CCM_VEC1(char1, signed char, 1)
__CCM_VEC2(char2, signed char, 2)
__CCM_VEC3(char3, signed char, 1)
__CCM_VEC4(char4, signed char, 4)
__CCM_VEC1(uchar1, unsigned char, 1)
__CCM_VEC2(uchar2, unsigned char, 2)
__CCM_VEC3(uchar3, unsigned char, 1)
__CCM_VEC4(uchar4, unsigned char, 4)
__CCM_VEC1(short1, short, 2)
__CCM_VEC2(short2, short, 4)
__CCM_VEC3(short3, short, 2)
__CCM_VEC4(short4, short, 8)
__CCM_VEC1(ushort1, unsigned short, 2)
__CCM_VEC2(ushort2, unsigned short, 4)
__CCM_VEC3(ushort3, unsigned short, 2)
__CCM_VEC4(ushort4, unsigned short, 8)
__CCM_VEC1(int1, int, 4)
__CCM_VEC2(int2, int, 8)
__CCM_VEC3(int3, int, 4)
__CCM_VEC4(int4, int, 16)
__CCM_VEC1(uint1, unsigned int, 4)
__CCM_VEC2(uint2, unsigned int, 8)
__CCM_VEC_UINT3
__CCM_MAKE3(uint3, unsigned int)
__CCM_VEC4(uint4, unsigned int, 16)
__CCM_VEC1(long1, long, sizeof(long))
__CCM_VEC2(long2, long, 2 * sizeof(long))
__CCM_VEC3(long3, long, sizeof(long))
__CCM_VEC4(long4, long, 16)
__CCM_VEC1(ulong1, unsigned long, sizeof(unsigned long))
__CCM_VEC2(ulong2, unsigned long, 2 * sizeof(unsigned long))
__CCM_VEC3(ulong3, unsigned long, sizeof(unsigned long))
__CCM_VEC4(ulong4, unsigned long, 16)
__CCM_VEC1(longlong1, long long, 8)
__CCM_VEC2(longlong2, long long, 16)
__CCM_VEC3(longlong3, long long, 8)
__CCM_VEC4(longlong4, long long, 16)
__CCM_VEC1(ulonglong1, unsigned long long, 8)
__CCM_VEC2(ulonglong2, unsigned long long, 16)
__CCM_VEC3(ulonglong3, unsigned long long, 8)
__CCM_VEC4(ulonglong4, unsigned long long, 16)
__CCM_VEC1(float1, float, 4)
__CCM_VEC2(float2, float, 8)
__CCM_VEC3(float3, float, 4)
__CCM_VEC4(float4, float, 16)
__CCM_VEC1(double1, double, 8)
__CCM_VEC2(double2, double, 16)
__CCM_VEC3(double3, double, 8)
__CCM_VEC4(double4, double, 16)

#undef __CCM_VEC1
#undef __CCM_VEC2
#undef __CCM_VEC3
#undef __CCM_VEC4
#undef __CCM_MAKE3
#undef __CCM_VEC_TYPE
#undef __CCM_VEC_UINT3
#undef __CCM_VEC_MEMBERS_1
#undef __CCM_VEC_MEMBERS_2
#undef __CCM_VEC_MEMBERS_3
#undef __CCM_VEC_MEMBERS_4

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

#endif // __COOPCHECK_MODEL_VECTOR_TYPES_H
