# The two commands of the README: `make run` and `make test`.
# Both create .venv when needed and install the pinned dependencies first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench fuzz contract clean

$(STAMP): requirements.lock pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements.lock
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/greatwar play --no-browser

test: $(STAMP) lint
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check greatwar tests benchmarks
	$(BIN)/ruff format --check greatwar tests benchmarks
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py $(ARGS)

fuzz: $(STAMP)
	$(BIN)/greatwar fuzz gwite/teaching --games 200 --seed 1

# the API's contract (issue 20): every schemathesis phase and check, as a stranger and
# as a player of a game; the test suite runs it briefly
contract: $(STAMP)
	$(BIN)/python benchmarks/contract.py --examples 100 $(ARGS)
	$(BIN)/python benchmarks/contract.py --examples 100 --seated $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
