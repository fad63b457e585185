"""The site's wheels with their Python already compiled, so that the kernel starts sooner.

A pure wheel from PyPI holds source only, and Python compiles every module the first time it is
imported. In the browser that compiling runs in WebAssembly: starting the kernel and the first
cell import about 580 modules (IPython, jedi, prompt_toolkit, ipywidgets, the kit...), and in
Pyodide under Node those imports took 7.5 to 8 s from source against 3.8 to 4 s from compiled
files (``benchmarks/site_start.py`` measures the whole start in Chromium).

Compiled files (``.pyc``) must come from the very Python that reads them (the magic number of
Python 3.14 here), so they are made by Pyodide's own Python, run under Node.js
(``compile_wheels``): the runtime the site ships compiles the wheels the site ships. Each
third-party module's ``.py`` becomes its ``.pyc`` (as Pyodide's own packages are built); the
kit's own wheel keeps its sources, and gets its compiled files beside them in ``__pycache__``,
written as "unchecked" (PEP 552: used without comparing them with the source, whose time an
unpacked wheel does not keep), so that tracebacks and ``inspect.getsource`` still show the
kit's lines. Without Node.js the wheels stay as they are: the site works, and starts slower.

``compiled_wheel`` is the part that runs inside Pyodide; it uses the standard library only,
and runs the same under any Python (the tests run it here, with this Python's magic number).
"""
from __future__ import annotations

import hashlib
import importlib.util
import inspect
import io
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

#: the wheels whose sources stay, with their compiled files beside them (the kit's own)
KEEP_SOURCES = ("ninetynine-",)


def compiled_wheel(data: bytes, keep_sources: bool) -> tuple[bytes, int]:
    """The wheel ``data`` with each module compiled, and how many were. Without
    ``keep_sources`` a module ``a/b.py`` becomes ``a/b.pyc``; with it, ``a/b.py`` stays and
    ``a/__pycache__/b.<tag>.pyc`` (unchecked) is added. A module that does not compile here
    (written for another Python) stays as it is. The wheel's RECORD lists what it now holds."""
    from importlib import _bootstrap_external as external
    tag = sys.implementation.cache_tag
    source = zipfile.ZipFile(io.BytesIO(bytes(data)))
    out, compiled, record = io.BytesIO(), [], None
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as wheel:
        for info in source.infolist():
            body, name = source.read(info), info.filename
            if name.endswith(".dist-info/RECORD"):
                record = (info, body)
                continue
            code = None
            if name.endswith(".py") and ".dist-info/" not in name and ".data/" not in name:
                try:
                    code = compile(body, name, "exec", dont_inherit=True)
                except SyntaxError:
                    code = None
            if code is None or keep_sources:
                wheel.writestr(info, body)
            if code is None:
                continue
            folder, _, module = name.rpartition("/")
            pyc = (f"{folder}/__pycache__/" if folder else "__pycache__/") + f"{module[:-3]}.{tag}.pyc" \
                if keep_sources else name + "c"
            wheel.writestr(pyc, external._code_to_hash_pyc(
                code, importlib.util.source_hash(body), checked=False))
            compiled.append((name, pyc))
        if record is not None:
            info, body = record
            lines = body.decode().splitlines()
            if not keep_sources:
                gone = {name for name, _ in compiled}
                lines = [line for line in lines if line.split(",")[0] not in gone]
            wheel.writestr(info, "\n".join(lines + [f"{pyc},," for _, pyc in compiled]) + "\n")
    return out.getvalue(), len(compiled)


#: runs Pyodide under Node.js: argv[2] the Python that defines ``compiled_wheel``, argv[3] a JSON
#: list of [wheel in, wheel out, keep sources]
NODE_SCRIPT = """
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const [, , sourcePath, jobsPath] = process.argv;
const py = await loadPyodide({ indexURL: "%(folder)s/", lockFileURL: "%(lock)s" });
py.runPython(fs.readFileSync(sourcePath, "utf8"));
const compiledWheel = py.globals.get("compiled_wheel");
for (const [from, to, keep] of JSON.parse(fs.readFileSync(jobsPath, "utf8"))) {
  const result = compiledWheel(new Uint8Array(fs.readFileSync(from)), keep);
  const [data, count] = result.toJs();
  fs.writeFileSync(to, data);
  result.destroy();
  console.log(`${count} ${to}`);
}
"""


def node() -> str | None:
    """The Node.js command, if there is one."""
    return shutil.which("node") or shutil.which("nodejs")


def compile_wheels(wheels: list[Path], runtime: Path, pyodide_lock: dict, work: Path,
                   cache: Path) -> list[Path]:
    """The ``wheels`` compiled by the Pyodide runtime in ``runtime`` (its ``pyodide.mjs``, with
    Pyodide's own lock ``pyodide_lock``, which the site's later replaces): their paths in
    ``cache``, where each compiled wheel is kept under the hash of the wheel it came from and of
    the runtime, so a rebuild compiles only what changed (the kit's own wheel). ``work`` holds
    the Node.js script and its inputs. Without Node.js, the wheels as they are, and one sentence
    saying so."""
    command = node()
    if command is None:
        print("  Node.js not found: the wheels stay uncompiled, and the site's kernel starts a "
              "few seconds slower (install Node.js, Debian's nodejs, to compile them).")
        return wheels
    work.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    runtime_hash = hashlib.sha256((runtime / "pyodide.asm.wasm").read_bytes()).hexdigest()[:16]
    jobs, result = [], []
    for wheel in wheels:
        key = hashlib.sha256(wheel.read_bytes() + runtime_hash.encode()).hexdigest()[:24]
        cached = cache / key / wheel.name
        if not cached.exists():
            cached.parent.mkdir(exist_ok=True)
            jobs.append([str(wheel), str(cached), wheel.name.startswith(KEEP_SOURCES)])
        result.append(cached)
    if jobs:
        print(f"  compiling {len(jobs)} wheels with Pyodide's Python under Node.js")
        script, source, job_file = work / "compile.mjs", work / "compile.py", work / "jobs.json"
        lock = work / "pyodide-lock.json"
        lock.write_text(json.dumps(pyodide_lock), encoding="utf-8")
        script.write_text(NODE_SCRIPT % {"pyodide": (runtime / "pyodide.mjs").resolve().as_uri(),
                                         "folder": runtime.resolve(), "lock": lock.resolve()},
                          encoding="utf-8")
        source.write_text("import importlib.util, io, sys, zipfile\n\n"
                          + inspect.getsource(compiled_wheel), encoding="utf-8")
        job_file.write_text(json.dumps(jobs), encoding="utf-8")
        done = subprocess.run([command, str(script), str(source), str(job_file)],
                              capture_output=True, text=True)
        if done.returncode != 0 or not all(Path(job[1]).exists() for job in jobs):
            for job in jobs:
                Path(job[1]).unlink(missing_ok=True)
            last = [line for line in done.stderr.splitlines() if "Error" in line][-1:] or ["no message"]
            print(f"  compiling the wheels failed ({last[0][:200]}): they stay uncompiled.")
            return wheels
    return result
