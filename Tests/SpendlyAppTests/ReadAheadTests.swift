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

  /// The reader fails while whole batches still wait (the test waits until it has got there),
  /// so the error must come out behind them.
  @Test(arguments: [1, 8, 9, 20])
  func theReadersErrorComesAfterEveryItemBeforeIt(_ failing: Int) throws {
    let counter = Counter()
    let items = ReadAhead<Int>(batchSize: 8, depth: 2) { try counter.next(upTo: 10_000, failingAt: failing) }
    defer { items.stop() }
    // At most two batches wait and one is being made: the reader gets to item 20 before the first `next`.
    // A reader that never gets there fails the test after 30 s instead of hanging it.
    let deadline = ContinuousClock.now + .seconds(30)
    while counter.made.load(ordering: .sequentiallyConsistent) < failing, ContinuousClock.now < deadline {}
    try #require(counter.made.load(ordering: .sequentiallyConsistent) >= failing, "the reader stopped short")
    var seen: [Int] = []
    #expect(throws: Failure(at: failing)) {
      while let item = try items.next() { seen.append(item) }
    }
    #expect(seen == Array(1..<failing))
    #expect(throws: Failure(at: failing)) { try items.next() }
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
    // What was handed over before the stop, then the end; never a wait for more.
    var after = 0
    while try items.next() != nil { after += 1 }
    #expect(after <= 7 + 8 * 2)
  }

  /// Says when it is let go of: by the reading thread, once that thread has ended.
  final class Probe: Sendable {
    let gone: DispatchSemaphore
    init(_ gone: DispatchSemaphore) { self.gone = gone }
    deinit { gone.signal() }
  }

  /// Let go of without `stop`, it stops the reading itself and waits for its thread: the thread
  /// ends and lets go of what it reads with. Without the stop it would wait for room forever,
  /// holding the probe, and the wait below would time out.
  @Test func lettingGoStopsTheReading() throws {
    let counter = Counter()
    let gone = DispatchSemaphore(value: 0)
    do {
      let probe = Probe(gone)
      let items = ReadAhead<Int>(batchSize: 8, depth: 2) {
        _ = probe
        return try counter.next(upTo: 1_000_000)
      }
      #expect(try items.next() == 1)
    }
    #expect(gone.wait(timeout: .now() + 30) == .success, "the reading thread still holds what it reads with")
    #expect(counter.made.load(ordering: .sequentiallyConsistent) <= 8 * 4)
  }
}
