print("pick-rank: not yet")
