// Where coopcheck's data files are: beside the binary that runs, never at a path fixed at build
// time. Every binary (the CLI, coopcheck-clangd, the test and fuzz programs) lives in bin/ and the
// clang-tidy plugin in lib/ (installed: lib/coopcheck/), under one prefix whose share/coopcheck/
// holds the model headers. The build tree has the same layout (build/share/coopcheck/include links
// to runtime-model/include), so one rule serves the build tree and an installed prefix, which can
// then be moved.
#pragma once
#include <string>

namespace coopcheck::analysis {

/// The absolute directory of the file whose code this is: the executable, or the shared object
/// it was loaded from (libcoopcheck-tidy.so inside clang-tidy-22). Symbolic links are resolved, so
/// a link to an installed binary (/usr/local/bin/coopcheck) finds the real prefix. Empty when the
/// image cannot be located.
std::string imageDirectory();

/// <prefix>/share/coopcheck, the prefix being the parent of bin/, lib/ or lib/coopcheck/ (the
/// installed plugin): the model headers (include/) every hermetic parse reads.
std::string dataDirectory();

} // namespace coopcheck::analysis
