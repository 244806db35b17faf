#include "runtime-model/semantics/Operations.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

namespace coopcheck::model {
namespace {

constexpr Operation Rows[] = {
#define OPERATION(Id, Form, Spelling, Platforms, Kind, Scope, Mask, Value, Lane, Width, Result,    \
                  Replacement, Reads, Handler)                                                     \
  {OperationId::Id,                                                                                \
   OperationForm::Form,                                                                            \
   Spelling,                                                                                       \
   platforms::Platforms,                                                                           \
   OperationKind::Kind,                                                                            \
   CollectiveScope::Scope,                                                                         \
   Mask,                                                                                           \
   Value,                                                                                          \
   Lane,                                                                                           \
   Width,                                                                                          \
   ResultUniformity::Result,                                                                       \
   OperationId::Replacement,                                                                       \
   ThreadIdRead::Reads},
#include "runtime-model/semantics/Operations.def"
};

/// The exact row of Form named Name, else (for intrinsics) the longest prefix row.
const Operation *find(OperationForm Form, llvm::StringRef Name) {
  const Operation *Prefix = nullptr;
  for (const Operation &Op : Rows) {
    if (Op.Form == Form && Op.Spelling == Name)
      return &Op;
    if (Form == OperationForm::Intrinsic && Op.Form == OperationForm::IntrinsicPrefix &&
        Name.starts_with(Op.Spelling) && (!Prefix || Op.Spelling.size() > Prefix->Spelling.size()))
      Prefix = &Op;
  }
  return Prefix;
}

/// The registers (`%%laneid`, `%laneid`) named in one instruction of inline PTX.
void addRegisters(llvm::StringRef Instruction, PtxContents &Out) {
  auto IsNameChar = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (size_t At = Instruction.find('%'); At != llvm::StringRef::npos;) {
    llvm::StringRef Rest = Instruction.drop_front(At).ltrim('%');
    llvm::StringRef Name = Rest.take_while(IsNameChar);
    At = Instruction.find('%', Instruction.size() - Rest.size() + Name.size());
    // %0, %1 ... are the statement's operands, not registers.
    if (Name.empty() || llvm::isDigit(Name.front()))
      continue;
    if (const Operation *Op = find(OperationForm::PtxRegister, Name))
      Out.Registers.push_back(Op);
    else
      Out.Unknown = true;
  }
}

} // namespace

bool Operation::isOn(Platform P) const {
  switch (P) {
  case Platform::Cuda:
    return Platforms & platforms::Cuda;
  case Platform::Hip:
    return Platforms & platforms::Hip;
  case Platform::Maca:
    return Platforms & platforms::Maca;
  }
  return false;
}

llvm::ArrayRef<Operation> allOperations() { return Rows; }

const Operation &operation(OperationId Id) { return Rows[static_cast<size_t>(Id)]; }

const Operation *findIntrinsic(llvm::StringRef Name) {
  return find(OperationForm::Intrinsic, Name);
}
const Operation *findGroupMethod(llvm::StringRef Name) {
  return find(OperationForm::GroupMethod, Name);
}
const Operation *findGroupFunction(llvm::StringRef Name) {
  return find(OperationForm::GroupFunction, Name);
}

CollectiveClass collectiveClassOf(OperationKind K) {
  switch (K) {
  case OperationKind::BlockBarrier:
  case OperationKind::BlockCount:
  case OperationKind::BlockAll:
  case OperationKind::BlockAny:
  case OperationKind::GroupBarrier:
    return CollectiveClass::Barrier;
  case OperationKind::WarpBarrier:
    return CollectiveClass::WarpBarrier;
  case OperationKind::Shuffle:
  case OperationKind::ShuffleUp:
  case OperationKind::ShuffleDown:
  case OperationKind::ShuffleXor:
    return CollectiveClass::Shuffle;
  case OperationKind::Ballot:
  case OperationKind::Any:
  case OperationKind::All:
  case OperationKind::Uni:
    return CollectiveClass::Vote;
  case OperationKind::MatchAny:
  case OperationKind::MatchAll:
    return CollectiveClass::Match;
  case OperationKind::ReduceAdd:
  case OperationKind::ReduceMin:
  case OperationKind::ReduceMax:
  case OperationKind::ReduceAnd:
  case OperationKind::ReduceOr:
  case OperationKind::ReduceXor:
  case OperationKind::GroupReduce:
    return CollectiveClass::Reduce;
  case OperationKind::GroupScan:
    return CollectiveClass::Scan;
  case OperationKind::MemcpyAsync:
    return CollectiveClass::MemcpyAsync;
  case OperationKind::AsyncWait:
    return CollectiveClass::Wait;
  case OperationKind::TiledPartition:
  case OperationKind::LabeledPartition:
  case OperationKind::BinaryPartition:
    return CollectiveClass::Partition;
  case OperationKind::HandleCreation:
    return CollectiveClass::HandleCreation;
  case OperationKind::CoalescedCreation:
    return CollectiveClass::CoalescedCreation;
  default:
    return CollectiveClass::None;
  }
}

/// The row of an opcode: by its first two qualifiers (`redux.sync.min.u32` is `redux.sync.min`),
/// its first (`bar.sync.aligned` is `bar.sync`), or its base alone (`add.s32` is `add`).
static const Operation *instructionRow(llvm::StringRef Opcode) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Opcode.split(Parts, '.');
  for (size_t Qualifiers = std::min<size_t>(2, Parts.size() - 1);; --Qualifiers) {
    size_t Length = Qualifiers;
    for (size_t I = 0; I <= Qualifiers; ++I)
      Length += Parts[I].size();
    if (const Operation *Op = find(OperationForm::PtxInstruction, Opcode.take_front(Length)))
      return Op;
    if (Qualifiers == 0)
      return nullptr;
  }
}

std::optional<PtxInstructionText> singlePtxInstruction(llvm::StringRef AsmText) {
  llvm::StringRef Text = AsmText.trim();
  Text.consume_back(";");
  if (Text.contains(';') || Text.contains('{') || Text.starts_with("@"))
    return std::nullopt;
  auto [Opcode, Rest] = Text.split(' ');
  const Operation *Op = instructionRow(Opcode.trim());
  if (!Op)
    return std::nullopt;
  PtxInstructionText Out{Op, Opcode.trim(), {}};
  llvm::SmallVector<llvm::StringRef, 6> Operands;
  Rest.split(Operands, ',');
  for (llvm::StringRef Operand : Operands)
    if (!Operand.trim().empty())
      Out.Operands.push_back(Operand.trim());
  return Out;
}

namespace {

/// One instruction of inline PTX, without its label and its guard.
struct PtxStatement {
  llvm::StringRef Text;   ///< `shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff`
  llvm::StringRef Opcode; ///< `shfl.sync.idx.b32`
  bool Guarded;           ///< predicated (`@p exit`): it may not run
};

/// The instructions of inline PTX in order: scopes' braces, labels (`WAIT:`) and declarations
/// (`.reg .pred p`) are not instructions.
void forEachPtxStatement(llvm::StringRef AsmText,
                         llvm::function_ref<void(const PtxStatement &)> Visit) {
  auto IsSpace = [](char C) { return C == ' ' || C == '\t'; };
  for (llvm::StringRef Rest = AsmText; !Rest.trim().empty();) {
    auto [Piece, Tail] = Rest.split(';');
    Rest = Tail;
    llvm::StringRef Text = Piece.trim(" \t\n\r{}");
    auto [Label, AfterLabel] = Text.split(':');
    if (!AfterLabel.empty() && !AfterLabel.starts_with(":") &&
        llvm::all_of(Label, [](char C) { return llvm::isAlnum(C) || C == '_' || C == '$'; }))
      Text = AfterLabel.ltrim(" \t\n\r{}");
    bool Guarded = Text.starts_with("@"); // its guard is an operand
    if (Guarded)
      Text = Text.drop_until(IsSpace).ltrim();
    if (Text.empty() || Text.starts_with("."))
      continue;
    Visit({Text, Text.take_until(IsSpace), Guarded});
  }
}

} // namespace

PtxContents ptxContents(llvm::StringRef AsmText) {
  PtxContents Out;
  forEachPtxStatement(AsmText, [&](const PtxStatement &S) {
    addRegisters(S.Text, Out);
    if (const Operation *Op = instructionRow(S.Opcode))
      Out.Instructions.push_back({Op, S.Guarded});
    else
      Out.Unknown = true;
  });
  return Out;
}

AsmWaiting asmWaiting(llvm::StringRef AsmText) {
  // Opcodes by their first component (`shfl` of `shfl.sync.idx.b32`).
  auto Set = [](llvm::StringRef Names) {
    llvm::SmallVector<llvm::StringRef, 96> Split;
    Names.split(Split, ' ');
    return llvm::StringSet<>(llvm::from_range, Split);
  };
  static const llvm::StringSet<> NeverWait = Set(
      "abs activemask add addc and bfe bfi bfind bmsk brev clz cnot copysign cos cp createpolicy "
      "cvt cvta discard div dp2a dp4a elect ex2 exit fence fma fns getctarank griddepcontrol "
      "isspacep lg2 lop3 mad mad24 madc mapa match max membar min mma mov mul mul24 neg not or "
      "pmevent popc prefetch prefetchu prmt rcp red redux rem rsqrt selp set setmaxnreg setp shf "
      "shfl shl shr sin slct sqrt st stmatrix sub subc tanh testp trap vote xor");
  static const llvm::StringSet<> Reads = Set("atom ld ldmatrix ldu suld tex tld4");
  AsmWaiting Most = AsmWaiting::None;
  forEachPtxStatement(AsmText, [&](const PtxStatement &S) {
    llvm::StringRef Base = S.Opcode.split('.').first;
    if (Reads.contains(Base))
      Most = std::max(Most, AsmWaiting::Reads);
    else if (!NeverWait.contains(Base))
      Most = AsmWaiting::MayWait;
  });
  return Most;
}

const Operation *movedSpecialRegister(llvm::StringRef AsmText) {
  PtxContents Ptx = ptxContents(AsmText);
  if (Ptx.Unknown || Ptx.Registers.size() != 1 || Ptx.Instructions.size() != 1 ||
      Ptx.Instructions[0].Op->Id != OperationId::PtxMov || Ptx.Instructions[0].Guarded)
    return nullptr;
  return Ptx.Registers[0];
}

} // namespace coopcheck::model
