#include "checks/report/Fingerprint.h"
#include <array>
#include <cstdint>
#include <unordered_map>

namespace coopcheck::report {
namespace {

// The reference reads the file as JavaScript strings: every step of the hash sees one UTF-16 code
// unit, and invalid UTF-8 decodes to U+FFFD the way the WHATWG decoder does.
std::vector<uint16_t> toUtf16(std::string_view S) {
  std::vector<uint16_t> Units;
  Units.reserve(S.size());
  size_t I = 0;
  while (I < S.size()) {
    unsigned char Lead = S[I];
    unsigned Need = 0, Lower = 0x80, Upper = 0xBF;
    uint32_t CodePoint = Lead;
    if (Lead >= 0xC2 && Lead <= 0xDF) {
      Need = 1, CodePoint = Lead & 0x1F;
    } else if (Lead >= 0xE0 && Lead <= 0xEF) {
      Need = 2, CodePoint = Lead & 0x0F;
      Lower = Lead == 0xE0 ? 0xA0 : 0x80, Upper = Lead == 0xED ? 0x9F : 0xBF;
    } else if (Lead >= 0xF0 && Lead <= 0xF4) {
      Need = 3, CodePoint = Lead & 0x07;
      Lower = Lead == 0xF0 ? 0x90 : 0x80, Upper = Lead == 0xF4 ? 0x8F : 0xBF;
    } else if (Lead >= 0x80) {
      Units.push_back(0xFFFD);
      ++I;
      continue;
    }
    size_t J = I + 1;
    // Only the first continuation byte has the narrowed range; an invalid byte ends the sequence
    // with one U+FFFD and is decoded again on its own.
    for (unsigned K = 0; K < Need; ++K, ++J) {
      unsigned char C = J < S.size() ? S[J] : 0;
      if (J >= S.size() || C < (K == 0 ? Lower : 0x80) || C > (K == 0 ? Upper : 0xBF))
        break;
      CodePoint = CodePoint << 6 | (C & 0x3F);
    }
    if (J - I != Need + 1) {
      Units.push_back(0xFFFD);
      I = J;
      continue;
    }
    I = J;
    if (CodePoint >= 0x10000) {
      CodePoint -= 0x10000;
      Units.push_back(0xD800 + (CodePoint >> 10));
      Units.push_back(0xDC00 + (CodePoint & 0x3FF));
    } else {
      Units.push_back(CodePoint);
    }
  }
  return Units;
}

constexpr unsigned BlockSize = 100;
constexpr uint64_t Mod = 37;
constexpr uint32_t EndOfFile = 65535;

std::string toHex(uint64_t V) {
  static const char Digits[] = "0123456789abcdef";
  std::string Out;
  do {
    Out.insert(Out.begin(), Digits[V & 15]);
    V >>= 4;
  } while (V);
  return Out;
}

/// A polynomial rolling hash over the last BlockSize characters, in 64-bit wrapping arithmetic
/// (the reference uses signed Long and prints it unsigned: the same bits).
class RollingHasher {
public:
  explicit RollingHasher(std::vector<std::string> &Out) : Hashes(Out) {
    LineNumbers.fill(-1);
    for (unsigned I = 0; I < BlockSize; ++I)
      FirstMod *= Mod;
  }

  void process(uint32_t C) {
    if (C == ' ' || C == '\t' || (PrevCR && C == '\n')) {
      PrevCR = false;
      return;
    }
    PrevCR = C == '\r';
    if (PrevCR)
      C = '\n';
    if (LineNumbers[Index] != -1)
      emit();
    if (LineStart) {
      LineStart = false;
      LineNumbers[Index] = ++LineNumber;
    }
    LineStart = C == '\n';
    update(C);
  }

  /// Pushes zeros through the window so that the last lines get their hash.
  void flush() {
    for (unsigned I = 0; I < BlockSize; ++I) {
      if (LineNumbers[Index] != -1)
        emit();
      update(0);
    }
  }

private:
  void update(uint32_t C) {
    uint64_t Begin = Window[Index];
    Window[Index] = C;
    Hash = Mod * Hash + C - FirstMod * Begin;
    Index = (Index + 1) % BlockSize;
  }

  // Lines are emitted in order, one per line, so the line number is the output's next index.
  void emit() {
    std::string Value = toHex(Hash);
    Hashes.push_back(Value + ":" + std::to_string(++Counts[Value]));
    LineNumbers[Index] = -1;
  }

  std::vector<std::string> &Hashes;
  std::array<uint32_t, BlockSize> Window{};
  std::array<long, BlockSize> LineNumbers{};
  std::unordered_map<std::string, unsigned> Counts;
  uint64_t Hash = 0, FirstMod = 1;
  unsigned Index = 0;
  long LineNumber = 0;
  bool LineStart = true, PrevCR = false;
};

} // namespace

std::vector<std::string> lineHashes(std::string_view Utf8Contents) {
  std::vector<std::string> Hashes;
  RollingHasher Hasher(Hashes);
  for (uint16_t Unit : toUtf16(Utf8Contents))
    Hasher.process(Unit);
  Hasher.process(EndOfFile);
  Hasher.flush();
  return Hashes;
}

std::optional<std::string> LineHashCache::lineHash(const std::string &File, unsigned Line) {
  auto [It, Inserted] = Hashes.try_emplace(File);
  if (Inserted)
    if (const std::string *Contents = Sources.contents(File))
      It->second = lineHashes(*Contents);
  if (Line == 0 || Line > It->second.size())
    return std::nullopt;
  return It->second[Line - 1];
}

} // namespace coopcheck::report
