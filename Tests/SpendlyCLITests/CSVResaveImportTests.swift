import Foundation
import SpendlyTestSupport
import Testing

/// `spendly import` of Spendly's CSV after a spreadsheet saved it with semicolons, a column the
/// person added and empty rows at the end: it imports, and warns of what it ignored.
@Suite("import: a re-saved Spendly CSV")
struct CSVResaveImportTests {
  @Test func aSemicolonFileWithAnAddedColumnImportsWithAWarning() throws {
    let sandbox = try Sandbox()
    let file = sandbox.directory + "/resaved.csv"
    try """
    Date;Time;Type;Amount;Currency;Category;Payment Method;Merchant;Note;Checked
    2026-11-01;10:00;expense;2989,7;INR;Food;UPI;;lunch;yes
    2026-11-02;;income;150000;INR;Salary;Bank Transfer;;;
    ;;;;;;;;;
    ;;;;;;;;;

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try sandbox.run(["import", file])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("2 added"), "\(result.stdout)")
    #expect(result.stderr.contains("column 10 'Checked' is not Spendly's: ignored"), "\(result.stderr)")
    let listed = try sandbox.ok("list")
    #expect(listed.contains("-₹2,989.70") && listed.contains("+₹1,50,000.00"), "\(listed)")
  }
}
