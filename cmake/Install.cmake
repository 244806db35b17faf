# The layout every binary finds its files by (analysis/support/InstallLayout.h): executables in
# bin/, the clang-tidy plugin in lib/, data in share/coopcheck/, all under one prefix. The paths
# are fixed (not GNUInstallDirs' multiarch lib/x86_64-linux-gnu) so that ../share/coopcheck is
# the data beside both bin/ and lib/.
set(COOPCHECK_DATA_DESTINATION share/coopcheck)

# The build tree has the same layout: bin/ and lib/ come from the output directories, and
# share/coopcheck/include is a link to the model headers, so an edited header is read at once.
set(COOPCHECK_BUILD_DATA_DIR ${CMAKE_BINARY_DIR}/${COOPCHECK_DATA_DESTINATION})
file(MAKE_DIRECTORY ${COOPCHECK_BUILD_DATA_DIR})
file(CREATE_LINK ${CMAKE_SOURCE_DIR}/runtime-model/include ${COOPCHECK_BUILD_DATA_DIR}/include
     SYMBOLIC)

install(TARGETS coopcheck coopcheck-clangd RUNTIME DESTINATION bin)
install(TARGETS coopcheck-tidy LIBRARY DESTINATION lib)
# LLVM 22's shared libraries: Debian also puts them on the loader's default path, other LLVM
# packagings (apt.llvm.org) only under the LLVM prefix. Never a path into the build tree. The
# plugin has none: clang-tidy-22 provides Clang and LLVM.
set_target_properties(coopcheck coopcheck-clangd PROPERTIES INSTALL_RPATH ${LLVM22_ROOT}/lib)

install(DIRECTORY ${CMAKE_SOURCE_DIR}/runtime-model/include/
        DESTINATION ${COOPCHECK_DATA_DESTINATION}/include)
# The users' documents: the rule pages, the guides and the README (architecture.md is for
# contributors).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${COOPCHECK_DATA_DESTINATION}/docs
        PATTERN architecture.md EXCLUDE)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${COOPCHECK_DATA_DESTINATION}/docs)
# The hook finds bin/coopcheck of its prefix (tools/pre-commit/coopcheck-hook).
install(PROGRAMS ${CMAKE_SOURCE_DIR}/tools/pre-commit/coopcheck-hook
        DESTINATION ${COOPCHECK_DATA_DESTINATION}/pre-commit)

# `cpack -G DEB` in the build directory: a package that installs under /usr and depends on the
# Debian packages of the shared libraries the binaries load (dpkg-shlibdeps, from dpkg-dev), and
# on Clang's resource directory, whose headers (the CUDA wrappers, stddef.h) every parse reads.
set(CPACK_PACKAGE_NAME coopcheck)
set(CPACK_PACKAGE_CONTACT "coopcheck maintainers <maintainers@users.noreply.a-seed-72c8e275.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Static analyzer for CUDA, HIP and MXMACA cooperative-groups and warp-synchronization bugs")
set(CPACK_PACKAGE_DESCRIPTION
    "coopcheck finds cooperative-groups and warp-synchronization bugs in CUDA, HIP and MXMACA\n\
sources: a command-line tool, a clang-tidy-22 plugin and coopcheck-clangd, clangd 22 with its\n\
checks built in.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# libllvm22 is named too: dpkg-shlibdeps finds libLLVM through the RUNPATH's link in
# /usr/lib/llvm-22/lib, which llvm-22-dev owns and which carries no shlibs information.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-22-dev, libllvm22")
# The plugin is loaded by clang-tidy-22; the other front doors need no clang-tidy.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-tidy-22")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "pre-commit")
set(CPACK_GENERATOR DEB)
include(CPack)
