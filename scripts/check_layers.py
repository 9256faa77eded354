#!/usr/bin/env python3
"""The layers of core/ as the build has them, checked against the code and against docs/ARCHITECTURE.md.

Usage: check_layers.py [ROOT]   (ROOT: the checkout, default this script's parent folder)

1. Every core library is read from its CMakeLists.txt (`cs_add_core_library(NAME DIR DEPS... [PRIVATE
   DEPS...])`, or `add_library` + `target_link_libraries` where a folder holds two libraries) with the
   libraries it links directly, PUBLIC and PRIVATE.
2. Every `#include "dir/Name.h"` in a library's sources that names a header of another core library must name
   one the library links directly. A library that links one which links another still gets the other's
   headers through CMake's PUBLIC links, so compiling alone does not catch a layer crossed that way.
3. A core library is linked PUBLIC exactly when a header of the linking library includes one of its headers:
   a header that needs a PRIVATE link breaks whoever includes it, and a PUBLIC link no header needs hands its
   headers to every library above without cause.
4. docs/ARCHITECTURE.md's "Library links" list must name the same links as CMake, the private ones after
   "private:".
Prints one line per problem (file:line where there is one) and exits 1 when there is any.
"""
import pathlib
import re
import sys

CORE_LIBRARY = re.compile(r"cs_add_core_library\(\s*(\w+)\s+(\w+)([^)]*)\)", re.S)
ADD_LIBRARY = re.compile(r"add_library\(\s*(cs_\w+)\s+STATIC", re.S)
LINKS = re.compile(r"target_link_libraries\(\s*(cs_\w+)([^)]*)\)", re.S)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
DOC_LINE = re.compile(r"^- `(cs_\w+)`: (.*)$")
PRIVATE_LINKS = {}  # {library: its PRIVATE core links}, filled by core_libraries


def split_links(text):
    """(public, private) core libraries named in a link list; a PRIVATE keyword starts the private ones and a
    PUBLIC one the public ones again."""
    public, private = set(), set()
    current = public
    for word in re.findall(r"[\w:]+", text):
        if word == "PRIVATE":
            current = private
        elif word == "PUBLIC":
            current = public
        elif word.startswith("cs_") and word != "cs_core":
            current.add(word)
    return public, private


def core_libraries(root):
    """{library: (sources, direct links)} for every core library; the private links are in PRIVATE_LINKS."""
    core = root / "core"
    libraries = {}
    # cs_gltf holds the diagnostics at core/'s top level (core/CMakeLists.txt: CS_EXTRA_SOURCES).
    top = core / "CMakeLists.txt"
    for path in [top] + sorted(core.glob("*/CMakeLists.txt")):
        text = path.read_text()
        for name, folder, deps in CORE_LIBRARY.findall(text):
            if name in ("name", "NAME"):  # the function's own definition and its comment
                continue
            sources = sorted((core / folder).glob("*.cpp")) + sorted((core / folder).glob("*.h"))
            if name == "cs_gltf":
                sources += sorted(core.glob("Diagnostic*.cpp")) + sorted(core.glob("Diagnostic*.h"))
            public, private = split_links(deps)
            libraries[name] = (sources, public | private)
            PRIVATE_LINKS[name] = private
        if path == top:
            continue
        # A folder of two libraries: cs_colliders (AutoCollider*) and cs_import (the rest) in core/import.
        for name in ADD_LIBRARY.findall(text):
            links, private_links = set(), set()
            for target, deps in LINKS.findall(text):
                if target == name:
                    public, private = split_links(deps)
                    links |= public | private
                    private_links |= private
            libraries[name] = ([], links)
            PRIVATE_LINKS[name] = private_links
    if "cs_colliders" in libraries and "cs_import" in libraries:
        folder = core / "import"
        colliders = [p for p in sorted(folder.iterdir()) if p.name.startswith("AutoCollider")]
        rest = [p for p in sorted(folder.iterdir()) if p.suffix in (".cpp", ".h") and p not in colliders]
        libraries["cs_colliders"] = (colliders, libraries["cs_colliders"][1])
        libraries["cs_import"] = (rest, libraries["cs_import"][1])
    return libraries


def header_owners(root, libraries):
    """{'dir/Name.h' as included: library}."""
    core = root / "core"
    owners = {}
    for name, (sources, _) in libraries.items():
        for source in sources:
            if source.suffix == ".h":
                owners[str(source.relative_to(core))] = name
    return owners


def include_problems(root, libraries, owners):
    problems = []
    for name, (sources, links) in sorted(libraries.items()):
        for source in sources:
            text = source.read_text()
            for match in INCLUDE.finditer(text):
                owner = owners.get(match.group(1))
                if owner and owner != name and owner not in links:
                    line = text.count("\n", 0, match.start()) + 1
                    problems.append(f"{source.relative_to(root)}:{line}: {name} includes {match.group(1)} of "
                                    f"{owner}, which it does not link (CMake links: {', '.join(sorted(links))})")
    return problems


def visibility_problems(root, libraries, owners):
    """Links whose PUBLIC or PRIVATE does not match what the library's headers include."""
    problems = []
    for name, (sources, links) in sorted(libraries.items()):
        needed = {}
        for source in sources:
            if source.suffix != ".h":
                continue
            text = source.read_text()
            for match in INCLUDE.finditer(text):
                owner = owners.get(match.group(1))
                if owner and owner != name and owner in links:
                    line = text.count("\n", 0, match.start()) + 1
                    needed.setdefault(owner, f"{source.relative_to(root)}:{line}")
        private = PRIVATE_LINKS.get(name, set())
        for owner, where in sorted(needed.items()):
            if owner in private:
                problems.append(f"{where}: a header of {name} includes a header of {owner}, which {name} links "
                                f"PRIVATE: link it PUBLIC")
        for owner in sorted(links - private - set(needed)):
            problems.append(f"core/: {name} links {owner} PUBLIC but none of its headers includes one of "
                            f"{owner}'s: link it PRIVATE")
    return problems


def documented_links(root):
    """{library: (links, private links)} from ARCHITECTURE.md's "Library links" list."""
    out = {}
    inside = False
    for line in (root / "docs" / "ARCHITECTURE.md").read_text().splitlines():
        if line.startswith("#"):
            inside = line.strip().lstrip("#").strip() == "Library links"
            continue
        match = DOC_LINE.match(line) if inside else None
        if match:
            public_text, _, private_text = match.group(2).partition("private:")
            private = set(re.findall(r"cs_\w+", private_text))
            out[match.group(1)] = (set(re.findall(r"cs_\w+", public_text)) | private, private)
    return out


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[1])
    libraries = core_libraries(root)
    if len(libraries) < 5:
        print(f"check_layers: found only {sorted(libraries)} in core/*/CMakeLists.txt", file=sys.stderr)
        return 1
    owners = header_owners(root, libraries)
    problems = include_problems(root, libraries, owners) + visibility_problems(root, libraries, owners)
    documented = documented_links(root)
    for name, (_, links) in sorted(libraries.items()):
        private = PRIVATE_LINKS.get(name, set())
        if name not in documented:
            problems.append(f"docs/ARCHITECTURE.md: Library links does not list {name} (links: "
                            f"{', '.join(sorted(links)) or 'none'})")
        elif documented[name] != (links, private):
            problems.append(f"docs/ARCHITECTURE.md: Library links says {name} links "
                            f"{', '.join(sorted(documented[name][0])) or 'none'} (private: "
                            f"{', '.join(sorted(documented[name][1])) or 'none'}); CMake: "
                            f"{', '.join(sorted(links)) or 'none'} (private: "
                            f"{', '.join(sorted(private)) or 'none'})")
    for name in sorted(set(documented) - set(libraries)):
        problems.append(f"docs/ARCHITECTURE.md: Library links lists {name}, which core/ does not build")
    for p in problems:
        print(p)
    print(f"check_layers: {len(libraries)} libraries, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
