#!/usr/bin/env python3
"""clang-tidy over the project's sources with a cache of clean results.

Usage: tidy.py -p BUILD_DIR [-j JOBS] [--files REGEX] [--cache DIR]

Runs clang-tidy (checks from .clang-tidy) on every file of BUILD_DIR's compile_commands.json whose absolute path
matches REGEX. A file that comes out clean is remembered under a key made of everything that decides the result:
the file's preprocessed text (with the checkout's path replaced, so that another clone of the same sources hits),
the compile flags that change how the code is read, .clang-tidy and the clang-tidy version. A file whose key is
remembered is not checked again; findings are never remembered, so a file with findings is checked (and fails)
on every run. Exit status: 0 when every file is clean, 1 otherwise; findings are printed as clang-tidy prints
them.
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys

# Flags that do not change whether clang-tidy finds something: debug information, output and dependency files,
# colours, and -Werror (a compiler warning is a finding here either way).
DROPPED_PREFIXES = (
    "-g", "-o", "-MD", "-MT", "-MF", "-MMD", "-fdiagnostics-color", "-fcolor-diagnostics", "-Werror",
)


def command_args(entry):
    if "arguments" in entry:
        return list(entry["arguments"])
    return shlex.split(entry["command"])


def relevant_flags(args, source):
    kept = []
    skip_next = False
    for a in args[1:]:
        if skip_next:
            skip_next = False
            continue
        if a in ("-o", "-MT", "-MF", "-c"):
            skip_next = a != "-c"
            continue
        if a == source or a.startswith(DROPPED_PREFIXES):
            continue
        kept.append(a)
    return kept


def preprocess(args, source, directory):
    """The file's text after the preprocessor, without line markers."""
    flags = relevant_flags(args, source)
    cmd = [args[0]] + flags + ["-E", "-P", source]
    result = subprocess.run(cmd, cwd=directory, capture_output=True)
    if result.returncode != 0:
        return None
    return result.stdout


def cache_key(entry, root, config_text, version):
    args = command_args(entry)
    source = entry["file"]
    text = preprocess(args, source, entry["directory"])
    if text is None:
        return None
    h = hashlib.sha256()
    rootb = root.encode()
    h.update(text.replace(rootb, b"<root>"))
    flags = [f.replace(root, "<root>") for f in relevant_flags(args, source)]
    flags = [f for f in flags if not f.startswith("-I") and not f.startswith("-isystem")]
    h.update("\0".join(flags).encode())
    h.update(os.path.relpath(source, root).encode())
    h.update(config_text)
    h.update(version)
    return h.hexdigest()


def check(entry, build_dir, root, config_text, version, cache_dir):
    key = cache_key(entry, root, config_text, version)
    if key and os.path.exists(os.path.join(cache_dir, key)):
        return entry["file"], "cached", ""
    result = subprocess.run(
        ["clang-tidy", "-quiet", "-p", build_dir, entry["file"]], capture_output=True, text=True
    )
    output = result.stdout + result.stderr
    findings = re.search(r"(warning|error):", result.stdout) is not None
    if result.returncode == 0 and not findings:
        if key:
            with open(os.path.join(cache_dir, key), "w") as f:
                f.write(os.path.relpath(entry["file"], root) + "\n")
        return entry["file"], "clean", ""
    return entry["file"], "findings", output


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-p", dest="build_dir", required=True)
    parser.add_argument("-j", dest="jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--files", default=None)
    parser.add_argument(
        "--cache",
        default=os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "collidoscope-tidy"),
    )
    opts = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pattern = re.compile(opts.files or (re.escape(root) + r"/(app|core|ui)/.*\.cpp$"))
    with open(os.path.join(opts.build_dir, "compile_commands.json")) as f:
        entries = [e for e in json.load(f) if pattern.search(os.path.abspath(e["file"]))]
    if not entries:
        print("tidy: no file matches", file=sys.stderr)
        return 1
    with open(os.path.join(root, ".clang-tidy"), "rb") as f:
        config_text = f.read()
    version = subprocess.run(["clang-tidy", "--version"], capture_output=True).stdout
    os.makedirs(opts.cache, exist_ok=True)

    counts = {"cached": 0, "clean": 0, "findings": 0}
    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, opts.jobs)) as pool:
        futures = [
            pool.submit(check, e, opts.build_dir, root, config_text, version, opts.cache) for e in entries
        ]
        for future in concurrent.futures.as_completed(futures):
            path, status, output = future.result()
            counts[status] += 1
            if status == "findings":
                failed.append(path)
                sys.stdout.write(output)
                sys.stdout.flush()
    print(
        "tidy: %d files: %d clean (%d checked now, %d from the cache), %d with findings"
        % (len(entries), counts["clean"] + counts["cached"], counts["clean"], counts["cached"], counts["findings"])
    )
    for path in sorted(failed):
        print("tidy: findings in " + os.path.relpath(path, root))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
