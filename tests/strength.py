"""How hard the property tests try: Hypothesis profile `ci` (the default) or `dev` (quick).

`HYPOTHESIS_PROFILE=dev python -m pytest` runs every property test with a tenth of its
examples, for the edit-and-run loop; `ci`, which `.ci/run` uses, keeps each test's own count.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE_ENV = "HYPOTHESIS_PROFILE"
DEV_SHARE = 10  # dev runs one example in this many, and at least DEV_LEAST
DEV_LEAST = 2

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", parent=settings.get_profile("ci"), max_examples=10)
PROFILE = os.environ.get(PROFILE_ENV, "ci")
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """Return how many examples a test that asks for count runs under the loaded profile."""
    if PROFILE == "dev":
        return max(DEV_LEAST, count // DEV_SHARE)
    return count
