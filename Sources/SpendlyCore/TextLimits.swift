/// How long stored text may be, in characters: the one place these limits are written.
public enum TextLimits {
  public static let merchant = 200
  public static let note = 2000
  /// No stored text is longer than this, so a file's value past it is refused while the file is read.
  public static let field = 2000
  /// A value of more UTF-8 bytes than this has more than `field` characters (a character is at
  /// least one byte; 4 allows any): readers compare bytes, before any text is built.
  public static let fieldBytes = 4 * field

  /// The reason given for a value past `field`.
  public static let tooLong = "is longer than \(field) characters"
}
