"""Ben Good's Elevator: 3-D chess on 16 poles of moving 2x2 platforms."""
