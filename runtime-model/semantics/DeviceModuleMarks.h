// What the lowering of a unit to device IR tells the executor through the IR itself.
#pragma once

namespace coopcheck::model {

/// The function attribute on a function whose body had compile errors and was left out of the
/// device IR: a call of it is one the replay knows nothing of (it might wait at a collective, or
/// never return), so no path through it confirms anything.
inline constexpr const char *BodyWithCompileErrors = "coopcheck-body-with-compile-errors";

} // namespace coopcheck::model
