# Collidoscope: the commands a newcomer needs. Each target installs what is missing first (scripts/setup.sh).
#   make run     build and open the app on the bundled sample
#   make test    build and run every test (what CI runs)
#   make bench   build and run the benchmarks (key=value lines)

BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
FILE ?=
APP := $(BUILD_DIR)/bin/collidoscope

.PHONY: all setup configure build run test bench format clean

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

bench: configure
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target cs_bench cs_bench_gui
	@$(BUILD_DIR)/tests/bench/cs_bench $(BENCH_ARGS)
	@if [ -n "$$DISPLAY" ]; then $(BUILD_DIR)/tests/benchgui/cs_bench_gui $(BENCH_ARGS); \
	 else xvfb-run -a -s "-screen 0 1920x1080x24" $(BUILD_DIR)/tests/benchgui/cs_bench_gui $(BENCH_ARGS); fi

format:
	@find app core ui tests -name '*.cpp' -o -name '*.h' | grep -v '/data/' | xargs clang-format -i

clean:
	@rm -rf $(BUILD_DIR)
