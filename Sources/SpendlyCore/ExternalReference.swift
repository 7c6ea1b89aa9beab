/// A bank's reference for a statement row, with its ordinal when one file gives the same
/// reference to several rows (the second is 2, the third 3): one value, written once as the
/// text the store keeps ("ref", "ref#2") and read back from it.
public struct ExternalReference: Hashable, Sendable, CustomStringConvertible {
  /// The reference as the file gives it.
  public var reference: String
  /// 1 for the first row with it in a file; more for each repeat.
  public var ordinal: Int

  public init(_ reference: String, ordinal: Int = 1) {
    self.reference = reference
    self.ordinal = ordinal
  }

  /// From the stored text: "ref#2" is the second "ref"; anything else is a first.
  public init(stored text: String) {
    let parts = text.split(separator: "#", omittingEmptySubsequences: false)
    if parts.count == 2, !parts[0].isEmpty, let ordinal = Int(parts[1]), ordinal >= 2, String(ordinal) == parts[1] {
      self.init(String(parts[0]), ordinal: ordinal)
    } else {
      self.init(text)
    }
  }

  /// The text the store keeps: the reference, with "#n" for a repeat.
  public var stored: String { ordinal == 1 ? reference : "\(reference)#\(ordinal)" }

  public var description: String { stored }
}
