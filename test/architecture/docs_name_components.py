#!/usr/bin/env python3
"""Fails when docs/architecture.md does not name a component of the tree.

A component is the stem of a .h or .cpp file under the folders below (a header and its .cpp are
one component), or a script in tools/. The page names it when the name appears as a whole word
inside a `code span` (`LaneSets`, `warp/LaneSets.h`), so a component added without a line in the
page fails here.
Usage: test/architecture/docs_name_components.py [ROOT]   (exit 0: all named, 1: names missing)
"""
import re
import subprocess
import sys
from pathlib import Path

COMPONENT_FOLDERS = ("analysis/", "checks/", "runtime-model/semantics/", "runtime-model/executor/",
                     "tools/coopcheck/")
PAGE = "docs/architecture.md"


def tracked(root):
    return subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True,
                          check=True).stdout.split()


def components(files):
    """Each name the page must mention, with one file that makes it a component."""
    names = {}
    for path in files:
        p = Path(path)
        if path.startswith(COMPONENT_FOLDERS) and p.suffix in (".h", ".cpp"):
            names.setdefault(p.stem, path)
        elif p.parent == Path("tools") and p.name != "CMakeLists.txt":
            names.setdefault(p.name, path)
    return names


def named(name, spans):
    word = re.compile(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])")
    return any(word.search(span) for span in spans)


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])
    spans = re.findall(r"`([^`\n]+)`", (root / PAGE).read_text())
    missing = sorted((path, name) for name, path in components(tracked(root)).items()
                     if not named(name, spans))
    for path, name in missing:
        print(f"{PAGE} does not name `{name}` ({path})")
    if missing:
        print(f"docs_name_components: {len(missing)} components missing from {PAGE}: add them "
              "where their folder is described")
        return 1
    print(f"docs_name_components: {PAGE} names every component")
    return 0


if __name__ == "__main__":
    sys.exit(main())
