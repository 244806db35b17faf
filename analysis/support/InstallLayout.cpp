#include "analysis/support/InstallLayout.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <dlfcn.h>
#include <link.h>

namespace coopcheck::analysis {

/// The path of the image that holds this function. The dynamic loader's record of a shared object
/// names the file it loaded; the main program's record has an empty name, and the kernel knows
/// its file (/proc/self/exe).
static std::string imagePath() {
  void *Self = reinterpret_cast<void *>(&imagePath);
  Dl_info Info;
  link_map *Map = nullptr;
  if (dladdr1(Self, &Info, reinterpret_cast<void **>(&Map), RTLD_DL_LINKMAP) && Map &&
      Map->l_name && Map->l_name[0] != '\0')
    return Map->l_name;
  return llvm::sys::fs::getMainExecutable(nullptr, Self);
}

static std::string locateImageDirectory() {
  std::string Path = imagePath();
  llvm::SmallString<256> Real;
  // real_path also makes a relative name (clang-tidy -load=lib/x.so) absolute, against the
  // working directory of the moment: see LocatedAtLoad.
  if (Path.empty() || llvm::sys::fs::real_path(Path, Real))
    return "";
  return std::string(llvm::sys::path::parent_path(Real));
}

std::string imageDirectory() {
  static const std::string Directory = locateImageDirectory();
  return Directory;
}

// Located when the image is loaded, before any code runs in it: clang-tidy changes the working
// directory to each compile command's, and a plugin loaded by a relative name would be looked
// for under that directory afterwards.
[[maybe_unused]] static const bool LocatedAtLoad = !imageDirectory().empty();

// The installed plugin is in lib/coopcheck/, a private directory (Debian policy 8.1: a shared
// object no program links stays out of the public lib/); the build tree's is in lib/.
std::string dataDirectory() {
  llvm::SmallString<256> Prefix(imageDirectory());
  if (llvm::sys::path::filename(Prefix) == "coopcheck")
    llvm::sys::path::append(Prefix, "..");
  llvm::sys::path::append(Prefix, "..", "share", "coopcheck");
  llvm::sys::path::remove_dots(Prefix, /*remove_dot_dot=*/true);
  return std::string(Prefix);
}

} // namespace coopcheck::analysis
