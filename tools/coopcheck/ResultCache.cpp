#include "tools/coopcheck/ResultCache.h"
#include "analysis/support/AtomicWrite.h"
#include "analysis/support/Digest.h"
#include "checks/report/FindingJson.h"
#include "checks/report/Version.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include <nlohmann/json.hpp>

namespace coopcheck::cli {
namespace {
using Json = nlohmann::ordered_json;

int64_t nanoseconds(llvm::sys::TimePoint<> T) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(T.time_since_epoch()).count();
}

std::optional<std::string> contentDigest(const std::string &Path) {
  auto Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return std::nullopt;
  return analysis::digestOf((*Buffer)->getBuffer());
}

/// Which build of coopcheck this is: its version and its executable's size and time, so that a
/// rebuilt coopcheck does not reuse what another build found.
std::string buildIdentity() {
  static int Anchor;
  std::string Self = llvm::sys::fs::getMainExecutable(nullptr, &Anchor);
  llvm::sys::fs::file_status Status;
  std::string Identity = std::string(report::toolVersion()) + "\n" + Self;
  if (!llvm::sys::fs::status(Self, Status))
    Identity += "\n" + std::to_string(Status.getSize()) + "\n" +
                std::to_string(nanoseconds(Status.getLastModificationTime()));
  return Identity;
}

/// Stamps of the files a result depends on: size, time and content digest, or nullopt when one
/// cannot be read or changed after Started.
std::optional<Json> fileStamps(const std::vector<std::string> &Files, int64_t Started) {
  Json Out = Json::array();
  for (const std::string &Path : Files) {
    llvm::sys::fs::file_status Status;
    if (llvm::sys::fs::status(Path, Status))
      return std::nullopt;
    int64_t Time = nanoseconds(Status.getLastModificationTime());
    std::optional<std::string> Digest = contentDigest(Path);
    if (Time > Started || !Digest)
      return std::nullopt;
    Out.push_back(
        {{"path", Path}, {"size", Status.getSize()}, {"time", Time}, {"digest", *Digest}});
  }
  return Out;
}

/// A file is unchanged when its size and time are; a file whose time alone changed (touched,
/// checked out again) is unchanged when its content digest is.
bool fileUnchanged(const Json &Stamp) {
  std::string Path = Stamp.at("path").get<std::string>();
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status) || Status.getSize() != Stamp.at("size").get<uint64_t>())
    return false;
  return nanoseconds(Status.getLastModificationTime()) == Stamp.at("time").get<int64_t>() ||
         contentDigest(Path) == Stamp.at("digest").get<std::string>();
}

bool directoryUnchanged(const Json &Stamp) {
  llvm::sys::fs::file_status Status;
  return !llvm::sys::fs::status(Stamp.at("path").get<std::string>(), Status) &&
         nanoseconds(Status.getLastModificationTime()) == Stamp.at("time").get<int64_t>();
}

std::optional<UnitResult> resultOf(const Json &Entry) {
  UnitResult R;
  for (const Json &F : Entry.at("findings")) {
    std::optional<report::Finding> Finding = report::findingFromJson(F);
    if (!Finding)
      return std::nullopt;
    R.Findings.push_back(std::move(*Finding));
  }
  if (!Entry.at("facts").is_null()) {
    auto Facts = analysis::CrossUnitFacts::fromJson(Entry.at("facts").get<std::string>());
    if (!Facts || Facts->units().size() != 1) {
      if (!Facts)
        llvm::consumeError(Facts.takeError());
      return std::nullopt;
    }
    R.Facts = Facts->units().front();
  }
  if (!Entry.at("failure").is_null())
    R.Failure = Entry.at("failure").get<std::string>();
  if (!Entry.at("partial").is_null()) {
    R.Partial = report::partialFromJson(Entry.at("partial"));
    if (!R.Partial)
      return std::nullopt;
  }
  return R;
}

} // namespace

ResultCache::ResultCache(std::string Directory, const std::string &RunOptions)
    : Directory(std::move(Directory)), RunKey(buildIdentity() + "\n" + RunOptions) {
  analysis::removeStaleTemporaries(this->Directory, std::chrono::hours(24));
}

std::string ResultCache::keyOf(const std::string &UnitInputs) const {
  llvm::SmallString<256> Path(Directory);
  llvm::sys::path::append(Path, analysis::digestOf(RunKey + '\0' + UnitInputs) + ".json");
  return std::string(Path);
}

std::optional<UnitResult> ResultCache::lookup(const std::string &Key) const {
  auto Buffer = llvm::MemoryBuffer::getFile(Key);
  if (!Buffer)
    return std::nullopt;
  try {
    Json Entry = Json::parse((*Buffer)->getBuffer().begin(), (*Buffer)->getBuffer().end());
    for (const Json &Stamp : Entry.at("files"))
      if (!fileUnchanged(Stamp))
        return std::nullopt;
    for (const Json &Stamp : Entry.at("directories"))
      if (!directoryUnchanged(Stamp))
        return std::nullopt;
    return resultOf(Entry);
  } catch (const std::exception &) {
    return std::nullopt; // not an entry this build wrote: it is written again
  }
}

void ResultCache::store(const std::string &Key, const UnitResult &R,
                        std::chrono::system_clock::time_point Started) const {
  // JSON carries UTF-8 only: a unit with another path would not read back byte for byte.
  if (R.Transient ||
      !llvm::all_of(R.FilesRead, [](const std::string &F) { return llvm::json::isUTF8(F); }))
    return;
  std::optional<Json> Files = fileStamps(R.FilesRead, nanoseconds(Started));
  if (!Files)
    return;
  Json Entry{{"files", std::move(*Files)}, {"directories", Json::array()}};
  // Compile errors are often a header not found: it may appear in any directory searched.
  if (R.Failure || (R.Partial && R.Partial->CompileErrors))
    for (const std::string &Dir : R.DirectoriesSearched) {
      llvm::sys::fs::file_status Status;
      if (!llvm::sys::fs::status(Dir, Status))
        Entry["directories"].push_back(
            {{"path", Dir}, {"time", nanoseconds(Status.getLastModificationTime())}});
    }
  Entry["findings"] = Json::array();
  for (const report::Finding &F : R.Findings)
    Entry["findings"].push_back(report::findingToJson(F));
  Json Facts = nullptr;
  if (R.Facts) {
    analysis::CrossUnitFacts One;
    One.add(*R.Facts);
    Facts = One.toJson();
  }
  Entry["facts"] = std::move(Facts);
  Entry["failure"] = R.Failure ? Json(*R.Failure) : Json(nullptr);
  Entry["partial"] = R.Partial ? report::partialToJson(*R.Partial) : Json(nullptr);
  if (llvm::sys::fs::create_directories(Directory))
    return;
  std::string Text;
  try {
    Text = Entry.dump();
  } catch (const nlohmann::json::type_error &) {
    return; // text that is not UTF-8 would not read back byte for byte
  }
  // A cache that cannot be written costs the next run its time, nothing else; a full disk is
  // worth saying once.
  llvm::Error Err = analysis::writeAtomically(Key, Text);
  std::error_code Code = llvm::errorToErrorCode(std::move(Err));
  if (Code == std::errc::no_space_on_device)
    std::call_once(NoSpaceWarned, [&] {
      llvm::errs() << "coopcheck: warning: the cache " << Directory
                   << " is full (no space left on device): results are not kept\n";
    });
}

} // namespace coopcheck::cli
