/// pick's version, printed by `--version`.
public enum PickVersion {
  public static let current = "0.1.0"
}
