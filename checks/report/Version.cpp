#include "checks/report/Version.h"

namespace coopcheck::report {

const char *toolVersion() { return COOPCHECK_VERSION; }

} // namespace coopcheck::report
