# The documents an installed coopcheck carries besides docs/: the man pages and the bash completion,
# generated at build time from the binaries' own --help (cmake/cli_docs.py), so that they list the
# options the binaries have; the licence in Debian's machine-readable format (DEP-5); the changelog
# Debian wants of a native package. Built into build/package/, installed under share/.
set(COOPCHECK_PACKAGE_DIR ${CMAKE_BINARY_DIR}/package)
set(cli_docs ${CMAKE_SOURCE_DIR}/cmake/cli_docs.py)

add_custom_command(OUTPUT ${COOPCHECK_PACKAGE_DIR}/coopcheck.1.gz
  COMMAND python3 ${cli_docs} man $<TARGET_FILE:coopcheck> ${COOPCHECK_PACKAGE_DIR}/coopcheck.1.gz
          --section "EXIT STATUS=0: no finding at or above --fail-level; 1: findings; 2: unusable input (a one-line reason on stderr)."
          --section "SEE ALSO=coopcheck-clangd(1), clang-tidy-22(1); the rule pages and the guides in share/coopcheck/docs of the installation (/usr/share/coopcheck/docs from the Debian package); coopcheck --explain=RULE prints a rule's page."
  DEPENDS coopcheck ${cli_docs} VERBATIM)
add_custom_command(OUTPUT ${COOPCHECK_PACKAGE_DIR}/coopcheck-clangd.1.gz
  COMMAND python3 ${cli_docs} man $<TARGET_FILE:coopcheck-clangd>
          ${COOPCHECK_PACKAGE_DIR}/coopcheck-clangd.1.gz --summary "clangd 22 with coopcheck's cg- checks built in"
          --section "SEE ALSO=coopcheck(1)"
  DEPENDS coopcheck-clangd ${cli_docs} VERBATIM)
add_custom_command(OUTPUT ${COOPCHECK_PACKAGE_DIR}/coopcheck.bash
  COMMAND python3 ${cli_docs} completion $<TARGET_FILE:coopcheck> ${COOPCHECK_PACKAGE_DIR}/coopcheck.bash
  DEPENDS coopcheck ${cli_docs} VERBATIM)

# The changelog's date is the configure time, or SOURCE_DATE_EPOCH for a reproducible build.
string(TIMESTAMP COOPCHECK_CHANGELOG_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(${CMAKE_SOURCE_DIR}/cmake/debian/changelog.in ${COOPCHECK_PACKAGE_DIR}/changelog @ONLY)
add_custom_command(OUTPUT ${COOPCHECK_PACKAGE_DIR}/changelog.gz
  COMMAND python3 ${cli_docs} gzip ${COOPCHECK_PACKAGE_DIR}/changelog ${COOPCHECK_PACKAGE_DIR}/changelog.gz
  DEPENDS ${COOPCHECK_PACKAGE_DIR}/changelog ${cli_docs} VERBATIM)

add_custom_target(coopcheck-package-docs ALL DEPENDS
  ${COOPCHECK_PACKAGE_DIR}/coopcheck.1.gz ${COOPCHECK_PACKAGE_DIR}/coopcheck-clangd.1.gz
  ${COOPCHECK_PACKAGE_DIR}/coopcheck.bash ${COOPCHECK_PACKAGE_DIR}/changelog.gz)

install(FILES ${COOPCHECK_PACKAGE_DIR}/coopcheck.1.gz ${COOPCHECK_PACKAGE_DIR}/coopcheck-clangd.1.gz
        DESTINATION share/man/man1)
install(FILES ${COOPCHECK_PACKAGE_DIR}/coopcheck.bash DESTINATION share/bash-completion/completions
        RENAME coopcheck)
install(FILES ${CMAKE_SOURCE_DIR}/cmake/debian/copyright ${COOPCHECK_PACKAGE_DIR}/changelog.gz
        DESTINATION share/doc/coopcheck)
