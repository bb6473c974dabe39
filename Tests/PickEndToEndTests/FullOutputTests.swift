// Docs/fzf-compatibility.md, row 31: results that cannot be written are an
// error (status 2, with the reason), where fzf exits 0 and says nothing.

import Testing

@Test func `results written to a full disk exit 2 with the reason`() throws {
  let result = try runShell("seq 3 | \"$PICK\" --filter 1 > /dev/full")
  #expect(result.status == 2)
  #expect(
    String(decoding: result.stderr, as: UTF8.self)
      == "pick: cannot write results: No space left on device\n")
}
