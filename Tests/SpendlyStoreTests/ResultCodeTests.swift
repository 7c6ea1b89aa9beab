import Foundation
import SpendlyCore
import Testing

@testable import SpendlyStore

/// SQLite's result codes by name: an extended code matches itself and its primary code, so a
/// UNIQUE refusal reads as `constraintUnique` and as `constraint`, and never as `busy`.
@Suite("ResultCode")
struct ResultCodeTests {
  @Test func extendedCodesMatchTheirPrimaryCode() {
    #expect(ResultCode.constraintUnique.matches(.constraint))
    #expect(ResultCode.constraintUnique.matches(.constraintUnique))
    #expect(!ResultCode.constraintUnique.matches(.constraintPrimaryKey))
    #expect(!ResultCode.constraint.matches(.constraintUnique))
    #expect(!ResultCode.busy.matches(.constraint))
    #expect(ResultCode(rawValue: 261).matches(.busy))  // SQLITE_BUSY_RECOVERY
  }

  @Test(arguments: Location.allCases)
  func aDuplicateNameIsAUniqueRefusal(_ location: Location) throws {
    try withStore(location) { store, _ in
      do {
        try store.database.run("INSERT INTO categories(name, side) VALUES ('food', 'expense')")
        Issue.record("the UNIQUE index must refuse a second Food")
      } catch let error as DatabaseError {
        #expect(error.resultCode.matches(.constraintUnique), "\(error)")
        #expect(error.resultCode.primary == .constraint)
      }
      // Through the store it is the person's one-line error.
      guard
        case .duplicateName("category", "FOOD")? = storeError({
          try store.catalog.addCategory("FOOD", side: .expense, aliases: [])
        })
      else {
        Issue.record("a taken name must be refused as taken")
        return
      }
    }
  }
}
