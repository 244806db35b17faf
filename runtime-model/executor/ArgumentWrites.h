// Where a kernel's own code writes the memory behind its pointer arguments, read from the device
// IR of every function it reaches. A replay gives each pointer argument a buffer of its own; on
// the hardware two arguments may be one buffer (a flag passed as a unicast and a multicast
// pointer, as multi-GPU collectives do), or another agent (a peer device, the host) may write it.
// So a spin on a flag that the kernel never writes, or in a kernel that writes through pointers
// it cannot trace to its arguments, is no witness of a hang.
#pragma once
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include <optional>
#include <vector>

namespace coopcheck::model::executor {

class ArgumentWrites {
public:
  /// Functions: the kernel and every function it reaches.
  ArgumentWrites(const llvm::Function &Kernel,
                 const std::vector<const llvm::Function *> &Functions);

  /// Whether the kernel may write the byte at Offset in the memory behind Argument: a write
  /// there, one at an offset not known when compiling, or one whose target is not traced to the
  /// kernel's arguments (a pointer loaded from memory).
  bool mayWrite(const llvm::Argument &Argument, uint64_t Offset) const;
  /// Whether the kernel writes through a pointer not traced to its arguments (a peer's buffer
  /// read from a table or returned by a call): on the hardware it may be any of them.
  bool writesUntraced() const { return Untraced; }

private:
  /// Where a write lands in one argument's memory: bytes [Offset, Offset + Bytes), or anywhere.
  struct Extent {
    std::optional<int64_t> Offset;
    uint64_t Bytes = 0;
  };
  void addWrite(const llvm::Value *Pointer, uint64_t Bytes);
  /// The places in the kernel's arguments that Bytes written Past bytes beyond Pointer may land
  /// on (Bytes 0: anywhere); false when Pointer is not traced to them.
  bool targetsOf(const llvm::Value *Pointer, int64_t Past, uint64_t Bytes,
                 llvm::SmallVectorImpl<std::pair<const llvm::Argument *, Extent>> &Out,
                 llvm::SmallPtrSetImpl<const llvm::Value *> &Seen) const;

  const llvm::Function &Kernel;
  /// The calls of each function the kernel reaches, by their callee.
  llvm::DenseMap<const llvm::Function *, llvm::SmallVector<const llvm::CallBase *, 4>> CallsOf;
  const llvm::DataLayout &DL;
  llvm::DenseMap<const llvm::Argument *, llvm::SmallVector<Extent, 4>> Written;
  bool Untraced = false;
};

} // namespace coopcheck::model::executor
