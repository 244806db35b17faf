#include "checks/report/MarkdownText.h"
#include <sstream>

namespace coopcheck::report {
namespace {

/// "[text](url)" at \p I of \p Line: appends "text (url)" (or just url when both are the same)
/// to \p Out and returns the index after it; returns \p I when there is no link there.
size_t link(std::string_view Line, size_t I, std::string &Out) {
  size_t Close = Line.find(']', I);
  if (Close == std::string_view::npos || Close + 1 >= Line.size() || Line[Close + 1] != '(')
    return I;
  size_t End = Line.find(')', Close);
  if (End == std::string_view::npos)
    return I;
  std::string_view Text = Line.substr(I + 1, Close - I - 1);
  std::string_view Url = Line.substr(Close + 2, End - Close - 2);
  Out += Text == Url ? std::string(Url) : std::string(Text) + " (" + std::string(Url) + ")";
  return End + 1;
}

std::string inlineText(std::string_view Line) {
  std::string Out;
  bool InCode = false;
  for (size_t I = 0; I < Line.size();) {
    if (Line[I] == '`') {
      InCode = !InCode;
      ++I;
    } else if (!InCode && Line.substr(I, 2) == "**") {
      I += 2;
    } else if (size_t Next = InCode || Line[I] != '[' ? I : link(Line, I, Out); Next != I) {
      I = Next;
    } else {
      Out += Line[I++];
    }
  }
  return Out;
}

std::string_view stripHeading(std::string_view Line) {
  size_t Hashes = Line.find_first_not_of('#');
  if (Hashes == 0 || Hashes == std::string_view::npos || Line[Hashes] != ' ')
    return Line;
  return Line.substr(Hashes + 1);
}

} // namespace

std::string markdownToText(std::string_view Markdown) {
  std::istringstream In{std::string(Markdown)};
  std::string Line, Out;
  bool InFence = false;
  while (std::getline(In, Line)) {
    if (Line.rfind("```", 0) == 0 || Line.rfind("~~~", 0) == 0) {
      InFence = !InFence;
      continue;
    }
    Out += InFence ? "    " + Line : inlineText(stripHeading(Line));
    Out += '\n';
  }
  while (!Out.empty() && Out.back() == '\n')
    Out.pop_back();
  return Out;
}

} // namespace coopcheck::report
