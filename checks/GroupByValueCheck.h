// cg-group-by-value: a device function taking a generic cg::thread_group by value, where the
// specialized group type its callers have (or a const reference) would keep what it erases.
#pragma once
#include "checks/CoopcheckCheck.h"

namespace coopcheck::checks {

class GroupByValueCheck : public CoopcheckCheck {
public:
  using CoopcheckCheck::CoopcheckCheck;

protected:
  void checkTranslationUnit(analysis::UnitCache &TU) override;
};

} // namespace coopcheck::checks
