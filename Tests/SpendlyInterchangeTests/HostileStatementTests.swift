import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyInterchange

/// Files made to break the readers: deep nesting, huge fields, control characters in values.
@Suite("Statement readers on hostile files")
struct HostileStatementTests {
  static func fixture(_ name: String) throws -> String {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: StatementFormatTests.folder + "/" + name)))
    return TextDecoding.text(bytes)
  }

  static func failure(_ body: () throws -> Void) -> StatementError? {
    do {
      try body()
      return nil
    } catch {
      return error as? StatementError
    }
  }

  @Test func deepNestingIsRefusedNotACrash() throws {
    let ofx = try Self.fixture("hdfc-savings-nov.ofx")
    let head = String(ofx[..<ofx.range(of: "<OFX>")!.upperBound])
    let sgml = Self.failure { _ = try OFXFormat.read(head + String(repeating: "<A>", count: 30_000)) }
    #expect(sgml?.message == "nested too deeply (more than 64 levels)")
    // Inside a <STMTTRN>, where freeing the tree crashed too.
    let inside = ofx.replacingOccurrences(of: "<STMTTRN>", with: "<STMTTRN>" + String(repeating: "<B>", count: 30_000))
    #expect(Self.failure { _ = try OFXFormat.read(inside) }?.message.contains("nested too deeply") == true)
    let camt = try Self.fixture("sbi-nov.camt.xml")
    let deep = camt.replacingOccurrences(
      of: "<Ntry>", with: String(repeating: "<A>", count: 50_000) + String(repeating: "</A>", count: 50_000) + "<Ntry>")
    #expect(Self.failure { _ = try CAMTFormat.read(deep) }?.message.contains("nested too deeply") == true)
    // A tree deep in itself (built by hand) is searched and freed without recursion.
    var node = MarkupNode(name: "R", line: 1)
    let root = node
    for _ in 0..<200_000 {
      let child = MarkupNode(name: "A", line: 1)
      node.children.append(child)
      node = child
    }
    node.children.append(MarkupNode(name: "X", line: 2))
    #expect(root.descendants("X").count == 1)
  }

  @Test func aHugeValueIsQuotedShortAndOnOneLine() throws {
    let ofx = try Self.fixture("hdfc-savings-nov.ofx")
    let currency = ofx.replacingOccurrences(of: "<CURDEF>INR", with: "<CURDEF>" + String(repeating: "X", count: 1_000))
    let message = try #require(Self.failure { _ = try OFXFormat.read(currency) }?.message)
    #expect(message.count < 120, "\(message.count) characters")
    let amount = ofx.replacingOccurrences(of: "<TRNAMT>-", with: "<TRNAMT>12\r\u{1B}[2J3-")
    let line = try #require(Self.failure { _ = try OFXFormat.read(amount) }?.message)
    #expect(!line.contains("\r") && !line.contains("\n") && !line.contains("\u{1B}"), "\(line)")
  }

  /// A mapping's column missing from a wide header names a few of the header's columns, each
  /// short, not the whole header.
  @Test func aMissingColumnListsTheHeaderShort() throws {
    var mapping = BankCSVMapping()
    mapping.date = "Date"
    mapping.amount = "Amount"
    let header = ["Txn Date"] + (1...500).map { "Column \($0) " + String(repeating: "w", count: 80) }
    let text = header.joined(separator: ",") + "\n2026-11-01,1\n"
    let message = try #require(Self.failure { _ = try BankCSVFormat.read(text, mapping: mapping, currency: .inr) }?.message)
    #expect(message.count < 400, "\(message.count) characters: \(message)")
    #expect(message.contains("'Txn Date'") && message.contains("and 493 more"), "\(message)")
  }

  /// A statement's amount that does not read says why, in the amount reader's one wording.
  @Test func aBadAmountSaysWhy() throws {
    let ofx = try Self.fixture("hdfc-savings-nov.ofx")
    let decimals = ofx.replacingOccurrences(of: "<TRNAMT>-420.00", with: "<TRNAMT>-420.001")
    let tooFine = try #require(Self.failure { _ = try OFXFormat.read(decimals) }?.message)
    #expect(tooFine.contains("has more than 2 decimal places for INR"), "\(tooFine)")
    var mapping = BankCSVMapping()
    mapping.date = "Date"
    mapping.amount = "Amount"
    let huge = try #require(
      Self.failure {
        _ = try BankCSVFormat.read("Date,Amount\n2026-11-01,999999999999999999999.00\n", mapping: mapping, currency: .inr)
      }?.message)
    #expect(huge == "amount '999999999999999999999.00' is too large (at most 17 digits)", "\(huge)")
    let word = try #require(
      Self.failure { _ = try BankCSVFormat.read("Date,Amount\n2026-11-01,lots\n", mapping: mapping, currency: .inr) }?
        .message)
    #expect(word == "amount 'lots' is not an amount", "\(word)")
  }

  @Test func aFieldPastTheLimitIsRefusedWhileReading() throws {
    let ofx = try Self.fixture("hdfc-savings-nov.ofx")
    let payee = ofx.replacingOccurrences(of: "<NAME>", with: "<NAME>" + String(repeating: "P", count: 3_000_000))
    let clock = ContinuousClock()
    var message: String?
    let took = clock.measure { message = Self.failure { _ = try OFXFormat.read(payee) }?.message }
    #expect(message == "NAME is longer than 2000 characters")
    #expect(took < .seconds(5))
    var reader = CSVReader("a,b\n1,\"" + String(repeating: "x", count: 100_000) + "\"\n")
    _ = reader.next()
    let next = reader.next()
    let row = try #require(next)
    #expect(reader.oversizedField == 2 && row.fields[1].utf8.count == TextLimits.fieldBytes)
  }
}
