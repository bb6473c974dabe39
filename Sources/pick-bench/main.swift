print("pick-bench: not yet")
