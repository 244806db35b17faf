// The three GPU programming platforms coopcheck reads, and the facts of each that rules depend on.
#pragma once
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <vector>

namespace coopcheck::model {

enum class Platform { Cuda, Hip, Maca };

llvm::StringRef platformName(Platform P);
std::optional<Platform> parsePlatform(llvm::StringRef Name);

/// Lanes in a warp (wavefront). HIP is 64 unless the target is a wave32 one.
unsigned warpSize(Platform P, bool HipWave32 = false);

/// The mask naming every lane of a warp: 0xffffffff on 32 lanes, all 64 bits on 64.
uint64_t fullWarpMask(Platform P, bool HipWave32 = false);

/// Whether creating an implicit group's handle (this_grid(), this_multi_grid()...) is collective:
/// CUDA's cooperative-groups documentation (which MXMACA follows) says so; HIP's does not, and its
/// handles are plain values built from the thread's indices.
bool handleCreationIsCollective(Platform P);

/// Whether threads that left the kernel stop counting at a block barrier:
/// on NVIDIA hardware (probes P1, P2) and MetaX's, yes; on AMD GPUs, no: the block deadlocks or
/// faults (pytorch/FBGEMM #5831, #5856, #5857, #5894; LeelaChessZero/lc0 #2420).
bool exitReleasesBlockBarrier(Platform P);

/// Whether the lanes of a warp execute in lockstep under one program counter: on AMD GPUs a
/// wavefront runs its active lanes together, so a shuffle or vote never waits for lanes that are
/// elsewhere; they take no part, and reading one gives 0 (`ds_bpermute` on an inactive lane).
/// NVIDIA GPUs from sm_70 on schedule lanes independently, and MetaX follows CUDA's contract.
bool warpRunsInLockstep(Platform P);

/// The platforms of a comma-separated list ("cuda,hip"); nullopt when a name is unknown.
std::optional<std::vector<Platform>> parsePlatformList(llvm::StringRef List);

/// Runtime prefix of the platform's API names: "cuda", "hip", "mc".
llvm::StringRef runtimePrefix(Platform P);

/// The launch call that makes a single-device cooperative launch on this platform.
llvm::StringRef cooperativeLaunchName(Platform P);
/// The launch call that makes a multi-device cooperative launch on this platform.
llvm::StringRef multiDeviceLaunchName(Platform P);

} // namespace coopcheck::model
