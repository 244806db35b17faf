// A header named on the command line (the pre-commit hook passes staged headers) has no entry of
// its own in a compile database. As clangd does, it is analysed through a unit of the database
// that includes it, directly or through other headers, so that it sees the declarations and
// macros that unit gives it; only when no unit includes it is it analysed alone, with the
// command of the nearest unit.
#pragma once
#include "analysis/frontend/CompileDatabase.h"
#include "analysis/frontend/FlagTranslator.h"
#include <functional>
#include <string>
#include <vector>

namespace coopcheck::cli {

using TranslateEntry =
    std::function<analysis::TranslatedCommand(const analysis::CompileEntry &Entry)>;

/// The database unit that includes Header, or null. Units in the header's own directory tree
/// are tried first; each file's includes are read once.
const analysis::CompileEntry *findIncludingUnit(const std::vector<analysis::CompileEntry> &Database,
                                                const std::string &Header,
                                                const TranslateEntry &Translate);

/// The entry whose file shares the longest path prefix with File: the command a file with no
/// entry and no including unit borrows.
const analysis::CompileEntry *nearestEntry(const std::vector<analysis::CompileEntry> &Database,
                                           const std::string &File);

} // namespace coopcheck::cli
