#!/usr/bin/env python3
"""make engine-check: loads what `collidoscope upgrade --target babylon-havok` writes in Babylon.js + Havok.

Usage: engine_check.py --app COLLIDOSCOPE --out DIR [--seconds S] [FIXTURE...]

For each fixture (by default every .gltf with physics under tests/data: the project's own files and the OMI
examples copied into tests/data/spec, legacy eras included):
  1. `collidoscope upgrade FIXTURE -o DIR/<name>.glb --target babylon-havok --allow-loss`,
  2. babylon-check.mjs on every export (one Node process): what the engine built and the poses after S seconds
     of fixed 1/60 s steps,
  3. `collidoscope simulate EXPORT --seconds S --step 1/60 --gravity 0,-9.81,0 --behave-like babylon-havok
     --json`: the preview run as the target behaves (the gravity is the loader's own, BAB loadSceneAsync).
Prints one row per fixture: loads, bodies (engine / preview), colliders (built by the engine / in the export),
and end positions agreeing (engine against preview, per body with motion, same glTF node: within 2 cm plus
1% of the distance travelled).
DIR keeps the exports and report.json. Exit status: 0 when every export loads and every collider of every
export is built; 1 otherwise; 2 when the loader (BABYLON_LOADER_DIR) or the npm packages are missing.
"""
import argparse
import json
import math
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "engines"
# End positions agree within 2 cm (docs/simulation.md: a body resting on any shape stays within 2 cm in the
# preview) plus 1% of the distance the body travelled (two engines' integrators part by a few centimetres over a
# 20 m fall: the preview's free fall is exact, Havok's is not).
TOLERANCE = 0.02
TRAVEL_SHARE = 0.01
PHYSICS_KEYS = ("KHR_physics_rigid_bodies", "OMI_physics_body", "OMI_collider", "OMI_physics_shape")
STEP = 1 / 60


def fixtures():
    """Every .gltf under tests/data with glTF physics, sorted by path."""
    found = []
    for path in sorted((ROOT / "tests" / "data").rglob("*.gltf")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if any(key in text for key in PHYSICS_KEYS):
            found.append(path)
    return found


def loader_dir():
    value = os.environ.get("BABYLON_LOADER_DIR", "")
    if not value or not (pathlib.Path(value) / "src" / "KHR_rigid_bodies.ts").is_file():
        print("engine-check: set BABYLON_LOADER_DIR to the directory of babylon-gltf-rigid-body-loader 0.6.0 "
              "(glTF_Physics_Babylon@a920d07, packages/loader: the one holding src/KHR_rigid_bodies.ts), e.g.\n"
              "  git --git-dir=<clone>/.git archive a920d07 packages/loader | tar -x -C /tmp/bl && "
              "make engine-check BABYLON_LOADER_DIR=/tmp/bl/packages/loader"
              + (f"\n(not found under '{value}')" if value else ""), file=sys.stderr)
        sys.exit(2)
    if not (HERE / "node_modules" / "@babylonjs" / "havok").is_dir():
        print("engine-check: the engine packages are missing: run scripts/setup.sh --engines", file=sys.stderr)
        sys.exit(2)
    return value


def colliders_in(export):
    """The colliders the export declares: nodes whose KHR_physics_rigid_bodies object has `collider`."""
    doc = read_glb_json(export)
    count = 0
    for node in doc.get("nodes", []):
        body = node.get("extensions", {}).get("KHR_physics_rigid_bodies", {})
        if isinstance(body, dict) and "collider" in body:
            count += 1
    return count


def read_glb_json(path):
    data = path.read_bytes()
    length = int.from_bytes(data[12:16], "little")
    return json.loads(data[20:20 + length])


def export(app, fixture, out):
    r = subprocess.run([str(app), "upgrade", str(fixture), "-o", str(out), "--target", "babylon-havok",
                        "--allow-loss"], capture_output=True, text=True)
    losses = sum(1 for line in r.stderr.splitlines() if "TARGET_LOSS" in line or "warning" in line)
    return r.returncode == 0 and out.is_file(), losses, r.stderr.strip()


def simulate(app, path, seconds):
    r = subprocess.run([str(app), "simulate", str(path), "--seconds", str(seconds), "--step", "1/60",
                        "--gravity", "0,-9.81,0", "--behave-like", "babylon-havok", "--json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip()
    return json.loads(r.stdout), ""


def agreement(engine, preview):
    """(within tolerance, compared, largest distance) over the bodies with motion both have, by glTF node."""
    moving = {b["node"]: b for b in preview["bodies"] if b["motion"] != "static"}
    compared, within, worst = 0, 0, 0.0
    for body in engine["bodies"]:
        other = moving.get(body["node"])
        if body["motion"] == "static" or other is None:
            continue
        distance = math.dist(body["translation"], other["translation"])
        travelled = math.dist(body["start"], other["translation"]) if body["start"] else 0.0
        compared += 1
        within += distance <= TOLERANCE + TRAVEL_SHARE * travelled
        worst = max(worst, distance)
    return within, compared, worst


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("fixtures", nargs="*")
    args = parser.parse_args()
    loader = loader_dir()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    files = [pathlib.Path(f).resolve() for f in args.fixtures] or fixtures()
    rows = []
    for i, fixture in enumerate(files):
        name = str(fixture.relative_to(ROOT / "tests" / "data")) if fixture.is_relative_to(ROOT) else fixture.name
        target = out / f"{i:02d}_{fixture.stem}.glb"
        ok, losses, log = export(args.app, fixture, target)
        rows.append({"fixture": name, "export": str(target) if ok else None, "exported": ok, "losses": losses,
                     "exportLog": log})
    exports = [r["export"] for r in rows if r["exported"]]
    steps = round(args.seconds / STEP)
    node = subprocess.run(["node", str(HERE / "babylon-check.mjs"), "--loader", loader, "--steps", str(steps),
                           "--gravity", "0,-9.81,0", *exports], capture_output=True, text=True)
    if node.returncode != 0:
        print(node.stderr, file=sys.stderr)
        sys.exit(node.returncode)
    engine = {r["file"]: r for r in json.loads(node.stdout)}
    failed = False
    print(f"| fixture | loads | bodies (engine / preview) | colliders (built / exported) | "
          f"end positions agreeing after {args.seconds:g} s (worst distance) |")
    print("|---|---|---|---|---|")
    for row in rows:
        if not row["exported"]:
            failed = True
            print(f"| {row['fixture']} | not exported | | | |")
            continue
        e = engine[row["export"]]
        preview, why = simulate(args.app, pathlib.Path(row["export"]), args.seconds)
        row["engine"], row["preview"] = e, preview
        built = sum(b["colliders"] for b in e["bodies"])
        declared = colliders_in(pathlib.Path(row["export"]))
        moving = sum(1 for b in e["bodies"] if b["motion"] != "static" and b["node"] is not None)
        previewed = sum(1 for b in preview["bodies"] if b["motion"] != "static") if preview else 0
        failed |= not e["loaded"] or built != declared
        loads = "yes" if e["loaded"] else f"no: {e['error']}"
        if not e["loaded"]:
            ends = "not run"
        elif preview:
            within, compared, worst = agreement(e, preview)
            ends = f"{within}/{compared}" + (f" (worst {worst:.3f} m)" if compared else "")
        else:
            ends = f"preview failed: {why.splitlines()[-1] if why else '?'}"
        mark = "" if moving == previewed else " (differ)"
        print(f"| {row['fixture']} | {loads} | {moving} / {previewed}{mark} | {built} / {declared}"
              f"{'' if built == declared else ' (missing)'} | {ends} |")
    (out / "report.json").write_text(json.dumps(rows, indent=1), encoding="utf-8")
    print(f"\nexports and report.json in {out}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
