# Warnings and sanitizers for coopcheck's own code (LLVM, Clang and Z3 headers are SYSTEM
# includes, so their warnings stay out).
option(COOPCHECK_WERROR "Treat warnings as errors (CI builds with it)" OFF)
option(COOPCHECK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(COOPCHECK_FUZZ "Build the libFuzzer targets of test/fuzz (implies COOPCHECK_SANITIZE)" OFF)
if(COOPCHECK_FUZZ)
  set(COOPCHECK_SANITIZE ON)
  # Coverage for libFuzzer in every library the targets link; only the targets link its main.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

add_compile_options(-Wall -Wextra)
if(COOPCHECK_WERROR)
  add_compile_options(-Werror)
endif()

if(COOPCHECK_SANITIZE)
  # The clang-tidy plugin built this way loads only into a process that has the ASan runtime
  # (LD_PRELOAD of clang's libclang_rt.asan); the CLI, coopcheck-clangd and the tests link it.
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
