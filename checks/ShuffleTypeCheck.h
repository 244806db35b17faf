// cg-shuffle-type: a tile or coalesced-group shfl, shfl_up, shfl_down or shfl_xor of a value that
// is not trivially copyable or larger than 32 bytes.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class ShuffleTypeCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;
};

} // namespace coopcheck::checks
