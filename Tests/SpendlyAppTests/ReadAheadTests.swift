import Foundation
import Synchronization
import Testing

@testable import SpendlyApp

/// Items read on a thread of their own come out in order, the reader's error after every item
/// before it, and stopping early ends the reading thread.
@Suite("ReadAhead: a reading thread a few batches ahead")
struct ReadAheadTests {
  struct Failure: Error, Equatable { let at: Int }

  /// Counts the items made, from the reading thread.
  final class Counter: Sendable {
    let made = Atomic<Int>(0)
    func next(upTo last: Int, failingAt failure: Int? = nil) throws -> Int? {
      let item = made.add(1, ordering: .sequentiallyConsistent).newValue
      if item == failure { throw Failure(at: item) }
      return item <= last ? item : nil
    }
  }

  @Test(arguments: [0, 1, 7, 8, 9, 1_000])
  func itemsComeOutInOrderAndEnd(_ count: Int) throws {
    let counter = Counter()
    let items = ReadAhead<Int>(batchSize: 8, depth: 2) { try counter.next(upTo: count) }
    defer { items.stop() }
    var seen: [Int] = []
    while let item = try items.next() { seen.append(item) }
    #expect(seen == Array(0..<count).map { $0 + 1 })
    #expect(try items.next() == nil)
  }

  @Test(arguments: [1, 8, 9, 500])
  func theReadersErrorComesAfterEveryItemBeforeIt(_ failing: Int) throws {
    let counter = Counter()
    let items = ReadAhead<Int>(batchSize: 8, depth: 2) { try counter.next(upTo: 10_000, failingAt: failing) }
    defer { items.stop() }
    var seen: [Int] = []
    #expect(throws: Failure(at: failing)) {
      while let item = try items.next() { seen.append(item) }
    }
    #expect(seen == Array(1..<failing))
  }

  /// Stopped after a few items, the thread stops reading (at most the batches that fit, and the
  /// one it was making), and `stop` returns once it has ended, however often it is called.
  @Test func stoppingEarlyEndsTheReading() throws {
    let counter = Counter()
    let items = ReadAhead<Int>(batchSize: 8, depth: 2) { try counter.next(upTo: 1_000_000) }
    #expect(try items.next() == 1)
    items.stop()
    let made = counter.made.load(ordering: .sequentiallyConsistent)
    #expect(made <= 8 * 4)
    items.stop()
    #expect(counter.made.load(ordering: .sequentiallyConsistent) == made)
  }
}
