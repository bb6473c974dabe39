import PickCore
