"""The site's Python already compiled, so that the kernel starts sooner.

A pure wheel from PyPI holds source only, and Python compiles every module the first time it is
imported. Pyodide's standard library (``python_stdlib.zip``) holds source only too, and a zip
cannot keep what Python compiles from it, so without this the browser compiles the same
modules again at every start: starting the kernel and the first cell import about 580 modules
(IPython, jedi, prompt_toolkit, ipywidgets, the kit...) and some 200 of the standard library
(pydoc, pdb, argparse, logging, email, urllib... which IPython imports). In Pyodide under Node.js
(load 0.6, 2 cores), ``loadPyodide`` took 4.1 s with the standard library from source against
1.3 s compiled, and ``import IPython`` after it 2.9 s against 0.9 s (the wheels compiled in both);
``benchmarks/site_start.py`` measures the whole start in Chromium.

Compiled files (``.pyc``) must come from the very Python that reads them (the magic number of
Python 3.14 here), so they are made by Pyodide's own Python, run under Node.js
(``compile_for_the_site``): the runtime the site ships compiles the Python the site ships.

- Each third-party module's ``.py`` becomes its ``.pyc``, in the wheels (as Pyodide builds its
  own packages) and in the standard library's zip (as Pyodide's releases did until they shipped
  sources): a traceback through them names the file and line, without the line's text.
- The kit's own wheel keeps its sources, and gets its compiled files beside them in
  ``__pycache__``, written as "unchecked" (PEP 552: used without comparing them with the source,
  whose time an unpacked wheel does not keep), so that tracebacks and ``inspect.getsource``
  still show the kit's lines.

Each compiled file names its source where Pyodide will find it (``/lib/python3.14/site-packages``
for a wheel, ``/lib/python314.zip`` for the standard library). Without Node.js the site stays
uncompiled: it works, and starts slower.

``compiled_zip`` is the part that runs inside Pyodide; it uses the standard library only, and
runs the same under any Python (the tests run it here, with this Python's magic number).
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
#: the standard library's zip in Pyodide's runtime folder
STDLIB = "python_stdlib.zip"


def compiled_zip(data: bytes, keep_sources: bool, where: str = "") -> tuple[bytes, int]:
    """The zip ``data`` (a wheel, or the standard library) with each module compiled, and how
    many were. Without ``keep_sources`` a module ``a/b.py`` becomes ``a/b.pyc``; with it,
    ``a/b.py`` stays and ``a/__pycache__/b.<tag>.pyc`` (unchecked) is added. ``where`` is the
    folder the zip's files are imported from (a compiled file names its source by it). A module
    that does not compile here (written for another Python) stays as it is. A wheel's RECORD
    lists what it now holds."""
    from importlib import _bootstrap_external as external
    tag = sys.implementation.cache_tag
    prefix = where.rstrip("/") + "/" if where else ""
    source = zipfile.ZipFile(io.BytesIO(bytes(data)))
    out, compiled, record = io.BytesIO(), [], None
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            body, name = source.read(info), info.filename
            if name.endswith(".dist-info/RECORD"):
                record = (info, body)
                continue
            code = None
            if name.endswith(".py") and ".dist-info/" not in name and ".data/" not in name:
                try:
                    code = compile(body, prefix + name, "exec", dont_inherit=True)
                except SyntaxError:
                    code = None
            if code is None or keep_sources:
                archive.writestr(info, body)
            if code is None:
                continue
            folder, _, module = name.rpartition("/")
            pyc = (f"{folder}/__pycache__/" if folder else "__pycache__/") + f"{module[:-3]}.{tag}.pyc" \
                if keep_sources else name + "c"
            archive.writestr(pyc, external._code_to_hash_pyc(
                code, importlib.util.source_hash(body), checked=False))
            compiled.append((name, pyc))
        if record is not None:
            info, body = record
            lines = body.decode().splitlines()
            if not keep_sources:
                gone = {name for name, _ in compiled}
                lines = [line for line in lines if line.split(",")[0] not in gone]
            archive.writestr(info, "\n".join(lines + [f"{pyc},," for _, pyc in compiled]) + "\n")
    return out.getvalue(), len(compiled)


#: runs Pyodide under Node.js: argv[2] the Python that defines ``compiled_zip``, argv[3] a JSON
#: list of [zip in, zip out, keep sources, "wheel" or "stdlib"]. Where each is imported from is
#: asked of Pyodide's own Python.
NODE_SCRIPT = """
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const [, , sourcePath, jobsPath] = process.argv;
const py = await loadPyodide({ indexURL: "%(folder)s/", lockFileURL: "%(lock)s" });
py.runPython(fs.readFileSync(sourcePath, "utf8"));
const compiledZip = py.globals.get("compiled_zip");
const where = {
  wheel: py.runPython("import sysconfig; sysconfig.get_path('purelib')"),
  stdlib: py.runPython("import sys; next(p for p in sys.path if p.endswith('.zip'))"),
};
for (const [from, to, keep, kind] of JSON.parse(fs.readFileSync(jobsPath, "utf8"))) {
  const result = compiledZip(new Uint8Array(fs.readFileSync(from)), keep, where[kind]);
  const [data, count] = result.toJs();
  fs.writeFileSync(to, data);
  result.destroy();
  console.log(`${count} ${to}`);
}
"""


def node() -> str | None:
    """The Node.js command, if there is one."""
    return shutil.which("node") or shutil.which("nodejs")


def compile_for_the_site(wheels: list[Path], runtime: Path, pyodide_lock: dict, work: Path,
                         cache: Path) -> list[Path]:
    """Compile the ``wheels`` and the standard library of the Pyodide runtime in ``runtime``
    (its ``pyodide.mjs``, with Pyodide's own lock ``pyodide_lock``, which the site's later
    replaces) by that runtime. Return the compiled wheels' paths in ``cache``; the runtime's
    ``python_stdlib.zip`` is replaced by its compiled copy. Each compiled zip is kept in
    ``cache`` under the hash of the zip it came from, of the runtime and of ``compiled_zip``,
    so a rebuild compiles only what changed (the kit's own wheel). ``work`` holds the Node.js
    script and its inputs. Without Node.js, or if compiling fails, everything stays as it is,
    and one sentence says so."""
    command = node()
    if command is None:
        print("  Node.js not found: the wheels and the standard library stay uncompiled, and the "
              "site's kernel starts several seconds slower (install Node.js, Debian's nodejs, to "
              "compile them).")
        return wheels
    work.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    compiler = inspect.getsource(compiled_zip)
    runtime_and_compiler = hashlib.sha256((runtime / "pyodide.asm.wasm").read_bytes()
                                          + compiler.encode()).hexdigest()[:16]
    jobs = []

    def compiled(path: Path, keep_sources: bool, kind: str) -> Path:
        key = hashlib.sha256(path.read_bytes() + runtime_and_compiler.encode()).hexdigest()[:24]
        cached = cache / key / path.name
        if not cached.exists():
            cached.parent.mkdir(exist_ok=True)
            jobs.append([str(path), str(cached), keep_sources, kind])
        return cached

    result = [compiled(wheel, wheel.name.startswith(KEEP_SOURCES), "wheel") for wheel in wheels]
    stdlib = compiled(runtime / STDLIB, False, "stdlib")
    if jobs:
        print(f"  compiling {len(jobs)} zip{'s' if len(jobs) > 1 else ''} (wheels, the standard "
              f"library) with Pyodide's Python under Node.js")
        script, source, job_file = work / "compile.mjs", work / "compile.py", work / "jobs.json"
        lock = work / "pyodide-lock.json"
        lock.write_text(json.dumps(pyodide_lock), encoding="utf-8")
        script.write_text(NODE_SCRIPT % {"pyodide": (runtime / "pyodide.mjs").resolve().as_uri(),
                                         "folder": runtime.resolve(), "lock": lock.resolve()},
                          encoding="utf-8")
        source.write_text("import importlib.util, io, sys, zipfile\n\n"
                          + compiler, encoding="utf-8")
        job_file.write_text(json.dumps(jobs), encoding="utf-8")
        done = subprocess.run([command, str(script), str(source), str(job_file)],
                              capture_output=True, text=True)
        if done.returncode != 0 or not all(Path(job[1]).exists() for job in jobs):
            for job in jobs:
                Path(job[1]).unlink(missing_ok=True)
            last = [line for line in done.stderr.splitlines() if "Error" in line][-1:] or ["no message"]
            print(f"  compiling failed ({last[0][:200]}): the wheels and the standard library "
                  f"stay uncompiled.")
            return wheels
    shutil.copyfile(stdlib, runtime / STDLIB)
    return result
