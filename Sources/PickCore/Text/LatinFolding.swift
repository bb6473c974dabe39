/// Folding of accented and variant Latin letters to their plain ASCII letter,
/// so that `cafe` finds `café`.
///
/// Only the item side is folded (an accented query letter stays literal, as
/// in fzf), and only Latin letters: `é` → `e`, `Å` → `A`, `ł` → `l`,
/// `ø` → `o`, `đ` → `d`, `ß` → `s`, turned and open forms such as `ɐ` → `a`,
/// and the subscript, superscript and combining Latin small letters. The
/// coverage is that of fzf's `algo/normalize.go` and more: every Latin letter
/// whose Unicode name is a plain letter "WITH" some mark, or carries one of
/// the qualifiers fzf folds (TURNED, OPEN, SCRIPT, ...). Letters that are
/// letters of their own (`æ`, `þ`, insular `ꝺ`) and digraphs (`ǈ`) are left
/// alone. Fullwidth Latin letters (`ｃｏｎｆ`) fold too, as in fzf.
///
/// Case is kept: capitals fold to capitals (`É` → `E`). Small capitals (`ᴀ`)
/// are lowercase letters in Unicode and fold to lowercase, so they match the
/// usual lowercase query (fzf folds them to capitals).
///
/// The table (`LatinFoldingTable`) is generated from the Unicode names by
/// `Docs/tools/generate-text-tables.swift`.
public enum LatinFolding {
  /// The plain ASCII letter `unit` is a variant of, or `unit` itself.
  @inlinable
  public static func base(_ unit: UInt32) -> UInt32 {
    guard unit >= 0x80, unit < LatinFoldingTable.limit else { return unit }
    let block = UInt32(LatinFoldingTable.blocks[Int(unit >> LatinFoldingTable.shift)])
    let letter = LatinFoldingTable.letters[Int(block << LatinFoldingTable.shift | unit & LatinFoldingTable.mask)]
    return letter == 0 ? unit : UInt32(letter)
  }
}
