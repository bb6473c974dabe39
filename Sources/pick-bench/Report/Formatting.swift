/// Numbers as the reports print them (no Foundation: see `MeasuredCommand`).
enum Format {
  /// `12.3` under 100, `123` above: three significant digits is all the
  /// noise (30-50% between runs here) allows.
  static func milliseconds(_ value: Double) -> String {
    fixed(value, decimals: value < 100 ? 1 : 0)
  }

  static func mebibytes(_ value: Double) -> String { fixed(value, decimals: 1) }

  /// `2.50×`: how many times longer (or larger) than pick.
  static func ratio(_ value: Double) -> String { fixed(value, decimals: 2) + "×" }

  /// `1,000,000`.
  static func count(_ value: Int) -> String {
    let digits = Array(String(value))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && digit != "-" && digits[index - 1] != "-" && (digits.count - index) % 3 == 0 { result += "," }
      result.append(digit)
    }
    return result
  }

  /// `value` rounded to `decimals` places, like `%.Nf` for the finite,
  /// non-negative values the reports hold.
  static func fixed(_ value: Double, decimals: Int) -> String {
    guard value.isFinite, value >= 0 else { return String(value) }
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * Double(scale)).rounded())
    guard decimals > 0 else { return String(scaled) }
    let fraction = String(scaled % scale)
    return String(scaled / scale) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
  }
}
