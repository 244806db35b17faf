#include "checks/report/Finding.h"

namespace coopcheck::report {

const char *levelName(Level L) {
  switch (L) {
  case Level::Error:
    return "error";
  case Level::Warning:
    return "warning";
  case Level::Note:
    return "note";
  }
  return "warning";
}

} // namespace coopcheck::report
