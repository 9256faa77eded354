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


NAMESPACE_RE = re.compile(r"^\s*namespace\s+([\w:]*)\s*\{", re.M)


def namespace_spans(text):
    """(start, end, name) of each `namespace NAME {` block (an anonymous one has the name "")."""
    spans = []
    code = re.sub(r'"(\\.|[^"\\])*"|//[^\n]*', lambda m: " " * len(m.group(0)), text)
    for m in NAMESPACE_RE.finditer(code):
        depth = 0
        for i in range(m.end() - 1, len(code)):
            depth += {"{": 1, "}": -1}.get(code[i], 0)
            if depth == 0:
                spans.append((m.start(), i, m.group(1)))
                break
    return spans


def namespace_at(spans, pos):
    """The namespace enclosing `pos`, as "cs::physics" ("" at global scope; anonymous ones add nothing)."""
    names = [name for start, end, name in sorted(spans) if start <= pos <= end and name]
    return "::".join(names)


def qualify(namespace, name):
    return f"{namespace}::{name}" if namespace else name


def class_sizes(root, files):
    """{(header, name): (lines, files)}: the declaration, the member definitions wherever they are, and a share of
    each defining .cpp file's other lines (its includes and file-local helpers) split among the classes it defines.
    Classes are keyed by qualified name, so two of one name in different namespaces are counted apart; a member
    definition belongs to the class its name resolves to from the namespace it is written in, innermost first."""
    texts = {p: read(root, p) for p in files}
    sizes = {}
    for header in (p for p in files if p.endswith(".h")):
        spans = namespace_spans(texts[header])
        for m in CLASS_RE.finditer(texts[header]):
            name = qualify(namespace_at(spans, m.start()), m.group(1))
            sizes.setdefault(name, [header, declaration_span(texts[header], m), {header}])
    for source in (p for p in files if p.endswith(".cpp")):
        text = texts[source]
        spans = namespace_spans(text)
        starts = [0]
        for line in text.split("\n"):
            starts.append(starts[-1] + len(line) + 1)
        owned = {}
        for name, first, count in function_spans(text):
            owner = owner_of(sizes, namespace_at(spans, starts[first - 1]), name.split("::")[:-1])
            if owner:
                owned[owner] = owned.get(owner, 0) + count
        if not owned:
            continue
        share = (text.count("\n") - sum(owned.values())) / len(owned)
        for owner, count in owned.items():
            sizes[owner][1] += count + max(share, 0)
            sizes[owner][2].add(source)
    return {(h, n): (round(size), sorted(parts)) for n, (h, size, parts) in sizes.items()}


def owner_of(sizes, namespace, qualifiers):
    """The class a definition `A::B::f` written in `namespace` belongs to: the innermost class among its
    qualifiers, looked up from the namespace outwards."""
    for last in range(len(qualifiers), 0, -1):
        written = "::".join(qualifiers[:last])
        scope = namespace.split("::") if namespace else []
        while True:
            candidate = qualify("::".join(scope), written)
            if candidate in sizes:
                return candidate
            if not scope:
                break
            scope.pop()
    return None


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
