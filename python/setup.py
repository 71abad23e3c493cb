"""Builds the merkleforge package: the extension module comes from the CMake project one folder
up (target merkleforge_python, built in MERKLEFORGE_BUILD_DIR or in a fresh Release tree), or,
when MERKLEFORGE_EXTENSION names an already built module, is copied from there. Needs no network:
pybind11 and the compilers are Debian packages."""
import os
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)


def project_version():
    with open(os.path.join(SOURCE, "CMakeLists.txt"), encoding="utf-8") as cmake:
        return re.search(r"project\(merkleforge VERSION ([0-9.]+)", cmake.read()).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        target = self.get_ext_fullpath(ext.name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        built = os.environ.get("MERKLEFORGE_EXTENSION")
        if not built:
            # An existing build tree of this checkout (MERKLEFORGE_BUILD_DIR, configured for this
            # interpreter) is reused; otherwise a Release tree of just the module is configured.
            build = os.environ.get("MERKLEFORGE_BUILD_DIR")
            if not build:
                build = os.path.abspath(os.path.join(self.build_temp, "cmake"))
                subprocess.check_call([
                    "cmake", "-S", SOURCE, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                    "-DMERKLEFORGE_BUILD_TESTS=OFF", "-DMERKLEFORGE_BUILD_BENCH=OFF",
                    "-DMERKLEFORGE_BUILD_TOOLS=OFF", "-DMERKLEFORGE_BUILD_PYTHON=ON",
                    f"-DPython_EXECUTABLE={sys.executable}"])
            subprocess.check_call(["cmake", "--build", build, "--target", "merkleforge_python"])
            folder = os.path.join(build, "python", "merkleforge")
            built = os.path.join(folder, next(f for f in os.listdir(folder)
                                              if f.startswith("_merkleforge")))
        shutil.copyfile(built, target)


setup(
    name="merkleforge",
    version=project_version(),
    description="Hashes, Merkle trees, Ethereum tries, sparse and Verkle trees with proofs",
    packages=["merkleforge"],
    package_data={"merkleforge": ["py.typed", "__init__.pyi"]},
    ext_modules=[Extension("merkleforge._merkleforge", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.9",
    zip_safe=False,
)
