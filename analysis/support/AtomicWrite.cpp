#include "analysis/support/AtomicWrite.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace coopcheck::analysis {

llvm::Error writeAtomically(llvm::StringRef Path, llvm::StringRef Contents) {
  llvm::SmallString<256> Target(Path);
  if (llvm::sys::fs::is_symlink_file(Path))
    if (std::error_code EC = llvm::sys::fs::real_path(Path, Target))
      return llvm::errorCodeToError(EC);
  // In the target's directory, so that the rename stays on one file system; removed on a signal.
  llvm::Expected<llvm::sys::fs::TempFile> Temp =
      llvm::sys::fs::TempFile::create(Target + ".coopcheck-%%%%%%");
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

} // namespace coopcheck::analysis
