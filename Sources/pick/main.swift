// Entry point: wiring only. See PickCore for the logic and PickSystem for I/O.
import PickCore
import PickSystem

print("pick: not yet")
