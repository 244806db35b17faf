#include "analysis/frontend/DroppedStatements.h"
#include "analysis/frontend/WrittenTokens.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"
#include <deque>

using namespace clang;

namespace coopcheck::analysis {
namespace {

bool isInlineAssembly(llvm::StringRef Word) {
  return Word == "asm" || Word == "__asm" || Word == "__asm__";
}

/// Words that change where control goes, or hide what the code does from the text.
bool isControlWord(llvm::StringRef Word) {
  return llvm::StringSwitch<bool>(Word)
      .Cases({"if", "else", "for", "while", "do", "switch", "case", "default"}, true)
      .Cases({"return", "break", "continue", "goto", "throw", "try", "catch"}, true)
      .Cases({"co_return", "co_await", "co_yield"}, true)
      .Default(isInlineAssembly(Word));
}

/// The name Previous, followed by Next, calls (or names as a template with arguments, perhaps
/// called); empty when it is no such name.
llvm::StringRef calledName(const std::optional<Token> &Previous, const Token &Next) {
  bool Called =
      Previous && Previous->is(tok::raw_identifier) && Next.isOneOf(tok::l_paren, tok::less);
  return Called ? Previous->getRawIdentifier() : llvm::StringRef();
}

/// The innermost block of a body around a location, visiting blocks outside in.
class BlocksAround : public RecursiveASTVisitor<BlocksAround> {
public:
  BlocksAround(const SourceManager &SM, SourceLocation At) : SM(SM), At(At) {}
  bool VisitCompoundStmt(CompoundStmt *Block) {
    if (contains(SM, Block->getSourceRange(), At))
      Innermost = Block;
    return true;
  }
  static bool contains(const SourceManager &SM, SourceRange R, SourceLocation At) {
    CharSourceRange Written = SM.getExpansionRange(R);
    return Written.getBegin().isValid() && Written.getEnd().isValid() &&
           SM.isWrittenInSameFile(Written.getBegin(), At) &&
           !SM.isBeforeInTranslationUnit(At, Written.getBegin()) &&
           !SM.isBeforeInTranslationUnit(Written.getEnd(), At);
  }
  const CompoundStmt *Innermost = nullptr;

private:
  const SourceManager &SM;
  SourceLocation At;
};

} // namespace

DroppedStatements::DroppedStatements(ASTContext &Ctx, llvm::ArrayRef<FunctionDecl *> Functions)
    : Ctx(Ctx) {
  for (const FunctionDecl *F : Functions)
    if (!F->isTemplateInstantiation() && F->getDeclName().isIdentifier())
      ByName[F->getName()].push_back(F);
}

bool DroppedStatements::addPlainGap(const Stmt *Body, SourceLocation At, llvm::StringSet<> &Names) {
  std::optional<CharSourceRange> Gap = gapAround(Body, At);
  return Gap && isPlain(*Gap, Names);
}

std::optional<CharSourceRange> DroppedStatements::gapAround(const Stmt *Body, SourceLocation At) {
  const SourceManager &SM = Ctx.getSourceManager();
  BlocksAround Around(SM, At);
  Around.TraverseStmt(const_cast<Stmt *>(Body));
  const CompoundStmt *Block = Around.Innermost;
  if (!Block)
    return std::nullopt;
  SourceLocation Begin = SM.getExpansionLoc(Block->getLBracLoc()).getLocWithOffset(1);
  SourceLocation End = SM.getExpansionLoc(Block->getRBracLoc());
  for (const Stmt *Statement : Block->body()) {
    CharSourceRange Written = SM.getExpansionRange(Statement->getSourceRange());
    if (Written.getBegin().isInvalid() || !SM.isWrittenInSameFile(Written.getBegin(), At))
      continue;
    if (BlocksAround::contains(SM, Statement->getSourceRange(), At))
      return std::nullopt; // inside a statement the parser kept, without a mark
    if (SM.isBeforeInTranslationUnit(Written.getEnd(), At))
      Begin = Lexer::getLocForEndOfToken(Written.getEnd(), 0, SM, Ctx.getLangOpts());
    else if (SM.isBeforeInTranslationUnit(At, Written.getBegin()))
      return CharSourceRange::getCharRange(Begin, Written.getBegin());
  }
  return CharSourceRange::getCharRange(Begin, End);
}

bool DroppedStatements::isPlain(CharSourceRange Gap, llvm::StringSet<> &Names) {
  bool Plain = true;
  std::optional<Token> Previous;
  llvm::SmallVector<llvm::StringRef, 8> Written;
  forEachWrittenToken(
      Gap, Ctx.getSourceManager(), Ctx.getLangOpts(), [&](const Token &T, tok::TokenKind Before) {
        if (llvm::StringRef Callee = calledName(Previous, T); !Callee.empty())
          Plain = !isMacro(Callee) && !mayReachCollective(Callee);
        if (T.is(tok::raw_identifier)) {
          Written.push_back(T.getRawIdentifier());
          Plain = Plain && !isControlWord(T.getRawIdentifier()) && !namesCollective(T, Before);
        }
        Previous = T;
        return Plain;
      });
  if (Plain)
    for (llvm::StringRef Name : Written)
      Names.insert(Name);
  return Plain;
}

bool DroppedStatements::isMacro(llvm::StringRef Name) const {
  auto It = Ctx.Idents.find(Name);
  return It != Ctx.Idents.end() && It->second->hasMacroDefinition();
}

const DroppedStatements::Calls &DroppedStatements::callsOf(llvm::StringRef Name) {
  auto [It, Inserted] = Read.try_emplace(Name);
  if (!Inserted)
    return It->second;
  Calls Found;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const FunctionDecl *F : ByName.lookup(Name)) {
    std::optional<Token> Previous;
    forEachWrittenToken(SM.getExpansionRange(F->getSourceRange()), SM, Ctx.getLangOpts(),
                        [&](const Token &T, tok::TokenKind Before) {
                          if (llvm::StringRef Callee = calledName(Previous, T); !Callee.empty()) {
                            Found.Collective = isMacro(Callee);
                            Found.Callees.push_back(Callee);
                          }
                          Found.Collective =
                              Found.Collective || namesCollective(T, Before) ||
                              (T.is(tok::raw_identifier) && isInlineAssembly(T.getRawIdentifier()));
                          Previous = T;
                          return !Found.Collective;
                        });
  }
  It->second = std::move(Found);
  return It->second;
}

bool DroppedStatements::mayReachCollective(llvm::StringRef Name) {
  llvm::StringSet<> Seen{Name};
  std::deque<llvm::StringRef> Pending{Name};
  while (!Pending.empty()) {
    const Calls &Each = callsOf(Pending.front());
    Pending.pop_front();
    if (Each.Collective)
      return true;
    for (llvm::StringRef Callee : Each.Callees)
      if (Seen.insert(Callee).second)
        Pending.push_back(Callee);
  }
  return false;
}

} // namespace coopcheck::analysis
