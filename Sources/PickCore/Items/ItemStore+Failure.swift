extension ItemStore.Failure: CustomStringConvertible {
  /// The one line pick prints for the failure (after `pick: `), with the
  /// limit in units a person reads at a glance: under an address-space limit
  /// the store may hold far less than a GiB, and "at most 0 GiB" says nothing.
  public var description: String {
    switch self {
    case .cannotReserve(let bytes):
      return "cannot reserve \(Self.size(bytes)) of address space for the input"
    case .full(let limit, let itemLimit):
      return "input too large: pick holds at most \(Self.size(limit)) and \(itemLimit) items"
    }
  }

  /// The picker's note when the input stops at this failure: what was read
  /// stays and can be chosen, and the info line says the list is incomplete.
  public var truncationNote: String {
    switch self {
    case .cannotReserve: return "input truncated: \(description)"
    case .full(let limit, let itemLimit):
      return "input truncated: pick holds at most \(Self.size(limit)) and \(itemLimit) items"
    }
  }

  /// `bytes` in the largest binary unit that keeps the number at 1 or more:
  /// `64 GiB`, `1.5 GiB`, `195 MiB`, `900 KiB`, `12 bytes`; one decimal
  /// below 10, none above (the number is rounded down: a limit is never overstated).
  static func size(_ bytes: Int) -> String {
    let units = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
    for (unit, name) in units where bytes >= unit {
      let tenths = bytes / unit * 10 + bytes % unit * 10 / unit
      if tenths < 100 && tenths % 10 != 0 { return "\(tenths / 10).\(tenths % 10) \(name)" }
      return "\(bytes / unit) \(name)"
    }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }
}
