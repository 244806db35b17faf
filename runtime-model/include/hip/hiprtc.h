// Hermetic model of HIP's run-time compilation API (hiprtc.h): programs are compiled from source
// strings at run time, so nothing here reaches the analysis; it only has to type-check the hosts
// that call it.
#ifndef __COOPCHECK_MODEL_HIPRTC_H
#define __COOPCHECK_MODEL_HIPRTC_H

#include <stddef.h>

extern "C" {
typedef enum hiprtcResult {
  HIPRTC_SUCCESS = 0,
  HIPRTC_ERROR_OUT_OF_MEMORY = 1,
  HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
  HIPRTC_ERROR_INVALID_INPUT = 3,
  HIPRTC_ERROR_INVALID_PROGRAM = 4,
  HIPRTC_ERROR_INVALID_OPTION = 5,
  HIPRTC_ERROR_COMPILATION = 6,
  HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
  HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
  HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
  HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
  HIPRTC_ERROR_INTERNAL_ERROR = 11,
  HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

typedef enum hiprtcJIT_option {
  HIPRTC_JIT_MAX_REGISTERS = 0,
  HIPRTC_JIT_THREADS_PER_BLOCK = 1,
  HIPRTC_JIT_WALL_TIME = 2,
  HIPRTC_JIT_INFO_LOG_BUFFER = 3,
  HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  HIPRTC_JIT_ERROR_LOG_BUFFER = 5,
  HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  HIPRTC_JIT_OPTIMIZATION_LEVEL = 7,
  HIPRTC_JIT_IR_TO_ISA_OPT_EXT = 10000,
  HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT = 10001
} hiprtcJIT_option;

typedef enum hiprtcJITInputType {
  HIPRTC_JIT_INPUT_CUBIN = 0,
  HIPRTC_JIT_INPUT_PTX = 1,
  HIPRTC_JIT_INPUT_FATBINARY = 2,
  HIPRTC_JIT_INPUT_OBJECT = 3,
  HIPRTC_JIT_INPUT_LIBRARY = 4,
  HIPRTC_JIT_INPUT_NVVM = 5,
  HIPRTC_JIT_INPUT_LLVM_BITCODE = 100,
  HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE = 101,
  HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE = 102
} hiprtcJITInputType;

typedef struct _hiprtcProgram *hiprtcProgram;
typedef struct ihiprtcLinkState *hiprtcLinkState;

const char *hiprtcGetErrorString(hiprtcResult result);
hiprtcResult hiprtcVersion(int *major, int *minor);
hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name,
                                 int numHeaders, const char *const *headers,
                                 const char *const *includeNames);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog);
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char *const *options);
hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression,
                                  const char **lowered_name);
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log);
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code);
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode);
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size);
hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option *option_ptr,
                              void **option_vals_pptr, hiprtcLinkState *hip_link_state_ptr);
hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               const char *file_path, unsigned int num_options,
                               hiprtcJIT_option *options_ptr, void **option_values);
hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
                               void *image, size_t image_size, const char *name,
                               unsigned int num_options, hiprtcJIT_option *options_ptr,
                               void **option_values);
hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void **bin_out, size_t *size_out);
hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state);
} // extern "C"

#endif // __COOPCHECK_MODEL_HIPRTC_H
