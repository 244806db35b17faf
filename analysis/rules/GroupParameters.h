// Generic group parameters taken by value, for cg-group-by-value: a device function's parameter
// of type thread_group (not a reference), with the specialized groups its callers pass. A
// thread_group erases the group's type: its size and rank are asked at run time through the
// group's kind, and every call copies the group object.
#pragma once
#include "analysis/flow/Groups.h"
#include "clang/AST/Decl.h"
#include <string>
#include <vector>

namespace coopcheck::analysis {

class UnitCache;

struct GroupByValueParameter {
  const clang::ParmVarDecl *Param;
  /// The specialized group types that calls in this translation unit pass for the parameter
  /// (thread_block_tile<32>, thread_block ...), distinct, in source order of the calls.
  std::vector<GroupType> PassedTypes;
};

/// Every thread_group parameter taken by value in the device functions the user wrote, in
/// source order; parameters a template declares with a template parameter type are not among them.
std::vector<GroupByValueParameter> genericGroupsByValue(UnitCache &TU);

/// How code names a group type: "thread_block_tile<32>", "thread_block", "grid_group" ...
std::string groupTypeSpelling(GroupType G);

} // namespace coopcheck::analysis
