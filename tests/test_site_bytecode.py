"""The site's wheels and standard library compiled ahead (ninetynine/site_bytecode.py). In the
build, Pyodide's own Python compiles them under Node.js (tests/test_site.py checks the built
site); the compiling function runs the same under any Python, so here it runs under this one."""
from __future__ import annotations

import importlib
import io
import sys
import zipfile

import pytest

from ninetynine.site_bytecode import compiled_zip


def a_wheel(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
        wheel.writestr("tiny-1.0.dist-info/RECORD",
                       "".join(f"{name},sha256=x,1\n" for name in files) + "tiny-1.0.dist-info/RECORD,,\n")
    return out.getvalue()


FILES = {"tiny/__init__.py": "from .part import VALUE\n", "tiny/part.py": "VALUE = 6 * 7\n",
         "tiny/py2_only.py": "print 'old'\n", "tiny/data.txt": "not python\n"}


def imported_from(folder, name: str):
    sys.path.insert(0, str(folder))
    try:
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


def test_a_third_party_wheel_keeps_compiled_modules_only_and_still_imports(tmp_path):
    data, count = compiled_zip(a_wheel(FILES), keep_sources=False)
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert count == 2                                   # the Python 2 module stays as it was
    assert {"tiny/__init__.pyc", "tiny/part.pyc", "tiny/py2_only.py", "tiny/data.txt"} <= set(names)
    assert "tiny/part.py" not in names
    record = zipfile.ZipFile(io.BytesIO(data)).read("tiny-1.0.dist-info/RECORD").decode()
    assert "tiny/part.pyc,," in record and "tiny/part.py," not in record
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path)
    assert imported_from(tmp_path, "tiny").VALUE == 42


def test_the_kits_wheel_keeps_its_sources_and_its_compiled_files_are_used_unchecked(tmp_path):
    data, count = compiled_zip(a_wheel(FILES), keep_sources=True)
    tag = sys.implementation.cache_tag
    names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
    assert count == 2 and {"tiny/part.py", f"tiny/__pycache__/part.{tag}.pyc"} <= names
    zipfile.ZipFile(io.BytesIO(data)).extractall(tmp_path)
    pyc = tmp_path / "tiny" / "__pycache__" / f"part.{tag}.pyc"
    assert int.from_bytes(pyc.read_bytes()[4:8], "little") == 0b01     # hash-based, unchecked
    (tmp_path / "tiny" / "part.py").write_text("VALUE = 0\n")           # a later time, other text:
    assert imported_from(tmp_path, "tiny").VALUE == 42                  # the compiled file is used


def test_the_standard_librarys_zip_is_imported_compiled_and_names_its_sources(tmp_path):
    """Python imports the standard library from a zip, which cannot keep what it compiles: the
    site's comes compiled, each ``.pyc`` where its ``.py`` was, naming the file it came from."""
    library = io.BytesIO()
    with zipfile.ZipFile(library, "w") as archive:
        archive.writestr("tinylib/__init__.py", "")
        archive.writestr("tinylib/fail.py", "def fail():\n    raise ValueError('from the zip')\n")
    zip_path = tmp_path / "library.zip"
    data, count = compiled_zip(library.getvalue(), keep_sources=False, where=str(zip_path))
    assert count == 2
    assert sorted(zipfile.ZipFile(io.BytesIO(data)).namelist()) == [
        "tinylib/__init__.pyc", "tinylib/fail.pyc"]
    zip_path.write_bytes(data)
    module = imported_from(zip_path, "tinylib.fail")
    assert module.__loader__.__class__.__name__ == "zipimporter"
    assert module.fail.__code__.co_filename == f"{zip_path}/tinylib/fail.py"
    with pytest.raises(ValueError, match="from the zip"):
        module.fail()
