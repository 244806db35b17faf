// The clang-tidy plugin: `clang-tidy-22 -load=libcoopcheck-tidy.so` finds the checks through the
// registry entry in checks/CoopcheckModule.cpp. Referencing its anchor keeps that object file
// (and so the registration) in the plugin when the static library is linked in.
extern volatile int CoopcheckModuleAnchorSource;
[[maybe_unused]] static int CoopcheckModuleAnchorDestination = CoopcheckModuleAnchorSource;
