// Host-only code of the application, compiled by the C++ compiler.
#include <cstdlib>

int problemSize(int Argc, char **Argv) { return Argc > 1 ? std::atoi(Argv[1]) : (1 << 20); }
