#!/usr/bin/env python3
"""Fails when the build uses something from a Debian package that scripts/setup.sh would not install.

Usage: check_setup_packages.py BUILD_DIR PACKAGES_TXT

What the build uses, each mapped to the package that owns it (the dpkg database, as `dpkg -S` reads it):
  - every CMake package found (the config file in each `<Name>_DIR` of CMakeCache.txt),
  - every other cache entry that names a file or a package's own folder (find_library, find_path, find_program),
  - every pkg-config module found (its .pc file),
  - every header the compiler read and every library the linker was given (Ninja's deps log and build.ninja),
  - the commands the tests and the packaging run (COMMANDS below).
Each owner must be listed in PACKAGES_TXT or be in the dependency closure of the list
(`apt-cache depends --recurse`, without recommends or suggests: what setup.sh's --no-install-recommends installs).
A command found on PATH but owned by no package (a Node.js installed outside Debian) is reported, not failed.
"""
import glob
import os
import re
import subprocess
import sys

# The commands the tests, the packaging test and the Makefile targets run.
COMMANDS = [
    "cmake", "ctest", "cpack", "ninja", "ccache", "c++", "clang", "clang++", "pkg-config",
    "xvfb-run", "Xvfb", "xauth", "node", "npm", "python3",
    "convert", "import", "identify", "compare", "rsvg-convert",  # ImageMagick draws SVG with rsvg-convert
    "lintian", "desktop-file-validate", "appstreamcli", "dpkg-shlibdeps", "dpkg-deb", "groff", "man", "gzip",
    "objdump", "readelf", "ldconfig", "dpkg-parsechangelog", "hardening-check",
]
APT_DEPENDS = ["apt-cache", "depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts",
               "--no-breaks", "--no-replaces", "--no-enhances"]


def bare(name):
    """A package name without its <virtual> brackets and :arch qualifier."""
    return name.strip().strip("<>").split(":")[0]


def read_list(path):
    """(package, command or None) per entry of packages.txt; 'PACKAGE unless COMMAND' gives the command."""
    entries = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            if len(words) == 3 and words[1] == "unless":
                entries.append((words[0], words[2]))
            elif len(words) == 1:
                entries.append((words[0], None))
            else:
                sys.exit(f"{path}: cannot read the line '{line.strip()}'")
    return entries


def installed_packages():
    """(installed packages, installed Essential packages): Essential ones are on every Debian system."""
    r = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Essential} ${db:Status-Status}\n"],
                       capture_output=True, text=True)
    rows = [line.split() for line in r.stdout.splitlines()]
    present = {row[0] for row in rows if row[-1] == "installed"}
    return present, {row[0] for row in rows if row[-1] == "installed" and row[1] == "yes"}


def closure(names):
    """Every real package that `apt-cache depends --recurse` reaches from names (one call per run)."""
    r = subprocess.run(APT_DEPENDS + names, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"apt-cache depends failed for the setup list: {r.stderr.strip()}")
    reached = set()
    for line in r.stdout.splitlines():
        if line and not line[0].isspace() and not line.startswith("<"):
            reached.add(bare(line))
    return reached


def owner_database():
    """Installed path -> owning packages, from dpkg's file lists (the data `dpkg -S` searches)."""
    owners = {}
    for listing in glob.glob("/var/lib/dpkg/info/*.list"):
        package = bare(os.path.basename(listing)[: -len(".list")])
        with open(listing, encoding="utf-8", errors="replace") as f:
            for line in f:
                owners.setdefault(line.rstrip("\n"), set()).add(package)
    return owners


def owners_of(path, db):
    """The packages owning path or the file it resolves to; /usr-merged aliases (/lib = /usr/lib) count."""
    found = set()
    for p in {path, os.path.realpath(path)}:
        for alias in {p, re.sub(r"^/usr/", "/", p), "/usr" + p}:
            found |= db.get(alias, set())
    return found


def read_cache(build_dir):
    entries = []
    with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^([^/#:=][^:=]*):([A-Z]+)=(.*)$", line.rstrip("\n"))
            if m:
                entries.append(m.groups())
    return entries


def config_file(folder):
    """The <Name>Config.cmake or <name>-config.cmake a find_package() read in folder, if it is one."""
    if not os.path.isdir(folder):
        return None
    files = sorted(glob.glob(os.path.join(folder, "*Config.cmake")) + glob.glob(os.path.join(folder, "*-config.cmake")))
    return files[0] if files else None


def cache_sources(entries, build_dir, source_dir, db, linked):
    """(what needed it, path) for the cache entries that point at the system. A library no target links is an
    optional part a find module looked for (FindOpenGL's GLU and EGL): listed in unused, not checked."""
    skip = re.compile(r"^(CMAKE_INSTALL_|_GNUInstallDirs|CMAKE_CACHEFILE_DIR|CMAKE_HOME_DIRECTORY|CMAKE_FIND_PACKAGE_)")
    ours = tuple(os.path.realpath(d) + os.sep for d in (build_dir, source_dir)) + ("/tmp/",)
    sources, unused = [], []
    for key, kind, value in entries:
        if skip.match(key) or not value.startswith("/") or os.path.realpath(value).startswith(ours):
            continue
        for value in value.split(";"):
            if not os.path.exists(value):
                continue
            if key.endswith("_DIR") and kind == "PATH" and config_file(value):
                sources.append((f"CMake package {key[:-4]} ({key})", config_file(value)))
            elif re.search(r"\.(so[.0-9]*|a)$", value) and os.path.realpath(value) not in linked:
                unused.append(f"{key}={value}")
            elif os.path.isfile(value):
                sources.append((f"cache entry {key}", value))
            elif len(owners_of(value, db)) == 1:
                # A folder only one package ships (test models); shared folders such as /usr/include say nothing.
                sources.append((f"cache entry {key}", value))
    return sources, unused


def pkgconfig_sources(entries):
    """The .pc file of each pkg-config module pkg_check_modules() found."""
    values = {key: value for key, _, value in entries}
    sources = []
    for key, value in values.items():
        if not key.endswith("_MODULE_NAME") or not value or values.get(key[: -len("_MODULE_NAME")] + "_FOUND") != "1":
            continue
        for module in value.split(";"):
            r = subprocess.run(["pkg-config", "--variable=pcfiledir", module], capture_output=True, text=True)
            if r.returncode == 0 and r.stdout.strip():
                sources.append((f"pkg-config module {module}", os.path.join(r.stdout.strip(), module + ".pc")))
    return sources


LINKED = "a target links it"


def build_sources(build_dir):
    """Headers from Ninja's deps log and libraries from build.ninja's link lines, outside our own folders."""
    sources = []
    deps = subprocess.run(["ninja", "-C", build_dir, "-t", "deps"], capture_output=True, text=True)
    if deps.returncode != 0 or not deps.stdout.strip():
        print("note: no Ninja deps log in the build folder (not built, or not Ninja): headers not checked")
    headers = sorted({line.strip() for line in deps.stdout.splitlines()
                      if line.startswith(" ") and line.strip().startswith("/usr/")})
    sources += [("a compiled source includes it", h) for h in headers]
    build_ninja = os.path.join(build_dir, "build.ninja")
    if os.path.exists(build_ninja):
        with open(build_ninja, encoding="utf-8") as f:
            libraries = sorted(set(re.findall(r"(/usr/[^\s:$]+\.(?:so[.0-9]*|a))\b", f.read())))
        sources += [(LINKED, lib) for lib in libraries]
    return sources, len(headers)


def command_paths(name):
    """Every file called name on PATH, first (the one that runs) first."""
    found = []
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        candidate = os.path.join(folder or ".", name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK) and candidate not in found:
            found.append(candidate)
    return found


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build_dir, list_file = sys.argv[1], sys.argv[2]
    source_dir = os.path.dirname(os.path.dirname(os.path.abspath(list_file)))
    listed = read_list(list_file)
    listed_names = {name for name, _ in listed}
    present, essential = installed_packages()
    # A conditional entry is in the closure when setup.sh installed it (its command was missing then).
    roots = sorted(n for n, unless in listed if unless is None or n in present)
    reached = closure(roots)
    unknown = [n for n in roots if n not in reached]
    allowed = reached | listed_names | essential
    db = owner_database()

    entries = read_cache(build_dir)
    built, header_count = build_sources(build_dir)
    linked = {os.path.realpath(path) for what, path in built if what == LINKED}
    sources, unused = cache_sources(entries, build_dir, source_dir, db, linked)
    sources += pkgconfig_sources(entries) + built

    problems = [f"scripts/packages.txt names '{n}', which apt does not know" for n in unknown]
    needed = {}  # package -> what needed it (first reason)
    for what, path in sources:
        owners = owners_of(path, db)
        if not owners:
            problems.append(f"{path} ({what}) belongs to no Debian package: setup.sh cannot install it")
        for package in owners:
            needed.setdefault(package, f"{what}: {path}")

    foreign = []
    for command in COMMANDS:
        paths = command_paths(command)
        if not paths:
            problems.append(f"the command {command} is not installed")
        for path in paths:
            owners = owners_of(path, db)
            if not owners:
                foreign.append(path)
            for package in owners:
                needed.setdefault(package, f"command {command}: {path}")

    for package in sorted(needed):
        if package not in allowed:
            problems.append(f"package {package} is neither in scripts/packages.txt nor pulled in by it; "
                            f"needed by {needed[package]}")

    print(f"setup list: {len(listed_names)} packages, closure {len(allowed)} packages")
    print(f"checked {len(sources)} build inputs ({header_count} system headers) and {len(COMMANDS)} commands: "
          f"{len(needed)} owning packages")
    for entry in unused:
        print(f"note: {entry} is found but no target links it (an optional part); not checked")
    for path in foreign:
        print(f"note: {path} is not from a Debian package (installed by other means); not checked")
    for problem in problems:
        print(f"FAIL: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
