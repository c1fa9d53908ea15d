"""Load WeasyPrint's system libraries without a subprocess per guess.

WeasyPrint finds Pango, HarfBuzz and fontconfig by trying several names for each through cffi,
which hands every name without a dot to ``ctypes.util.find_library``. On Linux each of those
calls runs ``ldconfig -p`` (and, on a miss, gcc and ld): about 20 ms a guess, some 280 ms of
WeasyPrint's 0.6 s import. :func:`fast_library_lookup` answers those calls from one
``ldconfig -p`` listing while WeasyPrint is imported; anywhere that listing is unavailable, or
lacks a library WeasyPrint needs, the normal lookup is left alone.
"""

from __future__ import annotations

import ctypes.util
import os
import re
import struct
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: Sonames WeasyPrint cannot do without; the fast lookup is used only when all are listed.
REQUIRED = (
    "libgobject-2.0.so",
    "libpango-1.0.so",
    "libpangoft2-1.0.so",
    "libharfbuzz.so",
    "libfontconfig.so",
)

# The ABI tag ldconfig prints for this interpreter, as ctypes.util works it out.
_ABI = {
    "x86_64-64": "libc6,x86-64",
    "ppc64-64": "libc6,64bit",
    "sparc64-64": "libc6,64bit",
    "s390x-64": "libc6,64bit",
    "ia64-64": "libc6,IA-64",
}


def _ldconfig_listing() -> str | None:
    if not sys.platform.startswith("linux"):
        return None
    for ldconfig in ("/sbin/ldconfig", "/usr/sbin/ldconfig"):
        if os.path.exists(ldconfig):
            try:
                out = subprocess.run(
                    [ldconfig, "-p"],
                    capture_output=True,
                    timeout=10,
                    env={"LC_ALL": "C", "LANG": "C"},
                    check=False,
                ).stdout
            except (OSError, subprocess.SubprocessError):
                return None
            return os.fsdecode(out)
    return None


def listing_lookup(listing: str) -> Callable[[str], str | None]:
    """A ``find_library`` answering from ``ldconfig -p`` output, the way ctypes reads it."""
    bits = "-64" if struct.calcsize("l") == 8 else "-32"
    abi = _ABI.get(os.uname().machine + bits, "libc6")

    def find(name: str) -> str | None:
        match = re.search(rf"\s+(lib{re.escape(name)}\.[^\s]+)\s+\({re.escape(abi)}", listing)
        return match.group(1) if match else None

    return find


@contextmanager
def fast_library_lookup() -> Iterator[None]:
    """While active, ``ctypes.util.find_library`` answers from one ``ldconfig -p`` run."""
    listing = _ldconfig_listing()
    if listing is None or not all(so in listing for so in REQUIRED):
        yield
        return
    original = ctypes.util.find_library
    ctypes.util.find_library = listing_lookup(listing)  # type: ignore[assignment]
    try:
        yield
    finally:
        ctypes.util.find_library = original
