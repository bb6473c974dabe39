// The query language of `pick --filter`, pinned to fzf 0.74.5.
//
// Every expectation in `queryCases` was taken from fzf 0.74.5 by running it on
// exactly these items: `printf '%s\n' ITEMS | fzf --filter QUERY [OPTIONS]`
// (items joined by NUL under --read0). Rows marked `fzfDiffers: true` are
// the exceptions: there pick's design (Docs/Design.md) chooses otherwise, the row holds pick's expectation, the comment above it
// says what fzf prints, and Docs/fzf-compatibility.md lists the difference.
//
// The grammar in one breath (fzf's src/pattern.go): the query is trimmed and
// split on runs of spaces (`\ ` is a literal space); a term is `!` (inverse,
// exact unless `'` follows), then `'abc'` (exact at word boundaries, when
// longer than two characters), `'abc` (exact; fuzzy under --exact or after
// `!`), `^abc` (prefix), `abc$` (suffix), `^abc$` (whole item); prefix and
// suffix skip white space at the item's ends unless the pattern itself starts
// or ends with a space. A term left empty by its operators is dropped, so lone
// `!`, `^`, `'`, `^$` match everything, but a lone `$` is a plain term. `|`
// between terms is OR and binds tighter than the spaces' AND; a `|` first in
// the query or right after another `|` is a plain term. Smart case is decided
// per term; only items are accent-folded, and only for terms without accents.
//
// Matches are compared as sets: pick ranks differently from fzf on purpose
// (ties go to the shorter item, and its scoring is its own). Rows with
// `ordered: true` compare the order too: an empty query, a query of only
// inverse terms, --no-sort and --tac keep (or reverse) the input order, and
// the two programs must agree there. The exit status is implied by the row:
// 0 when something is expected, 1 when nothing is (and then nothing is printed).
//
// To check the table against fzf itself, point PICK_BINARY at a script that
// runs `exec fzf "$@"` (fzf 0.74.5) and set PICK_REFERENCE_IS_FZF=1: the rows
// marked `fzfDiffers` are then known issues, and must fail.

import Testing

/// One row: fzf's (or, where marked, pick's own) answer for a query over some items.
struct QueryCase: Sendable, CustomTestStringConvertible {
  var query: ByteString
  var items: [ByteString]
  var options: [String]
  /// The items printed, in input order unless `ordered`.
  var expected: [ByteString]
  /// Whether the order of `expected` is part of the expectation.
  var ordered: Bool
  /// Whether fzf 0.74.5 answers differently because pick decided otherwise.
  var fzfDiffers: Bool

  var status: Int32 { expected.isEmpty ? 1 : 0 }
  var inputTerminator: UInt8 { options.contains("--read0") ? 0 : UInt8(ascii: "\n") }
  var outputTerminator: UInt8 { options.contains("--print0") ? 0 : UInt8(ascii: "\n") }
  var input: [UInt8] { items.flatMap { $0.bytes + [inputTerminator] } }

  var testDescription: String {
    let flags = options.isEmpty ? "" : options.joined(separator: " ") + " "
    return "\(flags)--filter \(query) on \(items)"
  }
}

private func c(
  _ query: ByteString, _ items: [ByteString], _ options: [String] = [],
  expect expected: [ByteString], ordered: Bool = false, fzfDiffers: Bool = false
) -> QueryCase {
  QueryCase(
    query: query, items: items, options: options, expected: expected, ordered: ordered,
    fzfDiffers: fzfDiffers)
}

// swift-format-ignore
let queryCases: [QueryCase] = [
    // MARK: Fuzzy terms
    c("abc", ["abc", "axbxc", "xabcx", "ABC", "xyz", "cba"], expect: ["abc", "axbxc", "xabcx", "ABC"]),
    c("ac", ["abc", "ca", "a c", "xyz"], expect: ["abc", "a c"]),
    c("xyz", ["abc", "def"], expect: []),
    c("aa", ["a", "aa", "aba", "baa"], expect: ["aa", "aba", "baa"]),
    c("a-c", ["a-c", "a--c", "ac", "a-b-c"], expect: ["a-c", "a--c", "a-b-c"]),

    // MARK: Exact terms: 'abc
    c("'abc", ["abc", "axbxc", "xabcx", "ABC", "xyz", "cba"], expect: ["abc", "xabcx", "ABC"]),
    // two terms: exact 'a' AND fuzzy 'b'
    c("'a b", ["a b", "ab", "a"], expect: ["a b", "ab"]),
    c("'ab'c", ["abc", "ab'c", "'ab'c", "ab"], expect: ["ab'c", "'ab'c"]),
    // two quotes: an exact term for one quote (too short to be a boundary term)
    c("''", ["'", "''", "x"], expect: ["'", "''"]),

    // MARK: Anchored terms: ^prefix, suffix$, ^whole$
    c("^abc", ["abc", "abcd", "xabc", "ABC", "axbc"], expect: ["abc", "abcd", "ABC"]),
    c("abc$", ["abc", "xabc", "abcd", "ABC", "abxc"], expect: ["abc", "xabc", "ABC"]),
    c("^abc$", ["abc", "abcd", "xabc", "ABC", "abc abc"], expect: ["abc", "ABC"]),
    // prefix skips leading white space in the item
    c("^abc", ["  abc", "\tabc", "x abc"], expect: ["  abc", "\tabc"]),
    // suffix skips trailing white space in the item
    c("abc$", ["abc  ", "abc\t", "abc x"], expect: ["abc  ", "abc\t"]),
    c("^abc$", [" abc ", "\tabc\t", "abc\r", "a bc"], expect: [" abc ", "\tabc\t", "abc\r"]),
    // a pattern that starts with a space does not skip leading white space
    c("^\\ abc", [" abc", "abc", "  abc"], expect: [" abc"]),
    // a pattern that ends with a space does not skip trailing white space
    c("abc\\ $", ["abc ", "abc", "abc  "], expect: ["abc "]),
    c("^^abc", ["^abc", "abc", "x^abc"], expect: ["^abc"]),
    c("abc$$", ["abc$", "abc", "abc$$"], expect: ["abc$"]),
    // ^ takes the rest literally: prefix "'abc"
    c("^'abc", ["'abc", "abc", "x'abc"], expect: ["'abc"]),
    // ' takes the rest literally: exact "^abc"
    c("'^abc", ["^abc", "abc", "x^abcx"], expect: ["^abc", "x^abcx"]),
    c("^a b$", ["ab", "a b", "a x b", "b a"], expect: ["ab", "a b", "a x b"]),

    // MARK: Inverse terms: !x, !^x, !x$, !^x$, !'x
    c("!abc", ["abc", "axbxc", "xabcx", "ABC", "xyz", "cba"], expect: ["axbxc", "xyz", "cba"], ordered: true),
    c("!^abc", ["abc", "xabc", "abcd", "ABC"], expect: ["xabc"], ordered: true),
    c("!abc$", ["abc", "xabc", "abcd", "ABC"], expect: ["abcd"], ordered: true),
    c("!^abc$", ["abc", "xabc", "abcd", "abc "], expect: ["xabc", "abcd"], ordered: true),
    // !' is an inverse FUZZY term
    c("!'abc", ["abc", "axbxc", "xyz", "acb"], expect: ["xyz", "acb"], ordered: true),
    // only the first ! is an operator: inverse exact "!abc"
    c("!!abc", ["abc", "!abc", "x!abcx"], expect: ["abc"], ordered: true),
    c("'!abc", ["abc", "!abc", "x!abcx"], expect: ["!abc", "x!abcx"]),
    c("abc !x", ["abc", "xabc", "axbc", "abcd"], expect: ["abc", "abcd"]),
    c("!a !b", ["a", "b", "c", "ab", "d"], expect: ["c", "d"], ordered: true),
    // smart case applies to inverse terms too
    c("!abc", ["abc", "ABC"], expect: [], ordered: true),
    c("!Abc", ["abc", "ABC", "Abc"], expect: ["abc", "ABC"], ordered: true),

    // MARK: OR with |: binds tighter than AND
    c("abc | xyz", ["abc", "axbxc", "xabcx", "ABC", "xyz", "cba"], expect: ["abc", "axbxc", "xabcx", "ABC", "xyz"]),
    c("a b | c", ["a b", "a c", "c", "b", "a", "ab", "x"], expect: ["a b", "a c", "ab"]),
    c("^a | ^b c$", ["ac", "bc", "cc", "a", "xbc", "b c"], expect: ["ac", "bc", "b c"]),
    c("abc | !x", ["abc", "x", "xabc", "y"], expect: ["abc", "xabc", "y"]),
    // only inverse terms: input order
    c("!a | !b", ["a", "b", "ab", "c"], expect: ["a", "b", "c"], ordered: true),
    c("a | b | c", ["a", "b", "c", "d"], expect: ["a", "b", "c"]),

    // MARK: Boundary-exact terms: 'abc' (neighbours must be white space, punctuation or the ends)
    c("'abc'", ["abc", "abc def", "xabc", "abc1", "1abc", "abcX", "Xabc", "abcé", "éabc"], expect: ["abc", "abc def"]),
    c("'abc'", ["a-abc-b", "abc.d", "/abc/", "x_abc", "abc_d", "(abc)", "abc\\", "abc:x", "abc😀"], expect: ["a-abc-b", "abc.d", "/abc/", "x_abc", "abc_d", "(abc)", "abc\\", "abc:x", "abc😀"]),
    // camelCase humps are not boundaries
    c("'abc'", ["xAbc", "fooAbc", "abcabc", "xabc abc", "Abc"], expect: ["xabc abc", "Abc"]),
    c("'Ab'", ["xAb", "x_Ab", "AbC", "Ab"], expect: ["x_Ab", "Ab"]),
    c("'a'", ["a", "ab", "a b", "ba", "b a b"], expect: ["a", "a b", "b a b"]),
    // the first pattern character must itself sit at a boundary
    c("'-x'", ["a-x", "-x", "a -x", "y-x-z"], expect: ["-x", "a -x"]),
    c("'x-'", ["x-", "x-a", "x- a"], expect: ["x-", "x- a"]),
    // three quotes: boundary term for one quote
    c("'''", ["'", "''", "x", "a'b"], expect: ["'", "''"]),
    c("''ab''", ["'ab'", "ab", "x'ab'x"], expect: ["'ab'"]),
    // inverse boundary term
    c("!'abc'", ["abc", "xabc", "abc d", "axbxc"], expect: ["xabc", "axbxc"], ordered: true),
    // a boundary term ignores a trailing $: 'ab'$ is 'ab'
    c("'ab'$", ["ab", "ab c", "xab", "'ab'"], expect: ["ab", "ab c", "'ab'"]),
    // ^ wins: prefix "'ab'"
    c("^'ab'", ["'ab'", "ab", "'ab' x"], expect: ["'ab'", "'ab' x"]),
    c("'abc'", ["abc", "xabc"], ["--exact"], expect: ["abc"]),

    // MARK: Escaped space and white space in the query
    c("a\\ b", ["a b", "ab", "a  b", "axb", "b a"], expect: ["a b", "a  b"]),
    c("'a\\ b", ["a b", "a  b", "ab"], expect: ["a b"]),
    // an escaped trailing space is kept
    c("ab\\ ", ["ab ", "ab", "ab x"], expect: ["ab ", "ab x"]),
    c("\\ ", ["a b", "ab", " "], expect: ["a b", " "]),
    // leading, trailing and repeated spaces separate terms
    c("  ab   cd  ", ["abcd", "ab", "cd ab", "x"], expect: ["abcd", "cd ab"]),
    // fzf reads a tab in the query as a space (its parser uses tab to stand for an escaped space);
    // pick keeps it a tab, so it matches tabs (fzf prints only "ab cd")
    c("ab\tcd", ["ab\tcd", "abcd", "ab cd", "ab\t\tcd"], expect: ["ab\tcd", "ab\t\tcd"], fzfDiffers: true),

    // MARK: Trailing and lone backslash
    c("ab\\", ["ab\\", "ab", "a\\b", "abx\\"], expect: ["ab\\", "abx\\"]),
    c("\\", ["ab\\", "ab"], expect: ["ab\\"]),
    c("a\\b", ["a\\b", "ab", "a\\\\b"], expect: ["a\\b", "a\\\\b"]),

    // MARK: Lone operators and stray bars
    // lone operators are empty terms, dropped: all items in input order
    c("!", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    c("^", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    c("'", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    c("!^", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    c("^$", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    c("'$", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    c("!'", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    c("!^$", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], ordered: true),
    // a lone $ is a fuzzy term for the dollar sign
    c("$", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["a$c"]),
    // !$ excludes items containing a dollar sign
    c("!$", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc", "xyz", "^x", "it's", "|", "!"], ordered: true),
    // a leading | is a fuzzy term
    c("|", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["|"]),
    // the first | is a term, the second an OR with nothing after it
    c("| |", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["|"]),
    // a trailing | is dropped
    c("abc |", ["abc", "xyz", "a$c", "^x", "it's", "|", "!"], expect: ["abc"]),
    c("| abc", ["abc", "|", "| abc", "abc|"], expect: ["| abc", "abc|"]),
    // a | right after an OR is a term: (abc OR |) AND def
    c("abc | | def", ["abc def", "| def", "abc", "def", "|"], expect: ["abc def", "| def"]),
    // || is a fuzzy term
    c("abc || def", ["abc||def", "abc def", "abc | def", "a||"], expect: ["abc||def"]),
    c("ab|", ["ab|", "ab", "a|b|"], expect: ["ab|", "a|b|"]),
    c("!|", ["a", "|", "a|b"], expect: ["a"], ordered: true),

    // MARK: Smart case per term
    c("abc", ["abc", "ABC", "Abc"], expect: ["abc", "ABC", "Abc"]),
    c("Abc", ["abc", "ABC", "Abc", "xAbc"], expect: ["Abc", "xAbc"]),
    c("Abc def", ["Abc def", "abc DEF", "abc def", "ABC def", "Abc DEF"], expect: ["Abc def", "Abc DEF"]),
    c("Abc | def", ["Abc", "abc", "DEF", "def"], expect: ["Abc", "DEF", "def"]),
    c("^Ab", ["Abc", "abc", "ABC"], expect: ["Abc"]),
    c("'AB", ["xABy", "xaby", "xAby"], expect: ["xABy"]),

    // MARK: -i, +i, --smart-case
    c("abc", ["abc", "ABC", "Abc"], ["-i"], expect: ["abc", "ABC", "Abc"]),
    c("Abc", ["abc", "ABC", "Abc"], ["-i"], expect: ["abc", "ABC", "Abc"]),
    c("ABC", ["abc", "ABC"], ["--ignore-case"], expect: ["abc", "ABC"]),
    c("abc", ["abc", "ABC", "Abc"], ["+i"], expect: ["abc"]),
    c("^abc", ["ABC", "abc"], ["+i"], expect: ["abc"]),
    c("Abc", ["abc", "Abc"], ["+i", "--smart-case"], expect: ["Abc"]),
    // the last of -i/+i wins
    c("abc", ["ABC", "abc"], ["-i", "+i"], expect: ["abc"]),

    // MARK: -e/--exact: plain terms are exact, 'x is fuzzy
    c("abc", ["abc", "axbxc", "xabcx"], ["-e"], expect: ["abc", "xabcx"]),
    c("'abc", ["abc", "axbxc", "xyz"], ["-e"], expect: ["abc", "axbxc"]),
    c("'abc", ["abc", "axbxc", "xyz"], ["--exact"], expect: ["abc", "axbxc"]),
    c("^ab", ["abc", "xab"], ["-e"], expect: ["abc"]),
    c("!abc", ["abc", "axbxc", "xyz"], ["-e"], expect: ["axbxc", "xyz"], ordered: true),
    c("!'abc", ["abc", "axbxc", "xyz"], ["-e"], expect: ["xyz"], ordered: true),
    c("a b", ["a b", "ab", "b a", "a"], ["-e"], expect: ["a b", "ab", "b a"]),
    c("abc", ["abc", "axbxc"], ["-e", "--no-exact"], expect: ["abc", "axbxc"]),

    // MARK: +x/--no-extended: the whole query is one fuzzy term
    c("a b", ["a b", "ab", "axb", "a  b"], ["+x"], expect: ["a b", "a  b"]),
    c("'abc", ["abc", "'abc", "'axbc"], ["+x"], expect: ["'abc", "'axbc"]),
    c("^abc", ["abc", "^abc", "x^abc"], ["+x"], expect: ["^abc", "x^abc"]),
    c("abc$", ["abc", "abc$"], ["--no-extended"], expect: ["abc$"]),
    c("!abc", ["abc", "!abc", "xyz"], ["--no-extended"], expect: ["!abc"]),
    c("a | b", ["a", "b", "a | b", "a|b"], ["+x"], expect: ["a | b"]),
    // not trimmed either
    c(" ab ", ["ab", " ab ", "x ab x"], ["+x"], expect: [" ab ", "x ab x"]),
    c("Ab", ["ab", "Ab", "xAyb"], ["+x"], expect: ["Ab", "xAyb"]),
    // +x -e: the whole query is one exact term
    c("ab", ["ab", "axb", "xaby"], ["+x", "-e"], expect: ["ab", "xaby"]),

    // MARK: Non-ASCII: accent folding, smart case, case mapping
    c("cafe", ["café", "cafe\u{301}", "CAFÉ", "cafè", "caff", "cafe"], expect: ["café", "cafe\u{301}", "CAFÉ", "cafè", "cafe"]),
    // decomposed e + U+0301
    c("cafe", ["cafe\u{301}", "cafe"], expect: ["cafe\u{301}", "cafe"]),
    // an accented query letter is literal
    c("café", ["café", "cafe\u{301}", "CAFÉ", "cafe"], expect: ["café", "CAFÉ"]),
    c("CAFE", ["café", "CAFÉ", "cafe", "CAFE"], expect: ["CAFÉ", "CAFE"]),
    c("cafe", ["café", "CAFÉ", "cafe"], ["--literal"], expect: ["cafe"]),
    // upper-case non-ASCII: smart case
    c("Éc", ["Écu", "écu", "Ecu", "ÉCU"], expect: ["Écu"]),
    c("éc", ["Écu", "écu", "Ecu", "ÉCU"], expect: ["Écu", "écu", "ÉCU"]),
    c("écu", ["ÉCU"], ["+i"], expect: []),
    // no length-changing folds
    c("strasse", ["Straße", "strasse", "STRASSE"], expect: ["strasse", "STRASSE"]),
    c("straße", ["Straße", "STRASSE", "strasse"], expect: ["Straße"]),
    c("STRASSE", ["Straße"], expect: []),
    c("ñ", ["ñ", "n", "Ñ"], expect: ["ñ", "Ñ"]),
    c("n", ["ñ", "Ñ", "x"], expect: ["ñ", "Ñ"]),
    c("'uber", ["Über", "über", "uber"], expect: ["Über", "über", "uber"]),
    c("σ", ["Σ", "σ", "ς"], expect: ["Σ", "σ"]),
    c("'ab'", ["éab", "ab😀", "日本ab", "ab日本"], expect: ["ab😀"]),
    // fzf 0.74.5 prints ["café", "cafe"] here. Docs/Design.md, Matching: decomposed accents match their plain letter, so 'cafe\u{301}' ends with 'cafe'; fzf treats U+0301 as a separate character.
    c("cafe$", ["cafe\u{301}", "café", "cafe"], expect: ["cafe\u{301}", "café", "cafe"], fzfDiffers: true),
    // fzf 0.74.5 prints ["café"] here. Docs/Design.md, Matching: decomposed accents match their plain letter.
    c("^cafe$", ["cafe\u{301}", "café"], expect: ["cafe\u{301}", "café"], fzfDiffers: true),

    // MARK: Invalid UTF-8: an invalid byte is a unit that matches only itself
    // U+00FF must not match a raw 0xFF byte
    c("ÿ", [.raw("a", 0xFF, "b"), "xÿy", "zz"], expect: ["xÿy"]),
    // fzf 0.74.5 prints ["a�b"] here. fzf prints invalid bytes as U+FFFD; pick prints the item's bytes.
    c(.raw(0xFF), [.raw("a", 0xFF, "b"), "xÿy", "zz"], expect: [.raw("a", 0xFF, "b")], fzfDiffers: true),
    // fzf 0.74.5 prints ["a�b"] here. fzf prints invalid bytes as U+FFFD; pick prints the item's bytes.
    c("ab", [.raw("a", 0xFF, "b"), "xÿy", "zz"], expect: [.raw("a", 0xFF, "b")], fzfDiffers: true),
    // fzf 0.74.5 prints ["a�b", "x�y"] here. fzf decodes invalid bytes as U+FFFD, so U+FFFD matches them; Docs/Design.md, Matching: an invalid byte matches only itself.
    c("�", [.raw("a", 0xFF, "b"), "xÿy", "zz", "x�y"], expect: ["x�y"], fzfDiffers: true),
    // exact 'aÿ: the letter ÿ is not the byte 0xFF
    c("'aÿ", [.raw("a", 0xFF), .raw("a", 0xC3), "aÿ"], expect: ["aÿ"]),
    // fzf 0.74.5 prints ["�t�"] here. fzf decodes invalid bytes in query and items alike as U+FFFD (so any invalid byte would match any other) and prints U+FFFD; pick compares the raw bytes and prints them.
    c(.raw("'", 0xE9, "t", 0xE9), [.raw(0xE9, "t", 0xE9), "été", "ete"], expect: [.raw(0xE9, "t", 0xE9)], fzfDiffers: true),
    // fzf 0.74.5 prints ["b", "b�"] here. fzf prints invalid bytes as U+FFFD; pick prints the item's bytes.
    c("^b", [.raw(0xFF, "b"), .raw("b", 0xFF), "b"], expect: [.raw("b", 0xFF), "b"], fzfDiffers: true),
    // fzf 0.74.5 prints ["b", "�b"] here. fzf prints invalid bytes as U+FFFD; pick prints the item's bytes.
    c("b$", [.raw(0xFF, "b"), .raw("b", 0xFF), "b"], expect: [.raw(0xFF, "b"), "b"], fzfDiffers: true),

    // MARK: Empty query, negation-only queries, ordering options (order compared)
    // empty query: every item, input order
    c("", ["b", "a", "c", "abc", ""], expect: ["b", "a", "c", "abc", ""], ordered: true),
    // spaces only: empty query
    c("   ", ["b", "a", "c"], expect: ["b", "a", "c"], ordered: true),
    c("", ["b", "a", "c"], ["--tac"], expect: ["c", "a", "b"], ordered: true),
    c("!x", ["xb", "b", "ab", "a", "c", "x"], expect: ["b", "ab", "a", "c"], ordered: true),
    c("!b", ["c", "b", "a", "d"], ["--tac"], expect: ["d", "a", "c"], ordered: true),
    c("a", ["xxa", "a", "ya"], ["--no-sort"], expect: ["xxa", "a", "ya"], ordered: true),
    c("a", ["xxa", "a", "ya"], ["+s"], expect: ["xxa", "a", "ya"], ordered: true),
    // --tac reverses input order everywhere, also under --no-sort (fzf prints a, ya, xxa here)
    c("a", ["xxa", "a", "ya"], ["+s", "--tac"], expect: ["ya", "a", "xxa"], ordered: true, fzfDiffers: true),
    c("", ["b", "a"], ["--no-sort", "--tac"], expect: ["a", "b"], ordered: true),
    c("a", ["ab", "a", "xa"], ["--tac"], expect: ["ab", "a", "xa"]),

    // MARK: Trailing CR: ignored for matching, kept in output
    c("abc$", ["abc\r", "xabc\r", "abcd\r", "abc"], expect: ["abc\r", "xabc\r", "abc"]),
    c("^abc$", ["abc\r", "abc\r\r", "abc\rx"], expect: ["abc\r", "abc\r\r"]),
    // fzf 0.74.5 prints [] here. Docs/Design.md, Items: a trailing CR is ignored for matching, so 'abc \r' ends with 'c '; fzf only skips the CR as white space when the pattern does not end in a space.
    c("c\\ $", ["abc \r", "abc\r"], expect: ["abc \r"], fzfDiffers: true),
    c("!c$", ["abc\r", "abd\r", "c"], expect: ["abd\r"], ordered: true),
    // fzf 0.74.5 prints ["ab\r", "a\rb"] here. Docs/Design.md, Items: a trailing CR is ignored for matching, so it cannot be found; fzf matches it.
    c("'\r", ["a\rb", "ab\r", "ab"], expect: ["a\rb"], fzfDiffers: true),
    // the query is the letter é, valid UTF-8; items hold raw bytes
    c("'été", [.raw(0xFF, "t", 0xFE), .raw(0xE9, "t", 0xE9)], expect: []),
    // fzf 0.74.5 prints ["�t�", "�t�"] here. fzf decodes every invalid byte as U+FFFD, so 0xFF matches 0xE9 (and prints U+FFFD); in pick an invalid byte matches only itself.
    c(.raw("'", 0xE9, "t", 0xE9), [.raw(0xFF, "t", 0xFE), .raw(0xE9, "t", 0xE9)], expect: [.raw(0xE9, "t", 0xE9)], fzfDiffers: true),

    // MARK: Empty lines as items
    c("", ["a", "", "b", ""], expect: ["a", "", "b", ""], ordered: true),
    c("!a", ["a", "", "b", ""], expect: ["", "b", ""], ordered: true),
    c("a", ["", "a", ""], expect: ["a"]),
    c("^", ["", "x"], expect: ["", "x"], ordered: true),

    // MARK: --read0 / --print0
    c("b", ["a\nb", "c", "ab"], ["--read0", "--print0"], expect: ["a\nb", "ab"]),
    c("^b", ["a\nb", "b\nx", "c"], ["--read0", "--print0"], expect: ["b\nx"]),
    c("a$", ["b\na", "a\nb", "c"], ["--read0", "--print0"], expect: ["b\na"]),
    c("", ["x\ny", "", "z"], ["--read0", "--print0"], expect: ["x\ny", "", "z"], ordered: true),
    c("b", ["ab", "cd", "b"], ["--print0"], expect: ["ab", "b"]),
    c("b", ["ab", "cd", "b"], ["--read0"], expect: ["ab", "b"]),
    c("!x", ["a\r", "x"], ["--read0", "--print0"], expect: ["a\r"], ordered: true),
]

@Suite struct QuerySyntaxTests {
  @Test(arguments: queryCases)
  func `filter prints the items fzf 0.74 matches`(_ row: QueryCase) throws {
    try checkAllowingFzfDifference(row.fzfDiffers) { try check(row) }
  }

  private func check(_ row: QueryCase) throws {
    let arguments = [Array("--filter".utf8), row.query.bytes] + row.options.map { Array($0.utf8) }
    let result = try runPick(rawArguments: arguments, stdin: row.input)
    #expect(result.status == row.status, "stderr: \(ByteString(result.stderr))")
    #expect(result.stderr.isEmpty, "stderr: \(ByteString(result.stderr))")
    let printed = try #require(
      result.stdout.records(endedBy: row.outputTerminator),
      "output does not end with its terminator: \(ByteString(result.stdout))")
    if row.ordered {
      #expect(printed == row.expected)
    } else {
      #expect(printed.sorted() == row.expected.sorted())
    }
  }

  /// Command lines that fzf 0.74.5 rejects with status 2 and a message on stderr.
  static let usageErrors: [[String]] = [
    ["--filter", "a", "--bogus"],
    ["--filter", "a", "--no-bogus"],
    ["--filter", "a", "-Z"],
    ["--filter", "a", "extra"],
    ["--filter"],
    ["--filter", "a", "--tiebreak=foo"],
    ["--filter", "a", "--tiebreak="],
    ["--filter", "a", "--scheme=foo"],
    ["--filter", "a", "--scheme"],
    ["--filter", "a", "--nth=0"],
    ["--filter", "a", "--nth=x"],
    ["--filter", "a", "--with-nth=0"],
    ["--filter", "a", "--accept-nth=,"],
    ["--filter", "a", "--delimiter"],
    ["--filter", "a", "--tabstop=0"],
    ["--filter", "a", "--tabstop=x"],
    ["--filter", "a", "--read0=yes"],
    ["--filter", "a", "--exact=1"],
    ["--filter", "a", "-q"],
  ]

  @Test(arguments: usageErrors)
  func `a usage error exits 2 with a message and no output`(_ arguments: [String]) throws {
    let result = try runPick(arguments, stdin: Array("abc\n".utf8))
    #expect(result.status == 2)
    #expect(!result.stderr.isEmpty)
    #expect(result.stdout.isEmpty, "stdout: \(ByteString(result.stdout))")
  }

  @Test func `a match exits 0 and no match exits 1 with empty output`() throws {
    let items = Array("abc\nxyz\n".utf8)
    let matched = try runPick(["--filter", "ab"], stdin: items)
    #expect(matched.status == 0)
    #expect(matched.stdout == Array("abc\n".utf8))
    let unmatched = try runPick(["--filter", "qq"], stdin: items)
    #expect(unmatched.status == 1)
    #expect(unmatched.stdout.isEmpty)
    #expect(unmatched.stderr.isEmpty)
  }

  @Test func `the query may be attached with an equals sign or to -f`() throws {
    let items = Array("abc\nxyz\n".utf8)
    for arguments in [["--filter=ab"], ["-fab"], ["-f", "ab"]] {
      let result = try runPick(arguments, stdin: items)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.stdout == Array("abc\n".utf8), "\(arguments)")
    }
  }

  @Test func `a query that looks like an option is still the query`() throws {
    let result = try runPick(["--filter", "-x"], stdin: Array("a-x\nab\n".utf8))
    #expect(result.status == 0)
    #expect(result.stdout == Array("a-x\n".utf8))
  }
}
