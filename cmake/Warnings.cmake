# Warnings and sanitizers for coopcheck's own code (LLVM, Clang and Z3 headers are SYSTEM
# includes, so their warnings stay out).
option(COOPCHECK_WERROR "Treat warnings as errors (CI builds with it)" OFF)
option(COOPCHECK_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)

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
