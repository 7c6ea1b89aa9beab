import SpendlyCore
import Testing

@testable import SpendlyParse

/// `grammar/lexicon/statements.txt`: what bank narrations say a row is, and merchants'
/// abbreviations, as the import reads them.
@Suite("Lexicon: bank narrations and abbreviations")
struct NarrationWordsTests {
  let words = Lexicon.standard.narrationWords

  @Test(arguments: [
    ("ATW-512345XXXXXX6789-S1ANBG23-MUMBAI", NarrationKind.atm), ("ATM WDL 0123 ANDHERI", .atm),
    ("ATL/6789/ICICI ATM", .atm), ("NWD-512345XXXXXX6789-SBI0001", .atm), ("CASH WDL SELF CHQ", .atm),
    ("NEFT DR-ICIC0000123-RAHUL SELF-NETBANK", .selfTransfer), ("Billpay HDFC CREDIT CARD 4242", .cardBill),
    ("ACHDr CARDS AND SE 000123", .cardBill), ("NEFT CR-CITI0000001-ACME CORP-SALARY NOV", .salary),
    ("BY TRANSFER SAL OCT 2026", .salary),
  ])
  func narrationsSayWhatARowIs(_ text: String, _ kind: NarrationKind) {
    #expect(words.kind(of: text) == kind)
  }

  @Test(arguments: [
    "DELTA AIR ATL GA", "UPI-SWIGGY-SWIGGY@ICICI-630712345678", "POS 4521 DMART MUMBAI", "SALONI TRADERS",
    "SELF DRIVE RENTALS PUNE", "BILLPAY BESCOM 000123",
  ])
  func ordinaryRowsSayNothing(_ text: String) {
    #expect(words.kind(of: text) == nil)
  }

  @Test func abbreviatedAndSqueezedNamesAreLikeTheTypedOnes() {
    #expect(words.likeness("WHOLEFDS MKT 10234", "Whole Foods") > 0)
    #expect(words.likeness("AMZN Mktp US*2K4LM1XY2", "Amazon") > 0)
    #expect(words.likeness("BUNDL TECHNOLOGIES", "Swiggy") > 0)
    #expect(words.likeness("Social", "Social") == 3)
    #expect(words.likeness("Bescom", "Amazon Retail") == 0)
    #expect(words.likeness("STARBUCKS STORE 08812", "Whole Foods") == 0)
  }
}
