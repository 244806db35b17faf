// The version that the writers put into JSON and SARIF (the CMake project version).
#pragma once

namespace coopcheck::report {

const char *toolVersion(); ///< "0.1.0"

} // namespace coopcheck::report
