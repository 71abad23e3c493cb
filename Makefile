# Entry points for a fresh Debian 12 machine. `make run` and `make test` install what is missing.
PRESET ?= release
BUILD_DIR := build/$(PRESET)
JOBS ?= $(shell nproc)
# ccache (when installed): hash paths relative to this checkout, so that another clone of the
# repository, in any folder, hits the objects of an earlier build.
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE ?= 20G

.PHONY: all deps peers report-deps configure build run test wasm asan python fuzz fuzz-run fuzz-campaign fuzz-coverage format clean

all: build

deps:
	@scripts/install-deps.sh

# Peer implementations (npm packages, versions pinned by tests/peers/package-lock.json).
peers: tests/peers/node_modules/.installed
tests/peers/node_modules/.installed: tests/peers/package.json tests/peers/package-lock.json | deps
	cd tests/peers && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# Chart.js, embedded into the `mforge bench --html` page when mforge is built (pinned by
# tools/report/package-lock.json); before configure, which looks for it.
report-deps: tools/report/node_modules/.installed
tools/report/node_modules/.installed: tools/report/package.json tools/report/package-lock.json | deps
	cd tools/report && npm ci --no-audit --no-fund --loglevel=error
	@touch $@

configure: deps report-deps
	cmake --preset $(PRESET)

build: configure
	cmake --build --preset $(PRESET) -j $(JOBS)

# Only what the report needs (mforge and the bench suites); `make test` builds the rest.
run: configure peers
	cmake --build --preset $(PRESET) --target report -j $(JOBS)
	$(BUILD_DIR)/tools/mforge/mforge bench --quick --html build/report

test: build peers
	ctest --preset $(PRESET) -j $(JOBS)

# The state verifier for the browser (docs/state-proofs-web.md): Emscripten's wasm32 build of the
# verifier modules, merkleforge-state.js and .wasm, beside web/index.html and web/app.js in
# $(BUILD_DIR)/web (a static site); prints the bundle's size.
WASM_SITE := $(BUILD_DIR)/web
wasm: configure
	cmake --build $(BUILD_DIR) --target state_verifier_web -j $(JOBS)
	@js=$$(stat -c %s $(WASM_SITE)/merkleforge-state.js); \
	  wasm=$$(stat -c %s $(WASM_SITE)/merkleforge-state.wasm); \
	  gz=$$(( $$(gzip -9c $(WASM_SITE)/merkleforge-state.js | wc -c) + \
	          $$(gzip -9c $(WASM_SITE)/merkleforge-state.wasm | wc -c) )); \
	  echo "$(WASM_SITE): merkleforge-state.wasm $$wasm B + merkleforge-state.js $$js B" \
	       "= $$((wasm + js)) B ($$gz B gzipped)"

# The Python package: the extension module built by CMake, installed offline into build/venv (a
# venv of Debian's /usr/bin/python3; `build/venv/bin/python -c "import merkleforge"`).
python: configure
	cmake --build --preset $(PRESET) --target merkleforge_python -j $(JOBS)
	rm -rf build/venv && /usr/bin/python3 -m venv --system-site-packages build/venv
	MERKLEFORGE_EXTENSION=$$(ls $(CURDIR)/$(BUILD_DIR)/python/merkleforge/_merkleforge*.so) \
	  build/venv/bin/python -m pip install --quiet --no-index --no-build-isolation ./python
	rm -rf python/build python/merkleforge.egg-info

# The same tests under AddressSanitizer + UndefinedBehaviorSanitizer.
asan:
	$(MAKE) test PRESET=asan

# libFuzzer targets (clang): build, then run each for FUZZ_SECONDS.
FUZZ_SECONDS ?= 60
fuzz:
	@scripts/install-deps.sh fuzz
	cmake --preset fuzz
	cmake --build --preset fuzz -j $(JOBS)

# Each target starts from the corpus kept in the repository (fuzz/corpus/<target>, read only here;
# new finds go to build/fuzz/corpus).
fuzz-run: fuzz
	@for target in build/fuzz/fuzz/*_fuzz; do \
	  name=$$(basename $$target); echo "== $$target"; \
	  mkdir -p build/fuzz/corpus/$$name fuzz/corpus/$$name build/fuzz/findings; \
	  $$target -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=build/fuzz/findings/$$name- \
	    build/fuzz/corpus/$$name fuzz/corpus/$$name || exit 1; \
	done

# A long campaign outside CI (docs/fuzzing.md): FUZZ_RUNS executions per target (at most
# FUZZ_CAMPAIGN_SECONDS each); the minimised corpus replaces fuzz/corpus/<target>.
FUZZ_RUNS ?= 10000000
FUZZ_CAMPAIGN_SECONDS ?= 7200
fuzz-campaign: fuzz
	scripts/fuzz-campaign.sh $(FUZZ_RUNS) $(FUZZ_CAMPAIGN_SECONDS)

# Which rejection branches of the proof system's verifiers the kept corpus reaches.
fuzz-coverage:
	@scripts/install-deps.sh fuzz
	scripts/fuzz-coverage.sh

format:
	git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	rm -rf build
