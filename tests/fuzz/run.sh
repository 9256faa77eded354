#!/usr/bin/env bash
# Runs the libFuzzer targets built in build-fuzz (make fuzz / make fuzz-smoke; see docs/FUZZING.md).
#   run.sh SECONDS_PER_TARGET [smoke] [TARGET...]
# fuzz: new inputs go to tests/fuzz/work/corpus/<target> (not committed), findings to tests/fuzz/work/findings.
# smoke: a throwaway corpus, a fixed random seed and a fixed number of runs (SMOKE_RUNS, 15000: about 5-10 s a
# target), so that the run depends only on the committed seeds and regressions and gives the same result on
# every machine; SECONDS_PER_TARGET is then only a cap for a very slow machine.
# Exits non-zero when any target found a crash, sanitizer report, broken invariant, timeout or memory blow-up.
set -uo pipefail
cd "$(dirname "$0")/../.."

seconds=${1:?seconds per target}
shift
mode=fuzz
if [ "${1:-}" = smoke ]; then
  mode=smoke
  shift
fi
targets=("$@")
((${#targets[@]})) || targets=(gltf_load physics_codec validator hull roundtrip)

bin=build-fuzz/fuzz
work=tests/fuzz/work
limits=()
if [ "$mode" = smoke ]; then
  limits=(-seed=1 -runs="${SMOKE_RUNS:-15000}")
  work=$(mktemp -d "${TMPDIR:-/tmp}/collidoscope-fuzz-smoke.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

failed=()
for t in "${targets[@]}"; do
  case "$t" in
    hull) max_len=16384 dict=() ;;
    *) max_len=65536 dict=(-dict=tests/fuzz/gltf.dict) ;;
  esac
  mkdir -p "$work/corpus/$t" "$work/findings/$t"
  seeds=(tests/fuzz/corpus/"$t")
  [ -d tests/fuzz/regressions/"$t" ] && seeds+=(tests/fuzz/regressions/"$t")
  if [ "$mode" = smoke ]; then
    echo "fuzz: $t, ${SMOKE_RUNS:-15000} runs from seed 1 (at most ${seconds}s)"
  else
    echo "fuzz: $t for ${seconds}s"
  fi
  log="$work/findings/$t.log"
  "$bin/fuzz_$t" "$work/corpus/$t" "${seeds[@]}" "${dict[@]}" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 \
    -artifact_prefix="$work/findings/$t/" -print_final_stats=1 "${limits[@]}" >"$log" 2>&1
  rc=$?
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" | tr '\n' ' '
  echo
  if [ $rc -ne 0 ]; then
    failed+=("$t")
    echo "fuzz: $t FAILED (exit $rc); the input is in $work/findings/$t/, the report:"
    grep -E -A30 'ERROR:|runtime error|fuzz invariant broken|deadly signal|Timeout|out-of-memory' "$log" | head -60
    if [ "$mode" = smoke ]; then
      mkdir -p build-fuzz/smoke-findings
      cp -r "$work/findings/$t" "$log" build-fuzz/smoke-findings/ 2>/dev/null
      echo "fuzz: copied to build-fuzz/smoke-findings/"
    fi
  fi
done

if ((${#failed[@]})); then
  echo "fuzz: findings in ${failed[*]}"
  exit 1
fi
echo "fuzz: no findings"
