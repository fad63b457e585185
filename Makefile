# make play | make lab | make test | make bench | make notebooks -- each sets up .venv by itself.
# uv is used when present (seconds), otherwise pip (a minute or so).
VENV := .venv
BIN := $(VENV)/bin
UV := $(shell command -v uv 2>/dev/null)

# The Python that .venv is made from (PYTHON=... chooses another). With uv, the system's own
# Python 3.11+ (/usr/bin/python3) when there is one: distributions build it with profile-guided
# and link-time optimization, which pyenv's default build lacks. On the kit's machines the engine
# takes 5 to 25% less time with it (the fastest of five runs of 400 random games, alternating:
# 0.27 s against 0.28 to 0.33 s), and make test 323 s against 346 s run back to back
# (benchmarks/test_suite.py). Without uv, python3: making a venv with pip needs the system's
# python3-venv package, which Debian leaves out. (Both are expanded only when .venv is set up.)
SYSTEM_PYTHON = $(shell /usr/bin/python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && echo /usr/bin/python3)
PYTHON ?= $(if $(UV),$(or $(SYSTEM_PYTHON),python3),python3)

.PHONY: play lab test test-all bench notebooks clean site site-check

# One stamp per extra, remade whenever pyproject.toml changes.
$(VENV)/.stamp-%: pyproject.toml
	@echo "Setting up $(VENV) with the $* extra (about a minute the first time)..."
ifdef UV
	@test -x $(BIN)/python || $(UV) venv -q --python $(PYTHON) $(VENV)
	@VIRTUAL_ENV=$(VENV) $(UV) pip install -q --compile-bytecode -e '.[$*]'
else
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install -q --upgrade pip
	@$(BIN)/python -m pip install -q -e '.[$*]'
endif
	@echo '$(FAST_START)' > "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/ninetynine-fast-start.pth"
	@touch $@

# jsonschema (under nbformat, Jupyter's server and nbgrader) imports the optional package
# rfc3987_syntax, which compiles 38 grammars (1 to 3 s) at every start of pytest, JupyterLab and
# nbgrader, only to check IRI formats that no schema they use asks for. This line, run at each
# Python start in .venv (a .pth file), tells jsonschema the package is absent: everything is
# validated as before, and each of those starts a second or more sooner.
FAST_START := import sys; sys.modules.setdefault("rfc3987_syntax", None)

# The core engine needs no extra; "core" is an empty extra name, which pip and uv accept.
play: $(VENV)/.stamp-core
	@$(BIN)/ninetynine play $(ARGS)

# JupyterLab refuses to run as root unless told; the flag is added only for root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# Served from the repository root, so that notebooks/, exercises/ and docs/ all open (and every
# link in a notebook: tests/test_links.py); notebook 00 opens first. JupyterLab's own default page
# is the Launcher: the default URL makes the printed link, the file a browser opens and / all lead
# to notebook 00, also where no browser can be started (tests/test_make_lab.py).
START := notebooks/00-start-here.ipynb
lab: $(VENV)/.stamp-notebook
	$(BIN)/jupyter lab $(ROOT_FLAG) --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/$(START) $(START)

# Test files run in parallel, one worker per core and one more; each file (each notebook) stays on
# one worker. A worker often waits (for a kernel to start, a browser, a sandbox's limit on the
# clock): with one worker per core the cores were idle 7-9% of the time, with one more 1%, and
# make test took 235-245 s against 250-294 s in alternating runs (benchmarks/test_suite.py).
# TEST_WORKERS=N make test chooses another number.
# The kit's bytecode is compiled first: the tests start about 200 Python processes (kernels,
# sandboxes, graders), and where bytecode is not written (PYTHONDONTWRITEBYTECODE) each would
# compile the kit again. Plugins are named rather than found (--disable-plugin-autoload), so that
# pytest does not rewrite the asserts of every module of hypothesis in each worker.
PYTEST_STARTUP := --disable-plugin-autoload -p xdist -p nbval -p hypothesispytest
TEST_WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN) + 1 )))
# make test leaves out the tests marked slow (the class-scale evidence: pyproject.toml lists it) and
# stays under 4 minutes; make test-all runs every test, as CI does (.ci/run).
PYTEST_RUN = $(BIN)/python -m pytest $(PYTEST_STARTUP) -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder
test: $(VENV)/.stamp-dev
	@$(BIN)/python -m compileall -q ninetynine tests notebooks/_setup.py
	$(PYTEST_RUN) -m "not slow"

test-all: $(VENV)/.stamp-dev
	@$(BIN)/python -m compileall -q ninetynine tests notebooks/_setup.py
	$(PYTEST_RUN)

# Re-run every notebook and solution in place (after a change to the engine, bots or text).
notebooks: $(VENV)/.stamp-dev
	$(BIN)/python notebooks/_execute.py notebooks/[0-9]*.ipynb solutions/*.ipynb
	$(BIN)/ninetynine exercises build

# The kit as a JupyterLite site in site/ (no install for learners: see README, "No install").
site: $(VENV)/.stamp-site
	$(BIN)/python -m ninetynine.site build

# Every notebook and exercise run in the built site, in Chromium (minutes; not part of make test).
site-check: $(VENV)/.stamp-dev
	$(BIN)/python -m ninetynine.site build
	$(BIN)/python -m ninetynine.site check

bench: $(VENV)/.stamp-core
	$(BIN)/python benchmarks/speed.py

clean:
	rm -rf $(VENV)
