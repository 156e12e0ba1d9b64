"""Python's cycle collector leaves out what the bot's start made, once collected."""

from __future__ import annotations

import subprocess
import sys

# in a process of its own: a frozen object stays frozen for the process's life
FROZEN = """
import gc, weakref
import bot.bot
from bot.collector import freeze_what_the_start_made

class Node:
    pass

cycle = Node()
cycle.me = cycle
gone = weakref.ref(cycle)
del cycle
frozen = freeze_what_the_start_made()
tracked = {id(found) for found in gc.get_objects()}
print(frozen > 10_000, id(vars(bot.bot)) in tracked, gone() is None)
"""


def test_what_the_start_made_is_left_out_of_later_collections_and_its_garbage_freed() -> None:
    ran = subprocess.run(
        [sys.executable, "-c", FROZEN], capture_output=True, text=True, check=True, timeout=60
    )
    frozen, module_tracked, cycle_freed = ran.stdout.split()
    assert frozen == "True"
    assert module_tracked == "False"  # a full collection no longer walks the bot's modules
    assert cycle_freed == "True"  # garbage of the start was collected, not kept for ever
