#include "analysis/flow/FunctionCFG.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

using namespace clang;

namespace coopcheck::analysis {

std::unique_ptr<FunctionCFG> FunctionCFG::build(const FunctionDecl *F, ASTContext &Ctx) {
  if (!F || !F->hasBody())
    return nullptr;
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  Options.AddImplicitDtors = false;
  Options.AddTemporaryDtors = false;
  std::unique_ptr<CFG> Graph = CFG::buildCFG(F, F->getBody(), &Ctx, Options);
  if (!Graph)
    return nullptr;
  return std::unique_ptr<FunctionCFG>(new FunctionCFG(*F, std::move(Graph)));
}

FunctionCFG::FunctionCFG(const FunctionDecl &F, std::unique_ptr<CFG> G)
    : Graph(std::move(G)), Parents(F) {
  for (const CFGBlock *B : *Graph) {
    unsigned Index = 0;
    for (const CFGElement &E : *B) {
      if (auto S = E.getAs<CFGStmt>()) {
        BlockOfStmt.try_emplace(S->getStmt(), B);
        IndexOfStmt.try_emplace(S->getStmt(), Index);
      }
      ++Index;
    }
    if (const Stmt *T = B->getTerminatorStmt())
      BlockOfStmt.try_emplace(T, B);
  }
}

const CFGBlock *FunctionCFG::blockOf(const Stmt *S) const {
  auto It = BlockOfStmt.find(S);
  return It == BlockOfStmt.end() ? nullptr : It->second;
}

void FunctionCFG::findDirectControlDependencies() {
  // Cytron et al.: a branch decides each block from its successor up the post-dominator tree to
  // its own immediate post-dominator. Linear in what it finds, where asking Clang's calculator
  // block by block walks the post-dominator subtree of each: quadratic in a long function.
  CFGPostDomTree PostDom(Graph.get());
  DirectControlDeps.resize(Graph->getNumBlockIDs());
  for (CFGBlock *Branch : *Graph) {
    if (Branch->succ_size() < 2)
      continue;
    const auto *BranchNode = PostDom.getBase().getNode(Branch);
    const auto *Joined = BranchNode ? BranchNode->getIDom() : nullptr;
    for (const CFGBlock *Succ : Branch->succs()) {
      if (!Succ)
        continue;
      for (const auto *Runner = PostDom.getBase().getNode(Succ); Runner && Runner != Joined;
           Runner = Runner->getIDom())
        if (const CFGBlock *Decided = Runner->getBlock()) {
          std::vector<CFGBlock *> &Deps = DirectControlDeps[Decided->getBlockID()];
          if (Deps.empty() || Deps.back() != Branch)
            Deps.push_back(Branch);
        }
    }
  }
}

llvm::ArrayRef<CFGBlock *> FunctionCFG::controlDependencies(const CFGBlock *B) {
  auto [It, Inserted] = ControlDeps.try_emplace(B);
  if (!Inserted)
    return It->second;
  if (DirectControlDeps.empty())
    findDirectControlDependencies();
  // The branches deciding B, then those deciding them, and so on: nearest first.
  llvm::SmallPtrSet<const CFGBlock *, 16> Seen;
  std::vector<CFGBlock *> &Deps = It->second;
  for (CFGBlock *Direct : DirectControlDeps[B->getBlockID()])
    if (Seen.insert(Direct).second)
      Deps.push_back(Direct);
  for (size_t I = 0; I < Deps.size(); ++I)
    for (CFGBlock *Next : DirectControlDeps[Deps[I]->getBlockID()])
      if (Seen.insert(Next).second)
        Deps.push_back(Next);
  return Deps;
}

bool FunctionCFG::reachesAvoiding(const Stmt *From, const Stmt *To,
                                  llvm::function_ref<bool(const Stmt *)> Stops) const {
  const CFGBlock *Start = From ? blockOf(From) : &Graph->getEntry();
  if (!Start || (To && !blockOf(To)))
    return false;
  // Scans one block from an element on; true: To found; false: stopped; nullopt: fell through.
  auto Scan = [&](const CFGBlock *B, unsigned First) -> std::optional<bool> {
    for (unsigned I = First; I < B->size(); ++I)
      if (auto S = (*B)[I].getAs<CFGStmt>()) {
        if (S->getStmt() == To)
          return true;
        if (Stops(S->getStmt()))
          return false;
      }
    return std::nullopt;
  };
  // From a block's terminator (not one of its elements) the scan starts at its successors.
  unsigned First = 0;
  if (From) {
    auto It = IndexOfStmt.find(From);
    First = It == IndexOfStmt.end() ? Start->size() : It->second + 1;
  }
  if (auto Done = Scan(Start, First))
    return *Done;
  llvm::SmallPtrSet<const CFGBlock *, 32> Seen;
  llvm::SmallVector<const CFGBlock *, 32> Work(Start->succ_begin(), Start->succ_end());
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (!B || !Seen.insert(B).second)
      continue;
    if (!To && B == &Graph->getExit())
      return true;
    if (auto Done = Scan(B, 0)) {
      if (*Done)
        return true;
      continue;
    }
    Work.append(B->succ_begin(), B->succ_end());
  }
  return false;
}

void FunctionCFG::walk(const Stmt *Start, Direction Way,
                       llvm::function_ref<bool(const Stmt *)> EndsPath) const {
  const CFGBlock *First = blockOf(Start);
  if (!First)
    return;
  bool Forward = Way == Direction::Forward;
  // Scans a block in the walk's direction from element Begin on (backwards: from before it);
  // whether the path ended in it.
  auto Scan = [&](const CFGBlock *B, unsigned Begin) {
    auto EndsAt = [&](unsigned I) {
      auto S = (*B)[I].getAs<CFGStmt>();
      return S && EndsPath(S->getStmt());
    };
    if (Forward) {
      for (unsigned I = Begin; I < B->size(); ++I)
        if (EndsAt(I))
          return true;
      return false;
    }
    for (unsigned I = Begin; I-- > 0;)
      if (EndsAt(I))
        return true;
    return false;
  };
  auto Next = [&](const CFGBlock *B) {
    return Forward ? llvm::ArrayRef(B->succ_begin(), B->succ_end())
                   : llvm::ArrayRef(B->pred_begin(), B->pred_end());
  };
  // A terminator (no element of its block) comes after all of them.
  auto Index = IndexOfStmt.find(Start);
  unsigned Begin = Index == IndexOfStmt.end() ? First->size() : Index->second + (Forward ? 1 : 0);
  if (Scan(First, Begin))
    return;
  // Around a loop the walk comes back to First, then scanned whole.
  llvm::SmallPtrSet<const CFGBlock *, 32> Seen;
  llvm::SmallVector<const CFGBlock *, 32> Work;
  for (const CFGBlock::AdjacentBlock &A : Next(First))
    Work.push_back(A);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (!B || !Seen.insert(B).second || Scan(B, Forward ? 0 : B->size()))
      continue;
    for (const CFGBlock::AdjacentBlock &A : Next(B))
      Work.push_back(A);
  }
}

llvm::SmallPtrSet<const Stmt *, 4>
FunctionCFG::nearestBefore(const Stmt *To, llvm::function_ref<bool(const Stmt *)> Meets) const {
  llvm::SmallPtrSet<const Stmt *, 4> Found;
  walk(To, Direction::Backward, [&](const Stmt *S) {
    if (!Meets(S))
      return false;
    Found.insert(S);
    return true;
  });
  return Found;
}

llvm::SmallPtrSet<const Stmt *, 16>
FunctionCFG::reachableAvoiding(const Stmt *From, Direction Way,
                               llvm::function_ref<bool(const Stmt *)> Stops) const {
  llvm::SmallPtrSet<const Stmt *, 16> Found;
  walk(From, Way, [&](const Stmt *S) {
    if (Stops(S))
      return true;
    Found.insert(S);
    return false;
  });
  return Found;
}

bool FunctionCFG::alwaysBefore(const Stmt *From, const Stmt *To) {
  const CFGBlock *FromBlock = blockOf(From), *ToBlock = blockOf(To);
  auto FromIndex = IndexOfStmt.find(From), ToIndex = IndexOfStmt.find(To);
  if (!FromBlock || !ToBlock || FromIndex == IndexOfStmt.end() || ToIndex == IndexOfStmt.end())
    return false;
  if (FromBlock == ToBlock)
    return FromIndex->second < ToIndex->second;
  if (!Dominators)
    Dominators = std::make_unique<CFGDomTree>(Graph.get());
  // Every block dominates an unreachable one, which nothing executes before.
  return Dominators->isReachableFromEntry(ToBlock) && Dominators->dominates(FromBlock, ToBlock);
}

NearestBeforeIndex::NearestBeforeIndex(const FunctionCFG &Cfg, llvm::ArrayRef<const Stmt *> Set)
    : Cfg(Cfg), Members(Set.begin(), Set.end()) {
  for (unsigned I = 0; I < Members.size(); ++I)
    MemberIndex.try_emplace(Members[I], I);
  const CFG &Graph = *Cfg.Graph;
  AtEntry.resize(Graph.getNumBlockIDs());
  LastMember.resize(Graph.getNumBlockIDs());
  for (const CFGBlock *B : Graph)
    for (const CFGElement &E : *B)
      if (auto S = E.getAs<CFGStmt>())
        if (auto It = MemberIndex.find(S->getStmt()); It != MemberIndex.end())
          LastMember[B->getBlockID()] = It->second;
  // What leaves a block: its last member, else what entered it. Entries only grow: a fixpoint.
  auto Leaving = [&](const CFGBlock *B) {
    llvm::SparseBitVector<> Out;
    if (std::optional<unsigned> Last = LastMember[B->getBlockID()])
      Out.set(*Last);
    else
      Out = AtEntry[B->getBlockID()];
    return Out;
  };
  llvm::SmallVector<const CFGBlock *, 64> Work;
  for (const CFGBlock *B : Graph)
    if (LastMember[B->getBlockID()])
      Work.push_back(B);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    llvm::SparseBitVector<> Out = Leaving(B);
    for (const CFGBlock *Succ : B->succs()) {
      if (!Succ)
        continue;
      bool Grew = AtEntry[Succ->getBlockID()] |= Out; // |= says whether a bit was added
      if (Grew && !LastMember[Succ->getBlockID()])
        Work.push_back(Succ);
    }
  }
}

llvm::SmallPtrSet<const Stmt *, 4> NearestBeforeIndex::before(const Stmt *To) const {
  llvm::SmallPtrSet<const Stmt *, 4> Found;
  const CFGBlock *Block = Cfg.blockOf(To);
  auto Index = Cfg.IndexOfStmt.find(To);
  if (!Block || Index == Cfg.IndexOfStmt.end())
    return Found;
  for (unsigned I = Index->second; I-- > 0;)
    if (auto S = (*Block)[I].getAs<CFGStmt>(); S && MemberIndex.count(S->getStmt())) {
      Found.insert(S->getStmt());
      return Found;
    }
  for (unsigned Member : AtEntry[Block->getBlockID()])
    Found.insert(Members[Member]);
  return Found;
}

bool FunctionCFG::reaches(const CFGBlock *From, const CFGBlock *To,
                          const llvm::SmallPtrSetImpl<const CFGBlock *> &Barred) const {
  llvm::SmallPtrSet<const CFGBlock *, 32> Seen;
  llvm::SmallVector<const CFGBlock *, 32> Work;
  for (const CFGBlock *Succ : From->succs())
    if (Succ)
      Work.push_back(Succ);
  while (!Work.empty()) {
    const CFGBlock *B = Work.pop_back_val();
    if (B == To)
      return true;
    if (Barred.count(B) || !Seen.insert(B).second)
      continue;
    for (const CFGBlock *Succ : B->succs())
      if (Succ)
        Work.push_back(Succ);
  }
  return false;
}

namespace {

/// The blocks reachable from one block along live edges, numbered from 0 (that block), with their
/// live successors.
struct LiveRegion {
  std::vector<const CFGBlock *> Blocks;
  std::vector<llvm::SmallVector<unsigned, 2>> Next;

  LiveRegion(const CFGBlock *From, llvm::function_ref<bool(const CFGBlock *, unsigned)> Live) {
    llvm::DenseMap<const CFGBlock *, unsigned> Index;
    auto Number = [&](const CFGBlock *B) {
      auto [It, New] = Index.try_emplace(B, Blocks.size());
      if (New) {
        Blocks.push_back(B);
        Next.emplace_back();
      }
      return It->second;
    };
    Number(From);
    for (unsigned N = 0; N < Blocks.size(); ++N)
      for (unsigned I = 0; I < Blocks[N]->succ_size(); ++I)
        if (const CFGBlock *Succ = *(Blocks[N]->succ_begin() + I); Succ && Live(Blocks[N], I)) {
          unsigned S = Number(Succ);
          Next[N].push_back(S);
        }
  }

  /// Whether a path leads from every block to one without successors (the function's end, or a
  /// block that ends the thread): no loop holds threads forever.
  bool everyBlockEnds() const {
    llvm::BitVector Ends(Blocks.size());
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned N = 0; N < Blocks.size(); ++N)
        if (!Ends.test(N) &&
            (Next[N].empty() || llvm::any_of(Next[N], [&](unsigned S) { return Ends.test(S); }))) {
          Ends.set(N);
          Changed = true;
        }
    }
    return Ends.all();
  }

  /// For each block, those on every path from it to an end, itself included.
  std::vector<llvm::BitVector> postDominators() const {
    unsigned Count = Blocks.size();
    std::vector<llvm::BitVector> After(Count, llvm::BitVector(Count, true));
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned N = Count; N-- > 0;) {
        llvm::BitVector Meet(Count, !Next[N].empty());
        for (unsigned S : Next[N])
          Meet &= After[S];
        Meet.set(N);
        if (Meet != After[N]) {
          After[N] = std::move(Meet);
          Changed = true;
        }
      }
    }
    return After;
  }
};

} // namespace

bool FunctionCFG::decides(const CFGBlock *From, const CFGBlock *To,
                          llvm::function_ref<bool(const CFGBlock *, unsigned)> Live) const {
  LiveRegion Region(From, Live);
  if (From == To || !Region.everyBlockEnds())
    return true;
  // Search from From, not passing the blocks where its sides have met again.
  llvm::BitVector Met = Region.postDominators()[0];
  Met.reset(0);
  llvm::BitVector Seen(Region.Blocks.size());
  llvm::SmallVector<unsigned, 32> Work = {0};
  while (!Work.empty()) {
    unsigned N = Work.pop_back_val();
    if (Seen.test(N))
      continue;
    Seen.set(N);
    for (unsigned S : Region.Next[N]) {
      if (Met.test(S))
        continue;
      if (Region.Blocks[S] == To)
        return true;
      Work.push_back(S);
    }
  }
  return false;
}

const Expr *FunctionCFG::userCondition(const CFGBlock *Branch) const {
  const Expr *Cond =
      dyn_cast_or_null<Expr>(const_cast<CFGBlock *>(Branch)->getTerminatorCondition());
  if (!Cond)
    return nullptr;
  // Climb from an operand of && / || to the whole condition the user wrote.
  const Expr *Whole = Cond;
  for (int Depth = 0; Depth < 16; ++Depth) {
    const auto *Parent = Parents.parentOf(*Whole).get<Expr>();
    if (!Parent)
      break;
    const auto *BO = dyn_cast<BinaryOperator>(Parent->IgnoreParens());
    if (isa<ParenExpr>(Parent) || isa<ImplicitCastExpr>(Parent) || (BO && BO->isLogicalOp()) ||
        (isa<UnaryOperator>(Parent) && cast<UnaryOperator>(Parent)->getOpcode() == UO_LNot)) {
      Whole = Parent;
      continue;
    }
    break;
  }
  return Whole->IgnoreParenImpCasts();
}

} // namespace coopcheck::analysis
