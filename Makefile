# cardcore: the targets anyone can guess. Everything runs in ./.venv, made here.
VENV ?= .venv
PY := $(VENV)/bin/python
export PATH := $(abspath $(VENV))/bin:$(PATH)
# maturin installs into $VIRTUAL_ENV: always this project's venv, whatever the caller had active.
export VIRTUAL_ENV := $(abspath $(VENV))
# With the griffe extension the docs build loads (mkdocs.yml); not docs/ whole, whose Markdown
# code blocks keep each print's output on its line (tests/test_docs.py checks them).
PYTHON_DIRS := python tests benches docs/griffe_stub_overloads.py
# The documentation's tools, as pinned by pyproject's docs extra.
DOCS_REQUIREMENTS := "mkdocs-material>=9.8,<10" "mkdocstrings[python]>=1.0,<2" "mkdocstrings-python>=2,<3"

.PHONY: venv build-dev lint test-rust test-python test-long test docs check dist demo bench fuzz clean

# The venv with maturin alone: all that building and trying the engine needs (make demo).
$(VENV)/.base:
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip "maturin>=1.9.3,<2"
	touch $@

$(VENV)/.installed: pyproject.toml $(VENV)/.base
	$(PY) -m pip install --quiet "pytest>=8" "pytest-xdist>=3.5" "hypothesis>=6.100" "mypy>=1.10" "ruff>=0.5" "typeguard>=4.3" \
		"numpy>=1.24" "gymnasium>=1.0" "pettingzoo>=1.24" "ray>=2.40" "pyarrow>=14" \
		"open_spiel>=1.5" "starlette>=0.40" "uvicorn[standard]>=0.30" "websockets>=13" "psycopg[binary]>=3.1" \
		"playwright>=1.40"
	$(PY) -m pip install --quiet $(DOCS_REQUIREMENTS)
	touch $@

venv: $(VENV)/.installed

## build-dev: the release build of the native module, installed into the venv
build-dev: venv
	$(PY) -m maturin develop --release --quiet

## lint: formatting and static checks for Rust and Python, stubs against the build
lint: build-dev
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	$(PY) -m ruff check $(PYTHON_DIRS)
	$(PY) -m ruff format --check $(PYTHON_DIRS)
	$(PY) -m mypy --strict $(PYTHON_DIRS)
	$(PY) -m mypy.stubtest cardcore._core

test-rust:
	cargo test --workspace --exclude cardcore-python

## test-python: pytest on every core (pytest-xdist; the ci hypothesis profile), naming the 15
## slowest tests
test-python: build-dev
	$(PY) -m pytest -q -n auto --dist worksteal --durations=15

## test-long: the long hypothesis profile (thousands of examples per property, an hour or
## more): run it before a release, and after a change to a game's rules or its reference
test-long: build-dev
	CARDCORE_HYPOTHESIS_PROFILE=long $(PY) -m pytest -q -n auto --dist worksteal

test: test-rust test-python

## docs: the documentation site (mkdocs.yml, docs/) into ./site; any warning fails it. The API
## reference is read from the sources and the _core.pyi stubs: no build of the engine needed.
## (NO_MKDOCS_2_WARNING silences Material for MkDocs' banner announcing its end of life, May 2027.)
docs: venv
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict --site-dir site

## check: every test and check (CI runs it, then dist and .ci/wheel-smoke on the wheel)
check: lint test docs

## dist: the sdist and the release wheel (for the venv's Python) into ./dist, from the release
## build that build-dev leaves in target/ when there is one
dist: venv
	rm -rf dist
	$(PY) -m maturin sdist --out dist
	$(PY) -m maturin build --release --interpreter $(PY) --out dist

## demo: build and install cardcore alone into the venv, then play 200,000 random Brouc matches
## in Rust. The build's progress is cargo's own; the wheel is installed without the extras.
demo: $(VENV)/.base
	@echo "Building cardcore's engine (Rust, release profile; a few minutes the first time)..."
	$(PY) -m maturin build --release --interpreter $(PY) --out target/demo-wheel
	$(PY) -m pip install --quiet --no-deps --force-reinstall target/demo-wheel/cardcore-*.whl
	rm -rf target/demo-wheel
	$(VENV)/bin/cardcore simulate brouc --matches 200000 --seed 1

## bench: the speed figures, side by side (installs the peers OpenSpiel, RLCard, PettingZoo classic)
bench: build-dev
	$(PY) -m pip install --quiet "open_spiel>=1.5" "rlcard>=1.2" "pettingzoo[classic]>=1.24" || echo "peers not installed: skipped"
	$(PY) benches/bench.py

## fuzz: the cargo-fuzz targets, a minute each (needs `cargo install cargo-fuzz`)
fuzz:
	cd fuzz && cargo fuzz run --sanitizer none game_actions -- -max_total_time=60
	cd fuzz && cargo fuzz run --sanitizer none game_json -- -max_total_time=60
	cd fuzz && cargo fuzz run --sanitizer none game_state_edits -- -max_total_time=60
	cd fuzz && cargo fuzz run --sanitizer none run_parts -- -max_total_time=60

clean:
	rm -rf $(VENV) target dist site
