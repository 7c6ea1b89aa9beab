import Foundation
import SpendlyApp
import SpendlyCore
import SpendlyStore
import Testing

@Suite("BackingUp and Restoring, called directly")
struct BackupRestoreTests {
  @Test func aBackupIsCheckedAndAnExistingFileNeedsForce() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    try world.expense(120, "Transport", day: 3)
    let path = world.path("backup.db")
    let outcome = try BackingUp(session: world.session, request: BackingUp.Request(path: path)).run()
    #expect(outcome.transactions == 2 && outcome.bytes > 0 && outcome.path == path)
    do {
      _ = try BackingUp(session: world.session, request: BackingUp.Request(path: path)).run()
      Issue.record("an existing backup was replaced without force")
    } catch {
      guard case .exists = error else { Issue.record("refused as \(error)"); return }
    }
    var forced = BackingUp.Request(path: path)
    forced.force = true
    #expect(try BackingUp(session: world.session, request: forced).run().transactions == 2)
  }

  @Test func theDatabaseAndAFolderAreNoBackupFile() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    for (path, expected) in [(world.session.databasePath, "database"), (world.sandbox.directory, "folder")] {
      do {
        _ = try BackingUp(session: world.session, request: BackingUp.Request(path: path)).run()
        Issue.record("backed up to the \(expected)")
      } catch {
        switch (error, expected) {
        case (.file(.protected(.database)), "database"), (.file(.isADirectory), "folder"): break
        default: Issue.record("\(expected) refused as \(error)")
        }
      }
    }
  }

  @Test func aRestorePutsTheBackupBackAndKeepsTheDatabaseItReplaced() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    let path = world.path("backup.db")
    _ = try BackingUp(session: world.session, request: BackingUp.Request(path: path)).run()
    try world.expense(999, "Shopping", day: 9)
    let outcome = try Restoring(session: world.session, request: Restoring.Request(path: path)).run()
    #expect(outcome.transactions == 1)
    let kept = try #require(outcome.kept)
    #expect(kept == world.session.databasePath + ".before-restore-20261129-1305")
    #expect(try WorkflowWorld.session(at: kept).store().transactions.count() == 2)
    #expect(try WorkflowWorld.session(at: world.session.databasePath).store().transactions.count() == 1)
  }

  @Test func aFileThatIsNoDatabaseOrNotThereRestoresNothing() throws {
    let world = try WorkflowWorld()
    try world.expense(420, "Food", day: 2)
    let notes = try world.file("notes.db", "not a database at all, only words\n")
    do {
      _ = try Restoring(session: world.session, request: Restoring.Request(path: notes)).run()
      Issue.record("restored words")
    } catch {
      guard case .notADatabase(_, opened: false) = error else { Issue.record("refused as \(error)"); return }
    }
    do {
      _ = try Restoring(session: world.session, request: Restoring.Request(path: world.path("gone.db"))).run()
      Issue.record("restored a missing file")
    } catch {
      guard case .missing = error else { Issue.record("refused as \(error)"); return }
    }
    #expect(try world.count() == 1)
  }
}
