"""What the bot asks of C's allocator so that memory freed goes back to the system.

Pillow draws every board image, and a finished board's replay frame by frame, in memory
from glibc's malloc, in the threads asyncio.to_thread runs. glibc serves a block of 128 KB
or more with a mapping of its own, returned at once when freed, but raises that threshold
to the size of each such block freed: after the first replays, frames and images came from
its heaps, and the holes they left among blocks still in use were not returned; the bot's
RSS rose by 60 to 90 MB within minutes of play (bench/bot_memory.py). Holding the threshold
at 128 KB keeps them apart, and malloc_trim(0) each minute hands back the pages that
smaller blocks leave free. Elsewhere than glibc there is nothing to call.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from typing import Final

M_MMAP_THRESHOLD: Final = -3  # mallopt's parameter, from glibc's malloc.h
MAPPED_FROM: Final = 128 * 1024  # bytes: blocks this large or more get a mapping of their own


@functools.cache
def _glibc() -> ctypes.CDLL | None:
    """Return glibc, or None where the C library is another (musl, macOS) or not found."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    library = ctypes.CDLL(name)
    if not hasattr(library, "malloc_trim") or not hasattr(library, "mallopt"):
        return None
    library.malloc_trim.argtypes = [ctypes.c_size_t]
    library.malloc_trim.restype = ctypes.c_int
    library.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    library.mallopt.restype = ctypes.c_int
    return library


def map_large_blocks_apart() -> bool:
    """Have blocks of 128 KB or more mapped on their own, whatever was freed before; say if so."""
    glibc = _glibc()
    return glibc is not None and glibc.mallopt(M_MMAP_THRESHOLD, MAPPED_FROM) == 1


def release_free_memory() -> bool:
    """Give the pages the allocator holds free back to the system; say whether it could."""
    glibc = _glibc()
    if glibc is None:
        return False
    glibc.malloc_trim(0)
    return True
