import Testing

@testable import PickCore

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Test(arguments: [
  ("", []),
  ("   \t\n ", []),
  ("--tac", ["--tac"]),
  ("  --tac   -i\n--exact\t-m5 ", ["--tac", "-i", "--exact", "-m5"]),
  ("--tac\r\n-i\r\n", ["--tac", "-i"]),
  ("-q 'a b'", ["-q", "a b"]),
  ("-q 'a \\ \"$x\"'", ["-q", "a \\ \"$x\""]),
  ("-q \"a b\"", ["-q", "a b"]),
  ("\"a \\\" \\\\ \\$ \\` z\"", ["a \" \\ $ ` z"]),
  ("\"\\a \\n\"", ["\\a \\n"]),
  ("\"a\\\nb\"", ["ab"]),
  ("\"it's\"", ["it's"]),
  ("a\\ b", ["a b"]),
  ("\\'a\\\"", ["'a\""]),
  ("a\\\nb", ["ab"]),
  ("a'b'\"c\"d", ["abcd"]),
  ("'' \"\"", ["", ""]),
  ("-q ''", ["-q", ""]),
  ("$HOME ~ *.txt `x`", ["$HOME", "~", "*.txt", "`x`"]),
  ("a\\", ["a\\"]),
  ("--tac # a comment\n-i", ["--tac", "-i"]),
  ("# only a comment", []),
  ("a#b '#c'", ["a#b", "#c"]),
])
func `words split as a POSIX shell splits them`(text: String, expected: [String]) throws {
  #expect(try ShellWords.split(bytes(text)) == expected.map(bytes))
}

@Test(arguments: [
  ("-q 'abc", "unterminated single quote"),
  ("-q \"abc", "unterminated double quote"),
  ("\"abc\\\"", "unterminated double quote"),
  ("'", "unterminated single quote"),
])
func `an unterminated quote is an error`(text: String, message: String) {
  #expect(throws: OptionError(message)) { try ShellWords.split(bytes(text)) }
}

@Test func `bytes that are not UTF-8 survive splitting`() throws {
  let text: [UInt8] = [0xFF, 0x20, 0x27, 0xC3, 0x20, 0xFE, 0x27, 0x20, 0x22, 0x80, 0x22]
  #expect(try ShellWords.split(text) == [[0xFF], [0xC3, 0x20, 0xFE], [0x80]])
}
