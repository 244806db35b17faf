// The memory of a replayed grid: one buffer per kernel pointer argument, per __shared__ variable
// and block, per __device__ variable, and per local array of a thread. Buffers are byte maps whose
// unwritten bytes are fresh symbols, so kernel inputs stay symbolic; addresses are a buffer's base
// plus an offset, and every buffer's base is far from the others.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>
#include <z3++.h>

namespace coopcheck::model::executor {

struct Buffer {
  std::string Name; ///< "data" (a kernel argument), "tile[block 1]", ...
  uint64_t Base = 0;
  uint64_t Size = 0; ///< 0: unbounded (memory behind a kernel argument)
  /// Values by offset, each as wide as it was stored, so that a load of what a store wrote
  /// returns the stored expression itself.
  std::map<uint64_t, z3::expr> Cells;
};

class Memory {
public:
  explicit Memory(z3::context &Z) : Z(&Z) {}

  /// A new buffer; its address is the returned base.
  uint64_t allocate(std::string Name, uint64_t Size);
  /// The buffer a concrete address falls into.
  Buffer *bufferAt(uint64_t Address);

  /// Width in bits; the address must be concrete.
  z3::expr load(uint64_t Address, unsigned Bits);
  void store(uint64_t Address, const z3::expr &Value);
  /// Values held, over every buffer: what the memory bound counts.
  size_t cells() const;
  /// Every symbol made for an unwritten byte: the inputs a witness reports.
  const std::vector<std::pair<std::string, z3::expr>> &inputs() const { return Inputs; }
  /// The symbols made for what [Address, Address + Bytes) held before the kernel wrote it.
  std::vector<z3::expr> inputsIn(uint64_t Address, uint64_t Bytes) const;

private:
  z3::expr fresh(Buffer &B, uint64_t Offset, unsigned Bits);
  z3::expr byteAt(Buffer &B, uint64_t Offset);
  /// Cells overlapping [Offset, Offset + Bytes) are cut into bytes outside that range.
  void clear(Buffer &B, uint64_t Offset, uint64_t Bytes);

  z3::context *Z;
  std::vector<Buffer> Buffers;
  std::vector<std::pair<std::string, z3::expr>> Inputs;
  std::multimap<uint64_t, z3::expr> InputsByAddress;
};

} // namespace coopcheck::model::executor
