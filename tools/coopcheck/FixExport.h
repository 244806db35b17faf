// coopcheck --export-fixes: the report's findings as the clang-apply-replacements YAML that
// clang-tidy --export-fixes writes (clang::tooling::TranslationUnitDiagnostics through LLVM's
// YAML I/O), so that tools made for clang-tidy's fixes (clang-apply-replacements, review bots,
// run-clang-tidy's merge) take coopcheck's as they are.
#pragma once
#include "checks/report/Finding.h"
#include "llvm/Support/Error.h"
#include <string>

namespace coopcheck::cli {

/// What the YAML says besides the findings: clang-tidy's first source file, made absolute, and
/// the directory the paths were resolved in.
struct FixExportContext {
  std::string MainSourceFile;
  std::string BuildDirectory;
};

/// Writes every unsuppressed finding of \p Report (its fix-its as replacements, its notes as
/// notes; offsets in bytes of the files as they are now) to \p Path, whole or not at all. Unlike
/// clang-tidy, a run without findings writes the file too (with no diagnostics), so that no fixes
/// of an earlier run are left to apply. A finding whose fix-its no longer match their file is
/// exported without replacements, with a warning on stderr.
llvm::Error exportFixes(const report::Report &Report, const std::string &Path,
                        const FixExportContext &Context);

} // namespace coopcheck::cli
