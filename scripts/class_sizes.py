#!/usr/bin/env python3
"""Class and function size gate (make format-check).

A class's size is the lines of the header that declares it plus the lines of every .cpp file that defines one of
its members, wherever they live: moving methods into sibling files does not make a class smaller. A function's
size is the lines from its signature to its closing brace. Limits: 600 lines a class, 80 a function, over app/,
core/ and ui/; the functions allowed over 80 are listed in docs/ARCHITECTURE.md under "Function size exceptions"
(one `path:function` a line) with the reason.

  class_sizes.py [--list] [ROOT]   --list prints every class with its size, largest first
"""
import os
import re
import subprocess
import sys

CLASS_LIMIT = 600
FUNCTION_LIMIT = 80
DIRS = ("app", "core", "ui")
CLASS_RE = re.compile(r"^(?:class|struct)\s+(?:\[\[[^\]]*\]\]\s*)?([A-Z]\w*)\s*(?:final\s*)?(?::[^;{]*)?\{", re.M)
EXCEPTION_RE = re.compile(r"^- `([^`:]+):([^`]+)`", re.M)


def tracked(root):
    out = subprocess.run(["git", "ls-files", "--", *[f"{d}/*.cpp" for d in DIRS], *[f"{d}/*.h" for d in DIRS]],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    return sorted(p for p in out.split("\n") if p)


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def declaration_span(text, match):
    """Lines from a class's `class X ... {` to its closing `};`."""
    depth = 0
    for i, ch in enumerate(text[match.end() - 1:]):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth == 0:
            return text[match.start():match.end() + i].count("\n") + 1
    return text[match.start():].count("\n") + 1


def class_sizes(root, files):
    """{(header, name): (lines, files)}: the declaration, the member definitions wherever they are, and a share of
    each defining .cpp file's other lines (its includes and file-local helpers) split among the classes it defines."""
    texts = {p: read(root, p) for p in files}
    sizes = {}
    for header in (p for p in files if p.endswith(".h")):
        for m in CLASS_RE.finditer(texts[header]):
            sizes.setdefault(m.group(1), [header, declaration_span(texts[header], m), {header}])
    for source in (p for p in files if p.endswith(".cpp")):
        text = texts[source]
        owned = {}
        for name, _, count in function_spans(text):
            owner = next((part for part in name.split("::")[:-1] if part in sizes), None)
            if owner:
                owned[owner] = owned.get(owner, 0) + count
        if not owned:
            continue
        share = (text.count("\n") - sum(owned.values())) / len(owned)
        for owner, count in owned.items():
            sizes[owner][1] += count + max(share, 0)
            sizes[owner][2].add(source)
    return {(h, n): (round(size), sorted(parts)) for n, (h, size, parts) in sizes.items()}


def function_spans(text):
    """(name, first line, line count) of each function body at namespace level or in a class."""
    spans = []
    lines = text.split("\n")
    signature = re.compile(r"^\s*(?:[\w:<>,*&~\[\]]+\s+)*([~\w:]+(?:operator\S+)?)\s*\([^;]*$")
    i = 0
    while i < len(lines):
        m = signature.match(lines[i])
        if m and not re.match(r"^\s*(if|for|while|switch|return|else|case|do)\b", lines[i]):
            # Find the opening brace of a body before any ';' ends a declaration.
            j = i
            while j < len(lines) and "{" not in lines[j] and ";" not in lines[j]:
                j += 1
            if j < len(lines) and "{" in lines[j] and (";" not in lines[j] or lines[j].index("{") < lines[j].index(";")):
                depth = 0
                k = j
                started = False
                while k < len(lines):
                    code = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'|//.*', "", lines[k])
                    depth += code.count("{") - code.count("}")
                    started = started or "{" in code
                    if started and depth <= 0:
                        break
                    k += 1
                spans.append((m.group(1), i + 1, k - i + 1))
                i = k + 1
                continue
        i += 1
    return spans


def exceptions(root):
    path = os.path.join(root, "docs", "ARCHITECTURE.md")
    if not os.path.exists(path):
        return set()
    text = read(root, path)
    start = text.find("Function size exceptions")
    return set(EXCEPTION_RE.findall(text[start:])) if start >= 0 else set()


def main(argv):
    listing = "--list" in argv
    args = [a for a in argv if not a.startswith("--")]
    root = os.path.abspath(args[0] if args else os.getcwd())
    files = tracked(root)
    sizes = class_sizes(root, files)
    problems = []
    for (header, name), (size, parts) in sorted(sizes.items(), key=lambda kv: -kv[1][0]):
        if listing:
            print(f"{size:6} {name} ({', '.join(parts)})")
        if size > CLASS_LIMIT:
            problems.append(f"class {name}: {size} lines over {', '.join(parts)}")
    allowed = exceptions(root)
    for path in files:
        for name, line, count in function_spans(read(root, path)):
            short = name.split("::")[-1]
            if count > FUNCTION_LIMIT and (path, name) not in allowed and (path, short) not in allowed:
                problems.append(f"function {path}:{line} {name}: {count} lines")
    if problems:
        sys.stdout.flush()
        print(f"class_sizes: over the limits ({CLASS_LIMIT} lines a class, {FUNCTION_LIMIT} a function):")
        print("\n".join("  " + p for p in problems))
        return 1
    print(f"class_sizes: {len(sizes)} classes within {CLASS_LIMIT} lines, every function within {FUNCTION_LIMIT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
