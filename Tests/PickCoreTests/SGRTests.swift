import Testing

@testable import PickCore

/// The SGR interpreter shared by `--ansi` items and the preview.
@Suite struct SGRTests {
  private func style(_ parameters: String, from start: Style = .plain) -> Style {
    var style = start
    SGR.apply(Array(parameters.utf8), to: &style)
    return style
  }

  private static let red = Style(foreground: .red)

  @Test(arguments: [
    ("31", Style(foreground: .red)),
    ("1;32", Style(foreground: .green, bold: true)),
    ("44", Style(background: .blue)),
    ("91;102", Style(foreground: .palette(9), background: .palette(10))),
    ("38;5;208", Style(foreground: .palette(208))),
    ("48;5;0", Style(background: .palette(0))),
    ("38:5:33", Style(foreground: .palette(33))),
    ("38;2;1;2;3", Style(foreground: .rgb(1, 2, 3))),
    ("48;2;255;0;128", Style(background: .rgb(255, 0, 128))),
    ("38:2:1:2:3", Style(foreground: .rgb(1, 2, 3))),
    ("38:2::1:2:3", Style(foreground: .rgb(1, 2, 3))),
    ("38:2:0:1:2:3", Style(foreground: .rgb(1, 2, 3))),
    (
      "1;2;3;4;5;7;9",
      Style(bold: true, reverse: true, underline: true, dim: true, italic: true, blink: true, strikethrough: true)
    ),
    ("4:3", Style(underline: true)),
    ("21", Style(underline: true)),
    ("6", Style(blink: true)),
  ])
  func `codes set colours and attributes`(parameters: String, expected: Style) {
    #expect(style(parameters) == expected)
  }

  @Test func `the off codes undo their attributes`() {
    let all = style("1;2;3;4;5;7;9;31;42")
    #expect(style("22;23;24;25;27;29;39;49", from: all) == .plain)
    #expect(style("4:0", from: Style(underline: true)) == .plain)
  }

  @Test func `an empty list, an empty parameter and 0 reset`() {
    #expect(style("", from: Self.red) == .plain)
    #expect(style("0", from: Self.red) == .plain)
    #expect(style("1;", from: Self.red) == .plain)
    #expect(style(";1", from: Self.red) == Style(bold: true))
  }

  @Test func `a colour cut short or out of range changes nothing, and what follows still applies`() {
    #expect(style("38;5", from: Self.red) == Self.red)
    #expect(style("38;2;1;2", from: Self.red) == Self.red)
    #expect(style("38;5;256;1", from: Self.red) == Style(foreground: .red, bold: true))
    #expect(style("38;2;300;0;0", from: Self.red) == Self.red)
    #expect(style("38:5", from: Self.red) == Self.red)
    #expect(style("38;7;1", from: .plain) == Style(bold: true))
  }

  @Test func `the underline colour is read and ignored, with its arguments`() {
    #expect(style("58;5;196;1") == Style(bold: true))
    #expect(style("58:2::1:2:3;4") == Style(underline: true))
  }

  @Test func `unknown codes and their sub-parameters are ignored; huge numbers do not overflow`() {
    #expect(style("8;53;73:1:2;31") == Self.red)
    #expect(style("99999999999999999999999999999;31") == Self.red)
    #expect(style("38;5;99999999999999999999999") == .plain)
  }

  @Test func `a byte that is not a parameter ends the reading`() {
    #expect(style("1x;31") == Style(bold: true))
  }
}
