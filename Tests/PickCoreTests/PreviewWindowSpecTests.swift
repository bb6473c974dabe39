import Testing

@testable import PickCore

@Suite struct PreviewWindowSpecTests {
  private func spec(_ value: String) throws(InvalidValue) -> PreviewWindowSpec {
    try PreviewWindowSpec().applying(Array(value.utf8))
  }

  @Test func `the default is right, 50%, a rounded border, no wrap, shown`() {
    let spec = PreviewWindowSpec()
    #expect(spec.side == .right)
    #expect(spec.size == .percent(50))
    #expect(spec.border == .box)
    #expect(spec.border.glyphs == .rounded)
    #expect(!spec.wraps && !spec.isHidden)
  }

  @Test func `sides, sizes, border, wrap and hidden as in fzf`() throws {
    let a = try spec("up,40%,noborder,wrap,hidden")
    #expect(a.side == .up && a.size == .percent(40) && a.border.isEmpty && a.wraps && a.isHidden)
    let b = try spec("left:20:border-sharp")
    #expect(
      b.side == .left && b.size == .cells(20)
        && b.border == PreviewWindowSpec.Border(glyphs: .sharp))
    #expect(try spec("bottom").side == .down)
    #expect(try spec("top").side == .up)
    #expect(try spec("down,hidden,nohidden,wrap,nowrap").isHidden == false)
    #expect(try spec("up,30%,default") == PreviewWindowSpec())
  }

  @Test func `border-line faces the list; one-sided borders keep their side`() throws {
    #expect(try spec("border-line").effectiveBorder.left)
    #expect(try spec("border-line").effectiveBorder.right == false)
    #expect(try spec("up,border-line").effectiveBorder.bottom)
    let top = try spec("border-top").effectiveBorder
    #expect(top.top && !top.bottom && !top.left && !top.right)
  }

  @Test func `fzf words pick does not draw are accepted and change nothing`() throws {
    #expect(try spec("cycle,follow,info,+{2}-/2,~3,<80(up)") == PreviewWindowSpec())
  }

  @Test(arguments: ["sideways", "101%", "-3", "50%%", "bordr"])
  func `other words are errors that name the word`(_ value: String) {
    #expect(throws: InvalidValue.self) { try spec(value) }
    do {
      _ = try spec(value)
    } catch {
      #expect(error.reason.contains(value))
    }
  }

  @Test func `repeated values apply on top of each other`() throws {
    let first = try spec("left,30%")
    let second = try first.applying(Array("wrap".utf8))
    #expect(second.side == .left && second.size == .percent(30) && second.wraps)
  }
}

/// The preview's keys in the default keymap, and `--bind` over them.
@Suite struct PreviewKeymapTests {
  @Test
  func `Ctrl-/ and Alt-P toggle the preview; Shift-Up/Down and the wheel over the pane scroll it`() {
    let keymap = Keymap(isMulti: false)
    #expect(keymap.actions(for: Key(.control("/"))) == [.togglePreview])
    #expect(keymap.actions(for: Key(.character("p"), alt: true)) == [.togglePreview])
    #expect(keymap.actions(for: Key(.up, shift: true)) == [.previewUp])
    #expect(keymap.actions(for: Key(.down, shift: true)) == [.previewDown])
    #expect(keymap.actions(for: .previewScrollDown) == [.previewDown])
  }

  @Test func `--bind replaces the default key`() throws {
    var table: BindingParser.Table = [:]
    try BindingParser.parse(Array("ctrl-/:preview-page-down,f2:toggle-preview".utf8), into: &table)
    let keymap = Keymap(isMulti: false, custom: table)
    #expect(keymap.actions(for: Key(.control("/"))) == [.previewPageDown])
    #expect(keymap.actions(for: Key(.function(2))) == [.togglePreview])
  }
}
