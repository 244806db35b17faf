#include "analysis/frontend/WrittenTokens.h"
#include "runtime-model/semantics/Operations.h"

using namespace clang;

namespace coopcheck::analysis {

void forEachWrittenToken(CharSourceRange Range, const SourceManager &SM, const LangOptions &Opts,
                         llvm::function_ref<bool(const Token &, tok::TokenKind)> Visit) {
  bool Invalid = false;
  llvm::StringRef Text = Lexer::getSourceText(Range, SM, Opts, &Invalid);
  if (Invalid || Text.empty())
    return;
  // The raw lexer reads on to the end of the file's buffer: stop at the range's end.
  Lexer Raw(Range.getBegin(), Opts, Text.begin(), Text.begin(), Text.end());
  unsigned Begin = SM.getFileOffset(Range.getBegin());
  tok::TokenKind Before = tok::unknown;
  for (bool AtEnd = false; !AtEnd;) {
    Token T;
    AtEnd = Raw.LexFromRawLexer(T);
    if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) - Begin >= Text.size() ||
        !Visit(T, Before))
      return;
    Before = T.getKind();
  }
}

bool namesCollective(const Token &T, tok::TokenKind Before) {
  if (T.isNot(tok::raw_identifier))
    return false;
  auto Collective = [](const model::Operation *Op) {
    return Op && model::collectiveClassOf(Op->Kind) != model::CollectiveClass::None;
  };
  llvm::StringRef Name = T.getRawIdentifier();
  return Collective(model::findIntrinsic(Name)) ||
         ((Before == tok::period || Before == tok::arrow) &&
          Collective(model::findGroupMethod(Name))) ||
         (Before == tok::coloncolon && Collective(model::findGroupFunction(Name)));
}

} // namespace coopcheck::analysis
