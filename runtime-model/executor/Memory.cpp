#include "runtime-model/executor/Memory.h"

namespace coopcheck::model::executor {
namespace {
// Buffers 4 GiB apart: no offset a small grid computes reaches the next one.
constexpr uint64_t BufferStride = 1ull << 32;
} // namespace

uint64_t Memory::allocate(std::string Name, uint64_t Size) {
  uint64_t Base = (Buffers.size() + 1) * BufferStride;
  Buffers.push_back({std::move(Name), Base, Size, {}});
  return Base;
}

Buffer *Memory::bufferAt(uint64_t Address) {
  uint64_t Index = Address / BufferStride;
  if (Index == 0 || Index > Buffers.size())
    return nullptr;
  return &Buffers[Index - 1];
}

namespace {
unsigned bytesOf(const z3::expr &E) { return (E.get_sort().bv_size() + 7) / 8; }
} // namespace

z3::expr Memory::fresh(Buffer &B, uint64_t Offset, unsigned Bits) {
  std::string Name = B.Name + "[" + std::to_string(Offset) + "]";
  if (Bits != 32)
    Name += ":" + std::to_string(Bits);
  z3::expr Symbol = Z->bv_const(Name.c_str(), Bits);
  Inputs.emplace_back(Name, Symbol);
  InputsByAddress.emplace(B.Base + Offset, Symbol);
  return Symbol;
}

std::vector<z3::expr> Memory::inputsIn(uint64_t Address, uint64_t Bytes) const {
  std::vector<z3::expr> Out;
  for (auto It = InputsByAddress.lower_bound(Address);
       It != InputsByAddress.end() && It->first < Address + Bytes; ++It)
    Out.push_back(It->second);
  return Out;
}

z3::expr Memory::byteAt(Buffer &B, uint64_t Offset) {
  auto It = B.Cells.upper_bound(Offset);
  if (It != B.Cells.begin()) {
    --It;
    if (Offset < It->first + bytesOf(It->second)) {
      unsigned Low = 8 * (Offset - It->first);
      z3::expr Wide = It->second;
      if (Wide.get_sort().bv_size() < Low + 8)
        Wide = z3::zext(Wide, Low + 8 - Wide.get_sort().bv_size());
      return Wide.extract(Low + 7, Low).simplify();
    }
  }
  z3::expr Byte = fresh(B, Offset, 8);
  B.Cells.emplace(Offset, Byte);
  return Byte;
}

void Memory::clear(Buffer &B, uint64_t Offset, uint64_t Bytes) {
  auto It = B.Cells.upper_bound(Offset);
  if (It != B.Cells.begin())
    --It;
  std::vector<std::pair<uint64_t, z3::expr>> Kept;
  while (It != B.Cells.end() && It->first < Offset + Bytes) {
    uint64_t Start = It->first, End = Start + bytesOf(It->second);
    if (End <= Offset) {
      ++It;
      continue;
    }
    for (uint64_t I = Start; I < End; ++I)
      if (I < Offset || I >= Offset + Bytes)
        Kept.emplace_back(I, byteAt(B, I));
    It = B.Cells.erase(It);
  }
  for (auto &[At, Byte] : Kept)
    B.Cells.insert_or_assign(At, Byte);
}

z3::expr Memory::load(uint64_t Address, unsigned Bits) {
  Buffer *B = bufferAt(Address);
  uint64_t Offset = Address - B->Base;
  unsigned Bytes = (Bits + 7) / 8;
  auto It = B->Cells.find(Offset);
  if (It != B->Cells.end() && It->second.get_sort().bv_size() == Bits)
    return It->second;
  bool Untouched = true;
  for (uint64_t I = 0; I < Bytes && Untouched; ++I) {
    auto Cell = B->Cells.upper_bound(Offset + I);
    Untouched = Cell == B->Cells.begin() ||
                std::prev(Cell)->first + bytesOf(std::prev(Cell)->second) <= Offset + I;
  }
  if (Untouched) {
    z3::expr Symbol = fresh(*B, Offset, Bits);
    B->Cells.emplace(Offset, Symbol);
    return Symbol;
  }
  z3::expr Value = byteAt(*B, Offset);
  for (unsigned I = 1; I < Bytes; ++I)
    Value = z3::concat(byteAt(*B, Offset + I), Value); // little endian
  if (Bits % 8)
    Value = Value.extract(Bits - 1, 0);
  return Value.simplify();
}

void Memory::store(uint64_t Address, const z3::expr &Value) {
  Buffer *B = bufferAt(Address);
  uint64_t Offset = Address - B->Base;
  clear(*B, Offset, bytesOf(Value));
  B->Cells.insert_or_assign(Offset, Value);
}

size_t Memory::cells() const {
  size_t Count = 0;
  for (const Buffer &B : Buffers)
    Count += B.Cells.size();
  return Count;
}

} // namespace coopcheck::model::executor
