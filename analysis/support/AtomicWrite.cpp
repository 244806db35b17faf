#include "analysis/support/AtomicWrite.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace coopcheck::analysis {

/// The name writeAtomically's temporary files have: the target's name, then this and six
/// characters.
constexpr llvm::StringLiteral TemporaryInfix = ".coopcheck-";

llvm::Error writeAtomically(llvm::StringRef Path, llvm::StringRef Contents) {
  llvm::SmallString<256> Target(Path);
  if (llvm::sys::fs::is_symlink_file(Path))
    if (std::error_code EC = llvm::sys::fs::real_path(Path, Target))
      return llvm::errorCodeToError(EC);
  // In the target's directory, so that the rename stays on one file system; removed on a signal.
  llvm::Expected<llvm::sys::fs::TempFile> Temp =
      llvm::sys::fs::TempFile::create(Target + TemporaryInfix + "%%%%%%");
  if (!Temp)
    return Temp.takeError();
  llvm::raw_fd_ostream Out(Temp->FD, /*shouldClose=*/false);
  Out << Contents;
  Out.flush();
  std::error_code EC = Out.error();
  llvm::ErrorOr<llvm::sys::fs::perms> Permissions = llvm::sys::fs::getPermissions(Target);
  if (!EC && Permissions)
    EC = llvm::sys::fs::setPermissions(Temp->FD, *Permissions);
  if (EC) {
    Out.clear_error();
    return llvm::joinErrors(llvm::errorCodeToError(EC), Temp->discard());
  }
  return Temp->keep(Target);
}

void removeStaleTemporaries(llvm::StringRef Directory, std::chrono::hours Age) {
  auto Oldest = std::chrono::system_clock::now() - Age;
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Directory, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.contains(TemporaryInfix) && !Name.ends_with(".tmp"))
      continue;
    llvm::sys::fs::file_status Status;
    if (!llvm::sys::fs::status(It->path(), Status, /*Follow=*/false) &&
        Status.type() == llvm::sys::fs::file_type::regular_file &&
        Status.getLastModificationTime() < Oldest)
      (void)llvm::sys::fs::remove(It->path());
  }
}

/// Whether Path is written where it is rather than replaced: a rename over a device node or a
/// FIFO (as root: /dev/null) would put a regular file in its place.
static bool writtenInPlace(llvm::StringRef Path) {
  if (Path.starts_with("/dev/") || Path.starts_with("/proc/"))
    return true;
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status, /*Follow=*/true))
    return false; // a new file
  llvm::sys::fs::file_type Type = Status.type();
  return Type != llvm::sys::fs::file_type::regular_file &&
         Type != llvm::sys::fs::file_type::directory_file;
}

llvm::Error writeOutput(llvm::StringRef Path, llvm::StringRef Contents) {
  if (Path != "-" && !writtenInPlace(Path))
    return writeAtomically(Path, Contents);
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_None);
  if (EC)
    return llvm::errorCodeToError(EC);
  Out << Contents;
  Out.flush();
  EC = Out.error();
  Out.clear_error();
  return llvm::errorCodeToError(EC);
}

} // namespace coopcheck::analysis
