import Testing

@testable import PickCore

/// `--with-nth` and `--accept-nth` templates (fzf 0.60): text with `{N}`
/// placeholders and, for `--accept-nth`, `{n}`.
@Suite struct FieldTemplateTests {
  private func output(_ input: String, _ arguments: [String]) throws -> String {
    try runFilter(Array(input.utf8), arguments).text
  }

  @Test func `a value of expression bytes only is a list, anything else a template`() throws {
    #expect(FieldSpec.parse(Array("2,1..".utf8)) == .ranges([FieldRange(2), FieldRange(begin: 1, end: nil)]))
    let template = try #require(FieldTemplate(Array("[{n}] {2} {1,3}.".utf8)))
    #expect(
      template.parts == [
        .text(Array("[".utf8)), .index, .text(Array("] ".utf8)), .fields([FieldRange(2)]),
        .text(Array(" ".utf8)), .fields([FieldRange(1), FieldRange(3)]), .text(Array(".".utf8)),
      ])
    // No placeholder: not a template (and not a list).
    #expect(FieldSpec.parse(Array("abc".utf8)) == nil)
    #expect(FieldSpec.parse(Array("{x}".utf8)) == nil)
    // A placeholder whose expression does not parse is dropped, as in fzf.
    #expect(FieldTemplate(Array("a{1..2..3}b{1}".utf8))?.parts.first == .text(Array("a".utf8)))
    #expect(FieldTemplate(Array("a{1..2..3}b{1}".utf8))?.parts.count == 3)
  }

  @Test func `--with-nth template is shown and searched; the item is printed (fzf's test_with_nth_template)`() throws {
    let out = try output(
      "hello world \nbyebye\n", ["--filter", "^he he.he.", "-x", "-n", "2..", "--with-nth", "{2} {1}. {1}."])
    #expect(out == "hello world \n")
  }

  @Test func `--accept-nth template fills fields and the index, each stripped of its delimiter`() throws {
    let out = try output(
      "foo,bar,baz\nx,y,z\n",
      ["--filter", "", "-d", ",", "--accept-nth", "[{n}] 1st: {1}, 3rd: {3}, 2nd: {2}"])
    #expect(out == "[0] 1st: foo, 3rd: baz, 2nd: bar\n[1] 1st: x, 3rd: z, 2nd: y\n")
    // AWK-style fields lose their trailing white space; the template's own text stays.
    #expect(try output("a  b  c\n", ["--filter", "", "--accept-nth", "<{2..}> "]) == "<b  c> \n")
  }

  @Test func `{n} in --with-nth and a template without placeholders are usage errors`() {
    for value in ["{n} {1}", "plain text"] {
      #expect(throws: OptionError.self, "\(value)") {
        try OptionParser.parse(arguments: [Array("--with-nth".utf8), Array(value.utf8)])
      }
    }
  }
}
