# Collidoscope: the commands a newcomer needs. Each target installs what is missing first (scripts/setup.sh).
#   make run     build and open the app on the bundled sample
#   make test    build and run every test (what CI runs)
#   make format  clang-format every C++ file; make format-check: fail on any file that is not formatted
#   make bench   build and run the benchmarks (key=value lines)
#   make test-asan  every test under AddressSanitizer and UndefinedBehaviorSanitizer
#   make package    build/collidoscope_<version>_amd64.deb (then: sudo apt install ./build/collidoscope_*.deb)
#   make install    install into PREFIX (default /usr/local; sudo for a system folder)
#   make tidy       clang-tidy (.clang-tidy) over app/, core/, ui/; TIDY_FILES=<regex> for a subset
#   make fuzz       the libFuzzer targets, FUZZ_TIME seconds each (docs/FUZZING.md); make fuzz-smoke: 15,000 runs each, fixed seed
#   make engine-check  our exports in Babylon.js + Havok and in the Khronos Sample Renderer's PhysX (docs/engine-check.md; not in CI)

BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
FILE ?=
APP := $(BUILD_DIR)/bin/collidoscope
# ccache (used when installed) rewrites paths under this checkout as relative ones, so that another clone of
# the same sources (CI's clean clone) reuses what was compiled before instead of building everything again.
export CCACHE_BASEDIR := $(CURDIR)

PREFIX ?= /usr/local

.PHONY: all setup configure build run test test-asan bench format format-check clean package install

all: build

setup:
	@bash scripts/setup.sh

configure: setup
	@cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	@bash scripts/run.sh $(APP) $(FILE)

test: build
	@cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# CPack's DEB generator packs what the install rules put in place; it does not build a second time.
package: build
	@cd $(BUILD_DIR) && cpack -G DEB

install: build
	@cmake --install $(BUILD_DIR) --prefix $(PREFIX)

# The whole suite built with AddressSanitizer and UndefinedBehaviorSanitizer (any finding fails the test).
# Leak detection is off: Qt Quick 3D and Qt's process-wide singletons are not freed at exit.
test-asan: setup
	@cmake -S . -B build-asan -G Ninja -DCS_SANITIZE=ON -DCS_BUILD_BENCH=OFF -DCMAKE_BUILD_TYPE=Debug >/dev/null
	@cmake --build build-asan -j $(JOBS)
	@cd build-asan && ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

bench: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target cs_bench cs_bench_gui cs_bench_quick3d
	@$(BUILD_DIR)/tests/bench/cs_bench $(BENCH_ARGS)
	@for b in cs_bench_gui cs_bench_quick3d; do \
	   if [ -n "$$DISPLAY" ]; then $(BUILD_DIR)/tests/benchgui/$$b $(BENCH_ARGS); \
	   else xvfb-run -a -s "-screen 0 1920x1080x24 -noreset" $(BUILD_DIR)/tests/benchgui/$$b $(BENCH_ARGS); fi; \
	 done

# The C++ files git tracks, formatted by .clang-format; format-check changes nothing and fails on the first file
# that differs, on a file of app/, core/ or ui/ longer than 600 lines, on a class over 600 lines (its header and
# every member definition, scripts/class_sizes.py) or a function over 80 lines not listed in docs/ARCHITECTURE.md
# (CI runs it).
CXX_SOURCES = git ls-files -- '*.cpp' '*.h'
format:
	@$(CXX_SOURCES) | xargs clang-format -i

format-check:
	@$(CXX_SOURCES) | xargs clang-format --dry-run -Werror && echo "format-check: $$($(CXX_SOURCES) | wc -l) files formatted"
	@long=$$(git ls-files -- 'app/*.cpp' 'app/*.h' 'core/*.cpp' 'core/*.h' 'ui/*.cpp' 'ui/*.h' | xargs wc -l | \
	   awk '$$2 != "total" && $$1 > 600 {print $$2 " (" $$1 " lines)"}'); \
	 if [ -n "$$long" ]; then echo "format-check: files over 600 lines, split them:"; echo "$$long"; exit 1; fi; \
	 echo "format-check: no file of app/, core/ or ui/ over 600 lines"
	@python3 scripts/class_sizes.py

clean:
	@rm -rf $(BUILD_DIR)

# Fuzzing (docs/FUZZING.md): libFuzzer + ASan + UBSan targets, built with clang in build-fuzz. `make fuzz` grows
# tests/fuzz/work/corpus (not committed); `make fuzz-smoke` runs from the committed seeds only and fails on any finding.
FUZZ_TIME ?= 60
.PHONY: fuzz-build fuzz fuzz-smoke
fuzz-build: setup
	@CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCS_FUZZ=ON -DCS_BUILD_BENCH=OFF \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build build-fuzz -j $(JOBS) --target fuzz_all

fuzz: fuzz-build
	@bash tests/fuzz/run.sh $(FUZZ_TIME)

fuzz-smoke: fuzz-build
	@bash tests/fuzz/run.sh 60 smoke

# clang-tidy with the checks in .clang-tidy over the app/, core/ and ui/ sources of BUILD_DIR's compile
# database (tests are left out: QTest's macros trip bugprone checks, and the suite would double the time).
# Any finding fails. Clean results are cached by scripts/tidy.py (key: the preprocessed file, flags, .clang-tidy,
# clang-tidy's version), so a run checks only what changed. TIDY_FILES narrows it (a regex over absolute paths):
#   make tidy TIDY_FILES="$$(git diff --name-only origin/main -- '*.cpp' | paste -sd'|')"
TIDY_FILES ?= ^$(CURDIR)/(app|core|ui)/.*\.cpp$$
.PHONY: tidy
tidy: configure
	@python3 scripts/tidy.py -p $(BUILD_DIR) -j $(JOBS) --files '$(TIDY_FILES)'

# Every fixture exported with `upgrade --target babylon-havok` and `--target khronos-sample-viewer`, loaded in
# Babylon.js + Havok through the glTF physics loader and in the Khronos glTF Sample Renderer's physics on PhysX
# (both headless Node), and compared with `simulate --behave-like` each target (docs/engine-check.md). Not part of
# CI: neither the loader nor the renderer's physics is on npm. BABYLON_LOADER_DIR is the loader's package
# directory, SAMPLE_RENDERER_DIR the renderer's files; the npm packages come from `scripts/setup.sh --engines`.
# ENGINE_SECONDS sets the simulated time.
ENGINE_SECONDS ?= 2
.PHONY: engine-check
engine-check: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target collidoscope
	@bash scripts/setup.sh --engines
	@python3 tests/engines/engine_check.py --app $(APP) --out $(BUILD_DIR)/engine-check --seconds $(ENGINE_SECONDS)
