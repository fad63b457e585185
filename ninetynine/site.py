"""The kit as a JupyterLite site: JupyterLab and Python in the browser, nothing to install.

``python -m ninetynine.site build`` (``make site``) writes ``site/``: a folder of static files
that any web host can serve. A learner opens its link and gets JupyterLab with every notebook,
every exercise and ``docs/``; the Python kernel is Pyodide (CPython compiled to WebAssembly),
with the kit and its dependencies already installed. Nothing is fetched from a CDN or from PyPI
while the site runs: the Pyodide runtime and every wheel are files of the site.

How it is put together (each step is one function below):

1. ``fetch_pyodide``: the runtime (``pyodide.mjs``, ``pyodide.asm.wasm``, the standard library)
   from the npm package ``pyodide``, downloaded once into the cache.
2. ``fetch_wheels``: the pure-Python wheels in ``WHEELS``, downloaded once with ``pip download``;
   the kernel's own small wheels (``piplite``, ``pyodide_kernel``, shims of ``ipykernel`` and
   ``widgetsnbextension``) come with jupyterlite-pyodide-kernel; the kit's wheel is built fresh.
3. ``compile_for_the_site`` (``site_bytecode.py``): each wheel's modules and the standard
   library compiled by Pyodide's own Python under Node.js, so the browser does not compile them
   at every start (skipped, with a sentence, where Node.js is missing).
4. ``write_lock``: a ``pyodide-lock.json`` that lists exactly those wheels (sha256 computed,
   dependencies read from each wheel's metadata for Pyodide's platform). Pyodide's own lock
   points at its CDN, so it is replaced.
5. ``stage_contents``: copies of the notebooks, exercises and docs, their kernel set to Pyodide's.
6. ``jupyter lite build`` puts JupyterLab, the widget front-ends (ipywidgets, anywidget) and all
   of the above into ``site/``.

Every version is pinned here, in ``PYODIDE_VERSION``, ``JUPYTERLITE_VERSION`` and ``WHEELS``
(``pyproject.toml``'s ``site`` extra pins the same JupyterLite). A pin that disagrees with the
installed kernel or with Pyodide's own package versions stops the build with one sentence.

Downloads are cached in ``~/.cache/ninetynine-site`` (or ``$NINETYNINE_SITE_CACHE``), so a
rebuild needs no network and takes well under a minute.
"""
from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

from ninetynine.built_site import NOTE_ID, ROOT, SITE, SiteError, is_built, make_server
from ninetynine.built_site import site_note as site_note     # the note's reader, beside its writer
from ninetynine.site_bytecode import compile_for_the_site
from ninetynine.site_check import check_all

#: The Pyodide release the site runs: npm package ``pyodide@PYODIDE_VERSION``. It must be the one
#: jupyterlite-pyodide-kernel was built for (``jupyterlite_pyodide_kernel.constants``).
PYODIDE_VERSION = "314.0.6"
#: jupyterlite-core and jupyterlite-pyodide-kernel, as pinned in pyproject.toml's ``site`` extra.
JUPYTERLITE_VERSION = "0.8.6"
PYODIDE_TARBALL = "https://registry.npmjs.org/pyodide/-/pyodide-{version}.tgz"
#: Pyodide's platform, for reading wheels' dependency markers (PEP 508).
PYODIDE_MARKERS = {"python_version": "3.14", "python_full_version": "3.14.2",
                   "sys_platform": "emscripten", "platform_system": "Emscripten",
                   "platform_machine": "wasm32", "os_name": "posix",
                   "implementation_name": "cpython", "platform_python_implementation": "CPython",
                   "extra": ""}

#: Pure-Python wheels from PyPI for the kernel, name -> version. Packages that Pyodide itself
#: ships (its pyodide-lock.json) are pinned to Pyodide's versions; the build checks it.
WHEELS = {
    # what the kernel needs to start (IPython and its pure dependencies)
    "micropip": "0.11.1", "packaging": "26.1", "comm": "0.2.3", "jedi": "0.19.2",
    "parso": "0.8.6", "ipython": "9.12.0", "ipython-pygments-lexers": "1.1.1",
    "asttokens": "3.0.1", "decorator": "5.2.1", "executing": "2.2.1",
    "matplotlib-inline": "0.2.1", "prompt-toolkit": "3.0.52", "pure-eval": "0.2.3",
    "pygments": "2.20.0", "six": "1.17.0", "stack-data": "0.6.3", "traitlets": "5.14.3",
    "typing-extensions": "4.15.0", "wcwidth": "0.6.0",
    # the kit: rich for text, the tables' widgets, pygal for plots, hypothesis for notebook 18
    # (its last pure-Python wheel: later releases ship compiled wheels only)
    "rich": "14.3.3", "markdown-it-py": "4.3.0", "mdurl": "0.1.2",
    "ipywidgets": "8.1.9", "jupyterlab-widgets": "3.0.17", "anywidget": "0.11.0",
    "psygnal": "0.16.1", "pygal": "3.1.3", "importlib-metadata": "8.7.0", "zipp": "3.23.0",
    "hypothesis": "6.155.7", "sortedcontainers": "2.4.0",
}
#: Wheels that come inside jupyterlite-pyodide-kernel (its ``static/pypi`` folder).
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension")
#: Loaded when a kernel starts (their dependencies come along): the kernel's own, and what the
#: kit imports inside its modules, where the kernel cannot see it (the tables' widgets, pygal for
#: ``ninetynine.plots``). Any other wheel of the site (hypothesis, for notebooks 18 and 18b) is
#: loaded when a cell imports it: the kernel reads each cell's imports against the site's lock
#: (``loadPackagesFromImports``). ``benchmarks/site_start.py`` measures what each one costs.
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython",
           "ninetynine", "ipywidgets", "anywidget", "pygal"]
#: The front-ends the site needs, from the build environment (``share/jupyter/labextensions``).
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget",
                  "@jupyterlite/pyodide-kernel-extension")
#: What learners get: these folders' notebooks, the notebooks' import helper, the docs, and the
#: golden games that notebook 18 reads.
CONTENTS = {"notebooks": ("*.ipynb", "_setup.py"), "exercises": ("*.ipynb",), "docs": ("*.md",),
            "docs/images": ("*.png",), "tests/golden": ("*.txt",)}
#: Modules the site cannot offer: compiled packages that Pyodide loads only from its CDN (or
#: that have no Pyodide build at all). A notebook that imports one is marked, in its first cell,
#: as one to run with ``make lab``, and ``make site-check`` skips it, saying why.
NOT_IN_THE_SITE = {"numpy": "numpy", "pyspiel": "OpenSpiel", "open_spiel": "OpenSpiel",
                   "pettingzoo": "PettingZoo", "gymnasium": "Gymnasium",
                   "matplotlib": "matplotlib",
                   "ninetynine.adapters": "the kit's OpenSpiel and PettingZoo adapters"}
IMPORT = re.compile(r"^\s*(?:import|from)\s+([\w.]+)", re.MULTILINE)
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def canonical(name: str) -> str:
    """A package name as PyPI compares them (PEP 503): ``Prompt_Toolkit`` -> ``prompt-toolkit``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def cache_dir() -> Path:
    default = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "ninetynine-site"
    path = Path(os.environ.get("NINETYNINE_SITE_CACHE", default))
    path.mkdir(parents=True, exist_ok=True)
    return path


# --- pins ------------------------------------------------------------------------------------

def check_pins() -> None:
    """Stop with one sentence if the pins disagree with the installed JupyterLite kernel."""
    try:
        from jupyterlite_pyodide_kernel import __version__ as kernel_version
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as kernel_pyodide
    except ImportError:
        raise SiteError("jupyterlite-pyodide-kernel is not installed: install the kit's 'site' "
                        "extra (pip install -e '.[site]') to build the site.") from None
    if kernel_pyodide != PYODIDE_VERSION:
        raise SiteError(f"ninetynine/site.py pins Pyodide {PYODIDE_VERSION}, but the installed "
                        f"jupyterlite-pyodide-kernel {kernel_version} runs Pyodide "
                        f"{kernel_pyodide}: change PYODIDE_VERSION (and the wheels Pyodide ships) "
                        f"to match, or install jupyterlite-pyodide-kernel {JUPYTERLITE_VERSION}.")
    from jupyterlite_core import __version__ as core_version
    for package, version in (("jupyterlite-pyodide-kernel", kernel_version),
                             ("jupyterlite-core", core_version)):
        if version != JUPYTERLITE_VERSION:
            raise SiteError(f"ninetynine/site.py pins JupyterLite {JUPYTERLITE_VERSION}, but "
                            f"{package} {version} is installed: install the 'site' extra again, "
                            f"or change JUPYTERLITE_VERSION with pyproject.toml.")


def check_against_pyodide(pyodide_lock: dict) -> None:
    """A wheel Pyodide ships must be pinned at Pyodide's version (the one tested on it)."""
    shipped = {canonical(name): entry["version"] for name, entry in pyodide_lock["packages"].items()}
    for name, version in WHEELS.items():
        if name in shipped and shipped[name] != version:
            raise SiteError(f"ninetynine/site.py pins {name} {version}, but Pyodide "
                            f"{PYODIDE_VERSION} ships {name} {shipped[name]}: pin {name} to "
                            f"{shipped[name]}.")


# --- downloads -------------------------------------------------------------------------------

def download(url: str, dest: Path) -> Path:
    """Download ``url`` to ``dest`` once (a later build finds it in the cache)."""
    if dest.exists():
        return dest
    print(f"  downloading {url}")
    part = dest.with_suffix(dest.suffix + ".part")
    try:
        with urllib.request.urlopen(url, timeout=60) as response, open(part, "wb") as out:
            shutil.copyfileobj(response, out)
    except OSError as error:
        part.unlink(missing_ok=True)
        raise SiteError(f"Could not download {url} ({error}): the first build needs the npm "
                        f"registry and PyPI; later builds use the cache in {dest.parent}.") from None
    part.rename(dest)
    return dest


def fetch_pyodide(cache: Path, dest: Path) -> dict:
    """Unpack the Pyodide runtime into ``dest``; return Pyodide's own lock (for its versions)."""
    tarball = download(PYODIDE_TARBALL.format(version=PYODIDE_VERSION),
                       cache / f"pyodide-{PYODIDE_VERSION}.tgz")
    wanted = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
              "pyodide.js", "package.json", "pyodide-lock.json")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in wanted:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise SiteError(f"{tarball} has no {name}: delete it so the next build downloads "
                                f"it again.")
            data = member.read()
            if name == "pyodide-lock.json":
                pyodide_lock = json.loads(data)
            else:
                (dest / name).write_bytes(data)
    return pyodide_lock


def wheel_name(path: Path) -> tuple[str, str]:
    """(canonical name, version) of a wheel file: ``rich-14.3.3-py3-none-any.whl``."""
    name, version = path.name.split("-")[:2]
    return canonical(name), version


def fetch_wheels(cache: Path) -> list[Path]:
    """The pinned wheels, downloaded with pip the first time (pure wheels only)."""
    folder = cache / "wheels"
    folder.mkdir(exist_ok=True)
    have = {wheel_name(path): path for path in folder.glob("*.whl")}
    missing = [f"{name}=={version}" for name, version in WHEELS.items()
               if (name, version) not in have]
    if missing:
        print(f"  downloading {len(missing)} wheels from PyPI")
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                   "--only-binary=:all:", "--platform", "any", "--python-version", "3.14",
                   "--implementation", "py", "--abi", "none", "--dest", str(folder), *missing]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no message"])[-1]
            raise SiteError(f"pip could not download the pinned wheels ({last}): the first build "
                            f"needs PyPI, and every pin must have a pure-Python wheel.")
        have = {wheel_name(path): path for path in folder.glob("*.whl")}
    return [have[(name, version)] for name, version in WHEELS.items()]


def kernel_wheels() -> list[Path]:
    """The kernel's own wheels, shipped inside jupyterlite-pyodide-kernel."""
    folder = extension_folder("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    found = {wheel_name(path)[0]: path for path in folder.glob("*.whl")}
    shims = sorted(folder.glob("widgetsnbextension-4*.whl"))    # ipywidgets 8 wants 4.x
    found["widgetsnbextension"] = shims[-1]
    return [found[name] for name in KERNEL_WHEELS]


def kit_wheel(dest: Path) -> Path:
    """Build the kit's own wheel from this checkout (hatchling, the kit's build backend)."""
    from hatchling.builders.wheel import WheelBuilder
    dest.mkdir(parents=True, exist_ok=True)
    return Path(next(WheelBuilder(str(ROOT)).build(directory=str(dest), versions=["standard"])))


def extension_folder(name: str) -> Path:
    folder = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / name
    if not (folder / "package.json").exists():
        raise SiteError(f"The JupyterLab extension {name} is not installed in {sys.prefix}: "
                        f"install the kit's 'site' extra, which brings it.")
    return folder


# --- the lock --------------------------------------------------------------------------------

def wheel_metadata(path: Path):
    with zipfile.ZipFile(path) as wheel:
        meta = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        files = wheel.namelist()
        return email.parser.Parser().parsestr(wheel.read(meta).decode()), files


def top_level_imports(files: list[str]) -> list[str]:
    """Module names a wheel provides (what ``import`` finds), read from its file list."""
    names = set()
    for name in files:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name or first.endswith((".py", ".pyc")):
            names.add(first.removesuffix(".pyc").removesuffix(".py"))
    return sorted(names)


def requirements(meta) -> list:
    """The wheel's dependencies on Pyodide's platform (no extras)."""
    from packaging.requirements import Requirement
    needed = []
    for text in meta.get_all("Requires-Dist") or []:
        requirement = Requirement(text)
        if requirement.marker is None or requirement.marker.evaluate(PYODIDE_MARKERS):
            needed.append(requirement)
    return needed


def write_lock(folder: Path, wheels: list[Path]) -> dict:
    """Write ``pyodide-lock.json`` listing exactly ``wheels`` (copied into ``folder``)."""
    versions = {wheel_name(path)[0]: wheel_name(path)[1] for path in wheels}
    packages = {}
    for path in wheels:
        name, version = wheel_name(path)
        meta, files = wheel_metadata(path)
        depends = []
        for requirement in requirements(meta):
            dependency = canonical(requirement.name)
            if dependency not in versions:
                raise SiteError(f"{name} {version} needs {requirement}, which is not pinned: add "
                                f"{dependency} to WHEELS in ninetynine/site.py.")
            if not requirement.specifier.contains(versions[dependency], prereleases=True):
                raise SiteError(f"{name} {version} needs {requirement}, but {dependency} is "
                                f"pinned to {versions[dependency]} in ninetynine/site.py.")
            depends.append(dependency)
        shutil.copy(path, folder / path.name)
        packages[name] = {
            "name": name, "version": version, "file_name": path.name, "install_dir": "site",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(), "package_type": "package",
            "imports": top_level_imports(files), "depends": sorted(set(depends)),
            "unvendored_tests": False,
        }
    missing = [name for name in PRELOAD if name not in packages]
    if missing:
        raise SiteError(f"PRELOAD names {', '.join(missing)}, which no wheel provides.")
    return packages


# --- contents and configuration ---------------------------------------------------------------

def stage_contents(dest: Path) -> list[Path]:
    """Copy what learners get into ``dest``, each notebook's kernel set to Pyodide's Python."""
    staged = []
    for folder, patterns in CONTENTS.items():
        (dest / folder).mkdir(parents=True, exist_ok=True)
        for pattern in patterns:
            for source in sorted((ROOT / folder).glob(pattern)):
                target = dest / folder / source.name
                if source.suffix == ".ipynb":
                    notebook = json.loads(source.read_text(encoding="utf-8"))
                    notebook["metadata"]["kernelspec"] = dict(PYODIDE_KERNELSPEC)
                    reason = why_not_in_the_site(notebook)
                    if reason:
                        print(f"  {folder}/{source.name} cannot run in the site: {reason}")
                        notebook["cells"].insert(0, not_in_the_site_cell(reason))
                    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n",
                                      encoding="utf-8")
                else:
                    shutil.copy(source, target)
                staged.append(target)
    return staged


def why_not_in_the_site(notebook: dict) -> str | None:
    """Why a notebook cannot run in the site (the packages it imports), or None if it can."""
    needed = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        for module in IMPORT.findall("".join(cell["source"])):
            for prefix, package in NOT_IN_THE_SITE.items():
                if (module == prefix or module.startswith(prefix + ".")) and package not in needed:
                    needed.append(package)
    if not needed:
        return None
    named = ", ".join(needed[:-1]) + " and " + needed[-1] if len(needed) > 1 else needed[0]
    return (f"it uses {named}, which need compiled packages that this site cannot serve: "
            f"Pyodide offers those only from its CDN, and the site asks no host but its own.")


def not_in_the_site_cell(reason: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "id": NOTE_ID,
            "source": [f"**This notebook does not run in the browser:** {reason} "
                       "Read it here, and run it in JupyterLab on a computer with the kit "
                       "installed (`make lab`)."]}


def lite_config() -> dict:
    """``jupyter-lite.json``: Pyodide from the site itself, wheels preloaded, no PyPI."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "ninetynine", "disabledExtensions": [],
        "exposeAppInBrowser": "true",          # window.jupyterapp, which make site-check drives
        "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": {
            "disablePyPIFallback": True, "pipliteUrls": [],
            "loadPyodideOptions": {"packages": PRELOAD},
        }},
    }}


#: JupyterLab settings: no "news" pop-up, no update checks (both would ask other hosts); each
#: cell's run is timed (in its metadata), which make site-check reads.
OVERRIDES = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                              "checkForUpdates": False},
             "@jupyterlab/notebook-extension:tracker": {"recordTiming": True}}


# --- the build -------------------------------------------------------------------------------

def build(output: Path = SITE, cache: Path | None = None) -> Path:
    """Build the site into ``output``; return it. Raises SiteError with one sentence."""
    started = time.monotonic()
    check_pins()
    cache = cache or cache_dir()
    stage = cache / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    runtime = stage / "static" / "pyodide"
    print(f"Pyodide {PYODIDE_VERSION} runtime")
    pyodide_lock = fetch_pyodide(cache, runtime)
    check_against_pyodide(pyodide_lock)
    print(f"{len(WHEELS) + len(KERNEL_WHEELS) + 1} wheels")
    wheels = [*fetch_wheels(cache), *kernel_wheels(), kit_wheel(stage / "kit")]
    wheels = compile_for_the_site(wheels, runtime, pyodide_lock, stage / "compiled",
                                  cache / "compiled")
    packages = write_lock(runtime, wheels)
    lock = {"info": pyodide_lock["info"], "packages": packages}
    (runtime / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    for name in LAB_EXTENSIONS:
        shutil.copytree(extension_folder(name), stage / "labextensions" / name)
    (stage / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1))
    (stage / "overrides.json").write_text(json.dumps(OVERRIDES, indent=1))
    staged = stage_contents(stage / "files")
    print(f"{len(staged)} files of contents; jupyter lite build")
    shutil.rmtree(output, ignore_errors=True)
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(stage),
               "--contents", str(stage / "files"), "--output-dir", str(output),
               "--apps", "lab", "--no-sourcemaps", "--ignore-sys-prefix",
               f"--LiteBuildConfig.cache_dir={cache / 'lite-cache'}",
               f"--FederatedExtensionAddon.extra_labextensions_path={stage / 'labextensions'}"]
    done = subprocess.run(command, cwd=stage, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-3000:] + done.stderr[-3000:])
        raise SiteError("jupyter lite build failed (its output is above).")
    check_site(output)
    megabytes = size_of(output) / 1e6
    print(f"Built {output} ({megabytes:.0f} MB) in {time.monotonic() - started:.0f} s. "
          f"Serve it with: python -m ninetynine.site serve")
    return output


def check_site(output: Path) -> None:
    """The built site must run Pyodide from its own files, with our lock and every notebook."""
    config = json.loads((output / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise SiteError(f"The built site loads Pyodide from {kernel.get('pyodideUrl')!r}, not "
                        f"from its own files: check jupyterlite-pyodide-kernel's version.")
    for folder, patterns in CONTENTS.items():
        for source in (ROOT / folder).glob(patterns[0]):
            if not (output / "files" / folder / source.name).exists():
                raise SiteError(f"The built site lacks {folder}/{source.name}.")


def size_of(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


# --- serving (the server is built_site.make_server) ------------------------------------------

def serve(folder: Path = SITE, port: int = 8099) -> None:
    if not is_built(folder):
        raise SiteError(f"There is no site in {folder}: build it first with 'make site'.")
    server = make_server(folder, port)
    print(f"Serving {folder} at http://127.0.0.1:{port}/lab/index.html?path="
          f"notebooks/00-start-here.ipynb (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ninetynine.site", description=__doc__.split(
        "\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build_command = commands.add_parser("build", help="build site/ (downloads are cached)")
    build_command.add_argument("--output", type=Path, default=SITE)
    serve_command = commands.add_parser("serve", help="serve site/ on 127.0.0.1")
    serve_command.add_argument("--port", type=int, default=8099)
    serve_command.add_argument("--folder", type=Path, default=SITE)
    check_command = commands.add_parser("check", help="run every notebook in the site, in Chromium")
    check_command.add_argument("notebooks", nargs="*", help="paths in the site (default: all)")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            build(args.output)
        elif args.command == "serve":
            serve(args.folder, args.port)
        else:
            return check_all(args.notebooks)
    except SiteError as error:
        print(error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
