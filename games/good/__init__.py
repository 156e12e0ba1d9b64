"""Ben Good's Elevator: 3-D chess on 16 poles of moving 2x2 platforms."""

import games.good.kinds  # noqa: F401  (registers the camel, prince and ox for views and images)
