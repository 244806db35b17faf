// The device side of a translation unit as LLVM IR, for the executor: lowered in process by Clang
// CodeGen with the same arguments the static rules parsed it with, at -O0 with line tables (every
// instruction maps back to source), then SROA and mem2reg so that locals become SSA values.
#pragma once
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace coopcheck::analysis {

struct DeviceModule {
  std::unique_ptr<llvm::LLVMContext> Context;
  std::unique_ptr<llvm::Module> Module;
};

/// ParseArguments are the compiler arguments of the device-side parse (ParseSetup), without the
/// file. A unit with compile errors is lowered as far as it is valid: a function a compile error
/// is in (as CompileErrors finds them) is only declared, and carries the attribute
/// model::BodyWithCompileErrors. Fails with CodeGen's first error, or Clang's when nothing
/// could be lowered; prints nothing.
llvm::Expected<DeviceModule> lowerToDeviceIR(const std::string &File,
                                             const std::vector<std::string> &ParseArguments);

} // namespace coopcheck::analysis
