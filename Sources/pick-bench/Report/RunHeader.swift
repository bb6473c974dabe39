import Glibc

/// What a reader needs to judge the numbers: when, on what, how loaded, which
/// builds of which tools.
struct RunHeader {
  let tools: [Tool]
  let runs: Int
  let staticWarning: String?

  var markdown: String {
    var lines = ["# pick-bench", ""]
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    let load = (SmallFile.contents(of: "/proc/loadavg") ?? "?").split(separator: " ").prefix(3)
    lines.append(
      "\(Self.utcNow()), \(cores) cores, load average \(load.joined(separator: " ")) at start; median of \(runs) run\(runs == 1 ? "" : "s")."
    )
    if let first = load.first.flatMap({ Double($0) }), first > Double(cores) / 2 {
      lines += [
        "",
        "**Note: the machine is busy (load \(first) on \(cores) cores): compare ratios within this run, not times across runs.**",
      ]
    }
    lines.append("")
    for tool in tools {
      let path = tool.executable ?? "not found"
      lines.append("- \(tool.name): `\(path)`" + (tool.version.isEmpty ? "" : " (\(tool.version))"))
    }
    if let staticWarning {
      lines += ["", "**WARNING: \(staticWarning).**"]
      progress("WARNING: \(staticWarning)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `2026-11-30 05:02 UTC`.
  private static func utcNow() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return
      "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC"
  }
}
