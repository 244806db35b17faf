# The layout every binary finds its files by (analysis/support/InstallLayout.h): executables in
# bin/, the clang-tidy plugin in lib/ (installed in lib/coopcheck/: a shared object that no program
# links belongs in a private directory, Debian policy 8.1), data in share/coopcheck/, all under
# one prefix. The paths are fixed (not GNUInstallDirs' multiarch lib/x86_64-linux-gnu) so that the
# data is found relative to each binary.
set(COOPCHECK_DATA_DESTINATION share/coopcheck)

# The build tree has the same layout: bin/ and lib/ come from the output directories, and
# share/coopcheck/include is a link to the model headers, so an edited header is read at once.
set(COOPCHECK_BUILD_DATA_DIR ${CMAKE_BINARY_DIR}/${COOPCHECK_DATA_DESTINATION})
file(MAKE_DIRECTORY ${COOPCHECK_BUILD_DATA_DIR})
file(CREATE_LINK ${CMAKE_SOURCE_DIR}/runtime-model/include ${COOPCHECK_BUILD_DATA_DIR}/include
     SYMBOLIC)

install(TARGETS coopcheck coopcheck-clangd RUNTIME DESTINATION bin)
install(TARGETS coopcheck-tidy LIBRARY DESTINATION lib/coopcheck)
# LLVM 22's shared libraries: Debian's and apt.llvm.org's packages put them on the loader's default
# path (/usr/lib/<triplet>), where the installed binaries need no RUNPATH (Debian forbids one:
# lintian's custom-library-search-path); an LLVM built elsewhere is found through one. Never a path
# into the build tree. The plugin has none: clang-tidy-22 provides Clang and LLVM.
get_filename_component(llvm_library ${LLVM22_ROOT}/lib/libLLVM.so.${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}
                       REALPATH)
get_filename_component(llvm_library_dir ${llvm_library} DIRECTORY)
if(NOT llvm_library_dir IN_LIST CMAKE_CXX_IMPLICIT_LINK_DIRECTORIES)
  set_target_properties(coopcheck coopcheck-clangd PROPERTIES INSTALL_RPATH ${llvm_library_dir})
endif()

install(DIRECTORY ${CMAKE_SOURCE_DIR}/runtime-model/include/
        DESTINATION ${COOPCHECK_DATA_DESTINATION}/include)
# The users' documents: the rule pages, the guides and the README (architecture.md is for
# contributors).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${COOPCHECK_DATA_DESTINATION}/docs
        PATTERN architecture.md EXCLUDE)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${COOPCHECK_DATA_DESTINATION}/docs)
# The hook finds bin/coopcheck of its prefix (tools/pre-commit/coopcheck-hook), also when called
# through bin/coopcheck-hook, a link to it on PATH for pre-commit's `language: system` hook.
install(PROGRAMS ${CMAKE_SOURCE_DIR}/tools/pre-commit/coopcheck-hook
        DESTINATION ${COOPCHECK_DATA_DESTINATION}/pre-commit)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
file(CREATE_LINK ../${COOPCHECK_DATA_DESTINATION}/pre-commit/coopcheck-hook
     ${CMAKE_BINARY_DIR}/package/coopcheck-hook SYMBOLIC)
install(FILES ${CMAKE_BINARY_DIR}/package/coopcheck-hook DESTINATION bin)

# The project's home and the package's maintainer, as README.md names them. A distributor who
# packages coopcheck sets its own maintainer (-DCOOPCHECK_MAINTAINER=...).
set(COOPCHECK_HOMEPAGE https://github.com/coopcheck/coopcheck)
set(COOPCHECK_MAINTAINER "coopcheck maintainers <coopcheck@users.noreply.github.com>" CACHE STRING
    "Maintainer of the Debian package and its changelog, an RFC 822 name <address>")

include(cmake/PackageDocs.cmake)

# `cpack -G DEB` in the build directory: a package that installs under /usr and depends on the
# Debian packages of the shared libraries the binaries load (dpkg-shlibdeps, from dpkg-dev: it
# finds libllvm22 and libclang-cpp22 through their files on the loader's path), on Clang's resource
# directory, whose headers (the CUDA wrappers, stddef.h) every parse reads, and on python3 for the
# pre-commit hook.
# lintian on the package (test/e2e/install_deb.py requires no error) leaves these warnings:
# - maintscript-calls-ldconfig: CPack writes a postinst and a postrm calling ldconfig for any
#   shared object under /usr/lib, the plugin in /usr/lib/coopcheck/ included; harmless.
# - no-manual-page [usr/bin/coopcheck-hook]: the hook passes --help on to coopcheck, so it has
#   no --help of its own to generate a page from; README.md's pre-commit section documents it.
set(CPACK_PACKAGE_NAME coopcheck)
set(CPACK_PACKAGE_CONTACT "${COOPCHECK_MAINTAINER}")
set(CPACK_PACKAGE_HOMEPAGE_URL ${COOPCHECK_HOMEPAGE})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "checker for cooperative-groups and warp-synchronization bugs in GPU code")
set(CPACK_PACKAGE_DESCRIPTION
    "coopcheck finds cooperative-groups and warp-synchronization bugs in CUDA, HIP\n\
and MXMACA sources: a command-line tool, a clang-tidy-22 plugin and\n\
coopcheck-clangd, clangd 22 with its checks built in.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-22-dev, python3")
# The plugin is loaded by clang-tidy-22; the other front doors need no clang-tidy.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-tidy-22")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "pre-commit")
set(CPACK_GENERATOR DEB)
include(CPack)
