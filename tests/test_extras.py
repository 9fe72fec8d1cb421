"""Without an extra: every call that needs numpy, and every environment module, raises an
ImportError naming the extra to install, and writes nothing to stderr (no Rust panic).
Each case runs in a fresh interpreter where the modules are made unimportable."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

#: Made unimportable before anything is imported (as if never installed).
BLOCKER = textwrap.dedent(
    """
    import sys

    class Missing:
        blocked = {blocked!r}

        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in self.blocked:
                raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
            return None

    sys.meta_path.insert(0, Missing())
    """
)

#: Each case: a name and the statements that should raise.
CASES = {
    "vector_env": "cardcore.VectorEnv('brouc', 2, seed=1)",
    "tensor": "cardcore.new_game('tarot', seed=1).observation_tensor(0)",
    "tensor_out": "cardcore.new_game('tarot', seed=1).observation_tensor(0, out=bytearray(400))",
    "mask_out": "cardcore.new_game('brouc', seed=1).legal_actions_mask(out=[0] * 32)",
    "selfplay_part": "cardcore._core._selfplay_part('brouc', ['random'], seed=1, start=0, stop=1)",
    "selfplay_write": "selfplay.write('brouc', DIRECTORY, matches=2, seed=1)",
    "gymnasium": "import cardcore.envs.gymnasium",
    "pettingzoo": "import cardcore.envs.pettingzoo",
    "vector": "import cardcore.envs.vector",
}

RUNNER = textwrap.dedent(
    """
    import json
    import cardcore
    from cardcore import selfplay

    DIRECTORY = {directory!r}
    results = {{}}
    for name, statement in {cases!r}.items():
        try:
            exec(statement)
        except BaseException as error:
            results[name] = [type(error).__module__ + "." + type(error).__qualname__, str(error)]
        else:
            results[name] = None
    print(json.dumps(results))
    """
)


def run_without(blocked: set[str], cases: dict[str, str], directory: Path) -> dict[str, list[str]]:
    """Runs ``cases`` in a new interpreter without the modules ``blocked``: what each
    raised (its class and message); asserts nothing was written to stderr."""
    code = BLOCKER.format(blocked=blocked) + RUNNER.format(cases=cases, directory=str(directory))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    results: dict[str, list[str]] = json.loads(done.stdout)
    return results


def test_without_numpy_every_array_call_says_which_extra(tmp_path: Path) -> None:
    results = run_without({"numpy"}, CASES, tmp_path / "run")
    extras = {
        "vector_env": "numpy",
        "tensor": "numpy",
        "tensor_out": "numpy",
        "mask_out": "numpy",
        "selfplay_part": "numpy",
        "selfplay_write": "ray",
        "gymnasium": "gymnasium",
        "pettingzoo": "pettingzoo",
        "vector": "gymnasium",
    }
    for name, extra in extras.items():
        raised = results[name]
        assert raised is not None, name
        kind, message = raised
        assert kind == "builtins.ImportError", (name, raised)
        assert f"pip install 'cardcore[{extra}]'" in message, (name, message)
        assert "numpy" in message, (name, message)
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize(
    ("blocked", "module", "extra"),
    [
        ("gymnasium", "gymnasium", "gymnasium"),
        ("gymnasium", "vector", "gymnasium"),
        ("gymnasium", "pettingzoo", "pettingzoo"),
        ("pettingzoo", "pettingzoo", "pettingzoo"),
    ],
)
def test_an_environment_without_its_framework_says_which_extra(
    tmp_path: Path, blocked: str, module: str, extra: str
) -> None:
    results = run_without({blocked}, {module: CASES[module]}, tmp_path)
    kind, message = results[module]
    assert kind == "builtins.ImportError"
    assert f"cardcore.envs.{module} needs {blocked}" in message
    assert f"pip install 'cardcore[{extra}]'" in message


def test_without_pyarrow_self_play_says_which_extra(tmp_path: Path) -> None:
    results = run_without({"pyarrow"}, {"selfplay_write": CASES["selfplay_write"]}, tmp_path)
    kind, message = results["selfplay_write"]
    assert kind == "builtins.ImportError"
    assert "pip install 'cardcore[ray]'" in message


def test_with_every_extra_the_same_calls_work(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    pytest.importorskip("pettingzoo")
    working = {name: case for name, case in CASES.items() if not name.endswith("_out")}
    assert run_without(set(), working, tmp_path / "run") == dict.fromkeys(working)
    # With numpy, what is not an array is refused as such.
    refused = run_without(set(), {"tensor_out": CASES["tensor_out"]}, tmp_path)
    assert refused["tensor_out"][0] == "cardcore.OptionTypeError"
