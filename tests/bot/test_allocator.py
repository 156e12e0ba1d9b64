"""What the bot asks of C's allocator so that memory freed goes back to the system."""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable

import pytest

from bot.allocator import MAPPED_FROM, map_large_blocks_apart, release_free_memory
from bot.metrics import resident_mb

COUNT = 400  # blocks, one in ten of which stays, the last among them: no free end to give back


@pytest.fixture
def libc() -> ctypes.CDLL:
    """Return glibc with malloc and free typed, or skip where the C library is another."""
    name = ctypes.util.find_library("c")
    library = ctypes.CDLL(name)
    if name is None or not hasattr(library, "malloc_trim"):
        pytest.skip("not glibc: there is no malloc_trim or mallopt to call")
    library.malloc.restype = ctypes.c_void_p
    library.malloc.argtypes = [ctypes.c_size_t]
    library.free.argtypes = [ctypes.c_void_p]
    return library


def freed_among_kept(libc: ctypes.CDLL, size: int, then: Callable[[], object]) -> float:
    """Free nine in ten of COUNT blocks of size, call then; return the MB given back."""
    blocks = [libc.malloc(size) for _ in range(COUNT)]
    kept = blocks[9::10]
    try:
        for block in blocks:
            ctypes.memset(block, 1, size)  # touched: resident
        held = resident_mb()
        for block in blocks:
            if block not in kept:
                libc.free(block)
        then()
        return held - resident_mb()
    finally:
        for block in kept:
            libc.free(block)


def test_pages_freed_among_blocks_still_in_use_go_back_to_the_system(libc: ctypes.CDLL) -> None:
    size = 100_000  # below the mmap threshold: from the heap
    assert freed_among_kept(libc, size, lambda: None) < 0.1 * 0.9 * COUNT * size / 2**20
    given = freed_among_kept(libc, size, release_free_memory)
    assert given > 0.5 * 0.9 * COUNT * size / 2**20


def test_large_blocks_go_back_when_freed_though_a_larger_one_was_freed_before(
    libc: ctypes.CDLL,
) -> None:
    size = 2 * MAPPED_FROM  # an image's size
    assert map_large_blocks_apart()
    libc.free(libc.malloc(4 * size))  # left alone, glibc would now serve size from its heap
    given = freed_among_kept(libc, size, lambda: None)
    assert given > 0.5 * 0.9 * COUNT * size / 2**20
