// Model of <curand_kernel.h>: the cuRAND device API (generator states, curand_init, curand and the
// distributions, skipahead). Declaration-level (README.md): the functions have no bodies and keep
// their real names; the states are plain trivially-constructible structs (arrays of them live in
// global or shared memory).
#ifndef __COOPCHECK_MODEL_CURAND_KERNEL_H
#define __COOPCHECK_MODEL_CURAND_KERNEL_H

#include "curand.h"

#define QUALIFIERS static __forceinline__ __device__
#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_PI_DOUBLE (3.1415926535897932)

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 {
  unsigned long long i, x, c;
  unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

// Seeding: sequence `subsequence` of the generator seeded with `seed`, `offset` values in.
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStateXORWOW_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStatePhilox4_32_10_t *state);
__device__ void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStateMRG32k3a_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                            curandStateSobol32_t *state);
__device__ void curand_init(curandDirectionVectors32_t direction_vectors,
                            unsigned int scramble_c, unsigned int offset,
                            curandStateScrambledSobol32_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                            curandStateSobol64_t *state);
__device__ void curand_init(curandDirectionVectors64_t direction_vectors,
                            unsigned long long scramble_c, unsigned long long offset,
                            curandStateScrambledSobol64_t *state);

// curandStateXORWOW_t
__device__ unsigned int curand(curandStateXORWOW_t *state);
__device__ float curand_uniform(curandStateXORWOW_t *state);
__device__ double curand_uniform_double(curandStateXORWOW_t *state);
__device__ float curand_normal(curandStateXORWOW_t *state);
__device__ double curand_normal_double(curandStateXORWOW_t *state);
__device__ float curand_log_normal(curandStateXORWOW_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStateXORWOW_t *state, double mean, double stddev);
__device__ unsigned int curand_poisson(curandStateXORWOW_t *state, double lambda);
__device__ unsigned int curand_discrete(curandStateXORWOW_t *state, curandDiscreteDistribution_t discrete_distribution);
__device__ void skipahead(unsigned long long n, curandStateXORWOW_t *state);
__device__ void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state);
__device__ float2 curand_normal2(curandStateXORWOW_t *state);
__device__ double2 curand_normal2_double(curandStateXORWOW_t *state);
__device__ float2 curand_log_normal2(curandStateXORWOW_t *state, float mean, float stddev);
__device__ double2 curand_log_normal2_double(curandStateXORWOW_t *state, double mean, double stddev);
// curandStatePhilox4_32_10_t
__device__ unsigned int curand(curandStatePhilox4_32_10_t *state);
__device__ float curand_uniform(curandStatePhilox4_32_10_t *state);
__device__ double curand_uniform_double(curandStatePhilox4_32_10_t *state);
__device__ float curand_normal(curandStatePhilox4_32_10_t *state);
__device__ double curand_normal_double(curandStatePhilox4_32_10_t *state);
__device__ float curand_log_normal(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStatePhilox4_32_10_t *state, double mean, double stddev);
__device__ unsigned int curand_poisson(curandStatePhilox4_32_10_t *state, double lambda);
__device__ unsigned int curand_discrete(curandStatePhilox4_32_10_t *state, curandDiscreteDistribution_t discrete_distribution);
__device__ void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state);
__device__ void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state);
__device__ float2 curand_normal2(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_normal2_double(curandStatePhilox4_32_10_t *state);
__device__ float2 curand_log_normal2(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__device__ double2 curand_log_normal2_double(curandStatePhilox4_32_10_t *state, double mean, double stddev);
// curandStateMRG32k3a_t
__device__ unsigned int curand(curandStateMRG32k3a_t *state);
__device__ float curand_uniform(curandStateMRG32k3a_t *state);
__device__ double curand_uniform_double(curandStateMRG32k3a_t *state);
__device__ float curand_normal(curandStateMRG32k3a_t *state);
__device__ double curand_normal_double(curandStateMRG32k3a_t *state);
__device__ float curand_log_normal(curandStateMRG32k3a_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStateMRG32k3a_t *state, double mean, double stddev);
__device__ unsigned int curand_poisson(curandStateMRG32k3a_t *state, double lambda);
__device__ unsigned int curand_discrete(curandStateMRG32k3a_t *state, curandDiscreteDistribution_t discrete_distribution);
__device__ void skipahead(unsigned long long n, curandStateMRG32k3a_t *state);
__device__ void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state);
__device__ float2 curand_normal2(curandStateMRG32k3a_t *state);
__device__ double2 curand_normal2_double(curandStateMRG32k3a_t *state);
__device__ float2 curand_log_normal2(curandStateMRG32k3a_t *state, float mean, float stddev);
__device__ double2 curand_log_normal2_double(curandStateMRG32k3a_t *state, double mean, double stddev);
// curandStateSobol32_t
__device__ unsigned int curand(curandStateSobol32_t *state);
__device__ float curand_uniform(curandStateSobol32_t *state);
__device__ double curand_uniform_double(curandStateSobol32_t *state);
__device__ float curand_normal(curandStateSobol32_t *state);
__device__ double curand_normal_double(curandStateSobol32_t *state);
__device__ float curand_log_normal(curandStateSobol32_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStateSobol32_t *state, double mean, double stddev);
__device__ unsigned int curand_poisson(curandStateSobol32_t *state, double lambda);
__device__ unsigned int curand_discrete(curandStateSobol32_t *state, curandDiscreteDistribution_t discrete_distribution);
__device__ void skipahead(unsigned int n, curandStateSobol32_t *state);
// curandStateScrambledSobol32_t
__device__ unsigned int curand(curandStateScrambledSobol32_t *state);
__device__ float curand_uniform(curandStateScrambledSobol32_t *state);
__device__ double curand_uniform_double(curandStateScrambledSobol32_t *state);
__device__ float curand_normal(curandStateScrambledSobol32_t *state);
__device__ double curand_normal_double(curandStateScrambledSobol32_t *state);
__device__ float curand_log_normal(curandStateScrambledSobol32_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStateScrambledSobol32_t *state, double mean, double stddev);
__device__ unsigned int curand_poisson(curandStateScrambledSobol32_t *state, double lambda);
__device__ unsigned int curand_discrete(curandStateScrambledSobol32_t *state, curandDiscreteDistribution_t discrete_distribution);
__device__ void skipahead(unsigned int n, curandStateScrambledSobol32_t *state);
// curandStateSobol64_t
__device__ unsigned long long curand(curandStateSobol64_t *state);
__device__ float curand_uniform(curandStateSobol64_t *state);
__device__ double curand_uniform_double(curandStateSobol64_t *state);
__device__ float curand_normal(curandStateSobol64_t *state);
__device__ double curand_normal_double(curandStateSobol64_t *state);
__device__ float curand_log_normal(curandStateSobol64_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStateSobol64_t *state, double mean, double stddev);
__device__ unsigned int curand_poisson(curandStateSobol64_t *state, double lambda);
__device__ unsigned int curand_discrete(curandStateSobol64_t *state, curandDiscreteDistribution_t discrete_distribution);
__device__ void skipahead(unsigned long long n, curandStateSobol64_t *state);
// curandStateScrambledSobol64_t
__device__ unsigned long long curand(curandStateScrambledSobol64_t *state);
__device__ float curand_uniform(curandStateScrambledSobol64_t *state);
__device__ double curand_uniform_double(curandStateScrambledSobol64_t *state);
__device__ float curand_normal(curandStateScrambledSobol64_t *state);
__device__ double curand_normal_double(curandStateScrambledSobol64_t *state);
__device__ float curand_log_normal(curandStateScrambledSobol64_t *state, float mean, float stddev);
__device__ double curand_log_normal_double(curandStateScrambledSobol64_t *state, double mean, double stddev);
__device__ unsigned int curand_poisson(curandStateScrambledSobol64_t *state, double lambda);
__device__ unsigned int curand_discrete(curandStateScrambledSobol64_t *state, curandDiscreteDistribution_t discrete_distribution);
__device__ void skipahead(unsigned long long n, curandStateScrambledSobol64_t *state);
// Philox produces four values at a time.
__device__ uint4 curand4(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__device__ double2 curand_normal4_double(curandStatePhilox4_32_10_t *state);
__device__ float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__device__ uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda);

// MTGP32 (Mersenne Twister for GPUs, curand_mtgp32*.h): one state shared by the threads of a
// block, with parameter tables built on the host.
#define MTGP32_MEXP 11213
#define MTGP32_N 351
#define MTGP32_FLOOR_2P 256
#define MTGP32_CEIL_2P 512
#define MTGP32_TN MTGP32_FLOOR_2P
#define MTGP32_LS (MTGP32_TN * 3)
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MEXP 11213
#define THREAD_NUM MTGP32_FLOOR_2P
#define LARGE_SIZE (THREAD_NUM * 3)
#define BLOCK_NUM_MAX CURAND_NUM_MTGP32_PARAMS
#define TBL_SIZE 16
struct mtgp32_params_fast {
  int mexp;
  int pos;
  int sh1;
  int sh2;
  unsigned int tbl[16];
  unsigned int tmp_tbl[16];
  unsigned int flt_tmp_tbl[16];
  unsigned int mask;
  unsigned char poly_sha1[21];
};
typedef struct mtgp32_params_fast mtgp32_params_fast_t;
struct mtgp32_kernel_params {
  unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][TBL_SIZE];
  unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;
struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;
extern mtgp32_params_fast_t mtgp32dc_params_fast_11213[];
__device__ unsigned int curand(curandStateMtgp32_t *state);
__device__ float curand_uniform(curandStateMtgp32_t *state);
__device__ double curand_uniform_double(curandStateMtgp32_t *state);
__device__ float curand_normal(curandStateMtgp32_t *state);
__device__ double curand_normal_double(curandStateMtgp32_t *state);
__device__ float curand_log_normal(curandStateMtgp32_t *state, float mean, float stddev);
__device__ unsigned int curand_poisson(curandStateMtgp32_t *state, double lambda);
__device__ unsigned int curand_mtgp32_specific(curandStateMtgp32_t *state, unsigned char index,
                                               unsigned char n);
__device__ float curand_mtgp32_single(curandStateMtgp32_t *state);
__device__ float curand_mtgp32_single_specific(curandStateMtgp32_t *state, unsigned char index,
                                               unsigned char n);
__host__ curandStatus_t curandMakeMTGP32Constants(const mtgp32_params_fast_t params[],
                                                  mtgp32_kernel_params_t *p);
__host__ curandStatus_t curandMakeMTGP32KernelState(curandStateMtgp32_t *s,
                                                    mtgp32_params_fast_t params[],
                                                    mtgp32_kernel_params_t *k, int n,
                                                    unsigned long long seed);

#endif // __COOPCHECK_MODEL_CURAND_KERNEL_H
