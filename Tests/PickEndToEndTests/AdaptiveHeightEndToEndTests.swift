import PickTestSupport
import Testing

// --height=~N on a real terminal. The test terminal does not say where its
// cursor is, so the area sits at the bottom of the screen: the row of the
// prompt (on top, in pick's layout) shows how tall the area is.
@Suite struct AdaptiveHeightEndToEndTests {
  @Test func `three items take five rows of a ~10 area, and many take all ten`() throws {
    let few = try Picker(["--height=~10"], items: "apple\nbanana\ncherry\n")
    try few.waitFor(timeout: 10) {
      $0.row(19).hasPrefix(">") && $0.row(20).contains("3/3") && $0.row(23).hasPrefix("   cherry")
    }
    #expect(few.screen().row(18).allSatisfy { $0 == " " })
    few.send(Keys.enter)
    #expect(try few.finish(timeout: 10).stdout == Array("apple\n".utf8))
    #expect(few.settingsRestored)

    let many = try Picker(["--height=~10"], items: (1...50).map { "\($0)\n" }.joined())
    try many.waitFor(timeout: 10) { $0.row(14).hasPrefix(">") && $0.row(15).contains("50/50") }
    many.send(Keys.esc)
    #expect(try many.finish(timeout: 10).status == 130)
    #expect(many.settingsRestored)
  }
}
