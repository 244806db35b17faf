# Locate Debian's LLVM/Clang 22. The version is not requested by number: the config says 22.1.
set(LLVM22_ROOT /usr/lib/llvm-22 CACHE PATH "LLVM 22 installation prefix")

# Debian's ClangTargets.cmake names gRPC targets of clangd's remote index; nothing here uses them.
foreach(grpc_target gRPC::grpc++ gRPC::grpc gRPC::gpr gRPC::grpc++_reflection protobuf::libprotobuf)
  if(NOT TARGET ${grpc_target})
    add_library(${grpc_target} INTERFACE IMPORTED)
  endif()
endforeach()

find_package(LLVM REQUIRED CONFIG PATHS ${LLVM22_ROOT}/lib/cmake/llvm NO_DEFAULT_PATH)
find_package(Clang REQUIRED CONFIG PATHS ${LLVM22_ROOT}/lib/cmake/clang NO_DEFAULT_PATH)
message(STATUS "LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM22_ROOT}")

set(COOPCHECK_CLANG_RESOURCE_DIR ${LLVM22_ROOT}/lib/clang/${LLVM_VERSION_MAJOR})
set(COOPCHECK_LLVM_INCLUDE_DIRS ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
# LLVM_DEFINITIONS is one string of -D flags: split it into definitions.
separate_arguments(COOPCHECK_LLVM_DEFINITIONS NATIVE_COMMAND "${LLVM_DEFINITIONS}")
# LLVM is built without RTTI; the code that derives from its classes must match.
set(COOPCHECK_LLVM_FLAGS -fno-rtti)

# The shared libraries the CLI and the tests link (never the plugin: clang-tidy-22 provides them).
set(COOPCHECK_LLVM_LINK ${LLVM22_ROOT}/lib/libclang-cpp.so.22.1 ${LLVM22_ROOT}/lib/libLLVM.so.22.1)

# The clang-tidy static libraries the CLI and the confirmation library run with. Linked by path:
# their CMake targets would pull in static copies of Clang next to libclang-cpp.
set(COOPCHECK_TIDY_LIBS ${LLVM22_ROOT}/lib/libclangTidy.a ${LLVM22_ROOT}/lib/libclangTidyUtils.a)
