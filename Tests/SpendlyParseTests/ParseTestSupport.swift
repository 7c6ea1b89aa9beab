import SpendlyCore
import SpendlyParse

/// A history held in memory, keyed case-insensitively, for tests.
struct TestHistory: MerchantHistory {
  var merchants: [String: (name: String, category: String, method: String)] = [:]

  mutating func add(_ name: String, category: String, method: String) {
    merchants[name.lowercased()] = (name, category, method)
  }

  func knownMerchant(_ name: String) -> String? { merchants[name.lowercased()]?.name }

  func lastUse(of merchant: String) -> (category: String, method: String)? {
    merchants[merchant.lowercased()].map { ($0.category, $0.method) }
  }

  /// Fields corrected in review, by merchant (lower case).
  var corrections: [String: [MerchantCorrection.Field: String]] = [:]

  func merchantUse(_ name: String) -> MerchantUse? {
    guard let known = merchants[name.lowercased()] else { return nil }
    return MerchantUse(
      merchant: known.name, category: known.category, method: known.method,
      corrected: corrections[name.lowercased()] ?? [:])
  }
}

/// The repository's root, found from this file's path (Tests/SpendlyParseTests/…).
func repositoryRoot(_ file: String = #filePath) -> String {
  var parts = file.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)
  return parts.joined(separator: "/")
}

/// Reads a whole text file with the C library (no Foundation needed).
func readText(_ path: String) -> String? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
