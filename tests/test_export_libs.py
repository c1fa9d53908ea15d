"""The fast library lookup answers as ctypes.util.find_library would, from one listing."""

from __future__ import annotations

import ctypes.util
import os
import struct

import pytest

from builder.export.documents import weasylibs

ABI = "libc6,x86-64" if (os.uname().machine, struct.calcsize("l")) == ("x86_64", 8) else None


@pytest.mark.skipif(ABI is None, reason="the sample listing is for x86-64")
def test_listing_lookup_reads_sonames_for_this_abi() -> None:
    listing = (
        "\tlibpango-1.0.so.0 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libpango-1.0.so.0\n"
        "\tlibgobject-2.0.so.0 (libc6) => /usr/lib/i386-linux-gnu/libgobject-2.0.so.0\n"
    )
    find = weasylibs.listing_lookup(listing)
    assert find("pango-1.0") == "libpango-1.0.so.0"
    assert find("pango-1.0-0") is None
    assert find("gobject-2.0") is None  # only a 32-bit copy is listed


def test_lookup_is_restored_and_agrees_with_ctypes() -> None:
    original = ctypes.util.find_library
    with weasylibs.fast_library_lookup():
        fast = ctypes.util.find_library("pango-1.0")
    assert ctypes.util.find_library is original
    assert fast == original("pango-1.0")
