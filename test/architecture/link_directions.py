#!/usr/bin/env python3
"""Fails when a room of analysis/ uses a symbol that only a room above it defines.

Each room is a static library that links only the rooms below it (analysis/CMakeLists.txt,
docs/architecture.md "The dependency rule"). A static library is not linked on its own, so an
upward call would still link inside an executable; this test reads the archives instead: every
symbol a room leaves undefined must not be defined by a room it may not use.
Usage: test/architecture/link_directions.py BUILD_DIR   (exit 0: clean, 1: upward uses listed)
"""
import subprocess
import sys
from pathlib import Path

# Room -> the rooms it links, directly or through others.
BELOW = {
    "support": (),
    "frontend": ("support",),
    "flow": ("frontend", "support"),
    "warp": ("flow", "frontend", "support"),
    "launch": ("flow", "frontend", "support"),
    "rules": ("warp", "launch", "flow", "frontend", "support"),
}


def symbols(archive, *flags):
    out = subprocess.run(["nm", "--format=posix", "--no-sort", *flags, str(archive)],
                         capture_output=True, text=True, check=True).stdout
    # Lines are "name type [value size]"; member headers end with ':'.
    return {line.split()[0] for line in out.splitlines()
            if line and not line.endswith(":") and len(line.split()) >= 2}


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    static = Path(sys.argv[1]) / "lib" / "static"
    archives = {room: static / f"libcoopcheck_analysis_{room}.a" for room in BELOW}
    missing = [str(a) for a in archives.values() if not a.exists()]
    if missing:
        print("link_directions: not built: " + ", ".join(missing))
        return 1
    defined = {room: symbols(a, "--defined-only", "--extern-only") for room, a in archives.items()}
    problems = []
    for room, archive in archives.items():
        allowed = set().union(defined[room], *(defined[r] for r in BELOW[room]))
        for symbol in sorted(symbols(archive, "--undefined-only") - allowed):
            owners = [r for r in BELOW if r != room and symbol in defined[r]]
            if owners:
                problems.append(f"{room}/ uses {symbol}, defined in {', '.join(owners)}/")
    for problem in problems:
        print(problem)
    if problems:
        print(f"link_directions: {len(problems)} upward uses (docs/architecture.md, "
              "\"The dependency rule\")")
        return 1
    print("link_directions: every room of analysis/ uses only the rooms below it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
