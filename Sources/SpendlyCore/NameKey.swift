/// A name as Spendly compares it: lowercased (Unicode, not ASCII only) and in Unicode's composed
/// form (NFC), so "Café", "CAFÉ" and "cafe\u{301}" are one name. The store keeps this key beside
/// every category, method, account, alias, debt and merchant (the `*_key` columns, filled by the
/// SQL function `spendly_name_key`, which is this), so Swift and SQL can never disagree.
public struct NameKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The folded text, as stored in the `*_key` columns.
  public let text: String

  public init(_ name: String) {
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      text = Self.foldedASCII(name.utf8)
    } else {
      // The standard library's own NFC (what String equality compares), so the stored bytes
      // agree with Swift's `==`; no Foundation in Core.
      text = String(decoding: name.lowercased()._nfcCodeUnits, as: UTF8.self)
    }
  }

  /// The key of a name given as UTF-8 bytes (a lexicon's words): an ASCII name is folded as its
  /// bytes are copied, with no String made first. (An array, not any collection: a generic
  /// public initializer would run unspecialised from another module.)
  public init(utf8 bytes: [UInt8]) {
    if bytes.allSatisfy({ $0 < 0x80 }) {
      text = Self.foldedASCII(bytes)
    } else {
      text = NameKey(String(decoding: bytes, as: UTF8.self)).text
    }
  }

  /// ASCII, the common case: already composed; only A-Z fold. Folded straight into the key's
  /// own storage (every stored merchant is keyed here).
  private static func foldedASCII(_ bytes: some Collection<UInt8>) -> String {
    String(unsafeUninitializedCapacity: bytes.count) { buffer in
      var count = 0
      for byte in bytes {
        buffer[count] = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
        count += 1
      }
      return count
    }
  }

  /// Whether two names are one name.
  public static func same(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): true
    case (let a?, let b?): NameKey(a) == NameKey(b)
    default: false
    }
  }

  public static func < (a: NameKey, b: NameKey) -> Bool { Array(a.text.utf8).lexicographicallyPrecedes(b.text.utf8) }

  public var description: String { text }

  /// Whether the name begins with `prefix` (both as keys).
  public func hasPrefix(_ prefix: NameKey) -> Bool { text.utf8.starts(with: prefix.text.utf8) }
}
