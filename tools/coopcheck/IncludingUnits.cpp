#include "tools/coopcheck/IncludingUnits.h"
#include "analysis/flow/StableOrder.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include <map>

namespace coopcheck::cli {
namespace {

/// How deep an including chain is followed: unit → header → header → ... → the header.
constexpr unsigned MaxIncludeDepth = 6;

std::string canonical(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

/// The directories a unit's command searches for quoted and angled includes.
std::vector<std::string> includeDirectories(const analysis::TranslatedCommand &Command,
                                            const std::string &Directory) {
  std::vector<std::string> Dirs;
  const std::vector<std::string> &Args = Command.Args;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    for (llvm::StringRef Flag : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      if (!Arg.starts_with(Flag))
        continue;
      llvm::StringRef Dir = Arg.drop_front(Flag.size());
      if (Dir.empty() && I + 1 < Args.size())
        Dir = Args[++I];
      llvm::SmallString<256> Abs(Dir);
      if (llvm::sys::path::is_relative(Abs))
        Abs = (llvm::Twine(Directory) + "/" + Dir).str();
      Dirs.push_back(std::string(Abs));
      break;
    }
  }
  return Dirs;
}

/// The files one unit's includes lead to, read once per file for the whole search.
class IncludeGraph {
public:
  /// The existing files File's #include lines name, looked up beside File, then in Dirs.
  const std::vector<std::string> &includesOf(const std::string &File,
                                             const std::vector<std::string> &Dirs) {
    auto [It, Inserted] = Edges.try_emplace(File);
    if (Inserted)
      It->second = resolve(File, Dirs);
    return It->second;
  }

private:
  static std::vector<std::string> resolve(const std::string &File,
                                          const std::vector<std::string> &Dirs) {
    std::vector<std::string> Found;
    auto Buffer = llvm::MemoryBuffer::getFile(File);
    if (!Buffer)
      return Found;
    static const llvm::Regex Include("^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"]");
    llvm::SmallVector<llvm::StringRef, 64> Lines;
    (*Buffer)->getBuffer().split(Lines, '\n');
    // Beside the including file first, then the command's directories.
    std::vector<std::string> Search = {llvm::sys::path::parent_path(File).str()};
    llvm::append_range(Search, Dirs);
    for (llvm::StringRef Line : Lines) {
      llvm::SmallVector<llvm::StringRef, 2> Match;
      if (!Line.contains("include") || !Include.match(Line, &Match))
        continue;
      for (const std::string &Dir : Search) {
        std::string Candidate = (llvm::Twine(Dir) + "/" + Match[1]).str();
        if (llvm::sys::fs::is_regular_file(Candidate)) {
          Found.push_back(canonical(Candidate));
          break;
        }
      }
    }
    return Found;
  }

  std::map<std::string, std::vector<std::string>> Edges;
};

bool reaches(IncludeGraph &Graph, const std::string &Unit, const std::string &Header,
             const std::vector<std::string> &Dirs) {
  llvm::StringSet<> Seen{Unit};
  std::vector<std::string> Level{Unit};
  for (unsigned Depth = 0; Depth < MaxIncludeDepth && !Level.empty(); ++Depth) {
    std::vector<std::string> Next;
    for (const std::string &File : Level)
      for (const std::string &Included : Graph.includesOf(File, Dirs)) {
        if (Included == Header)
          return true;
        if (Seen.insert(Included).second)
          Next.push_back(Included);
      }
    Level = std::move(Next);
  }
  return false;
}

size_t commonPrefixLength(llvm::StringRef A, llvm::StringRef B) {
  size_t N = 0;
  while (N < A.size() && N < B.size() && A[N] == B[N])
    ++N;
  return N;
}

/// Database entries, those sharing the longest path prefix with File first.
std::vector<const analysis::CompileEntry *>
byNearness(const std::vector<analysis::CompileEntry> &Database, const std::string &File) {
  std::vector<const analysis::CompileEntry *> Order;
  for (const analysis::CompileEntry &Entry : Database)
    Order.push_back(&Entry);
  analysis::stableSort(
      Order, [&](const analysis::CompileEntry *A, const analysis::CompileEntry *B) {
        return commonPrefixLength(A->File, File) > commonPrefixLength(B->File, File);
      });
  return Order;
}

} // namespace

const analysis::CompileEntry *findIncludingUnit(const std::vector<analysis::CompileEntry> &Database,
                                                const std::string &Header,
                                                const TranslateEntry &Translate) {
  std::string Target = canonical(Header);
  IncludeGraph Graph;
  for (const analysis::CompileEntry *Entry : byNearness(Database, Header)) {
    std::vector<std::string> Dirs = includeDirectories(Translate(*Entry), Entry->Directory);
    if (reaches(Graph, canonical(Entry->File), Target, Dirs))
      return Entry;
  }
  return nullptr;
}

const analysis::CompileEntry *nearestEntry(const std::vector<analysis::CompileEntry> &Database,
                                           const std::string &File) {
  std::vector<const analysis::CompileEntry *> Order = byNearness(Database, File);
  return Order.empty() ? nullptr : Order.front();
}

} // namespace coopcheck::cli
