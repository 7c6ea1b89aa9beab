import Foundation
import Synchronization

/// Reads items on a thread of its own, a few batches ahead of the thread that uses them: a file's
/// rows are parsed on one core while the other validates and stores them. Items come out in
/// order, and the reader's error comes out where it happened, after every item before it; memory
/// stays flat (at most `depth` batches wait). `stop` (or letting go of it) ends the reading at
/// the next item and waits for its thread, so nothing reads on after its user is done.
final class ReadAhead<Item: Sendable> {
  /// What the reading thread and the user share: the waiting batches and how the reading ended.
  private final class Shared: @unchecked Sendable {
    let condition = NSCondition()
    let finished = DispatchSemaphore(value: 0)
    /// Set by `stop`, looked at by the reader after each item.
    let stopping = Atomic<Bool>(false)
    let batchSize: Int
    let depth: Int
    // Under `condition`.
    var waiting: [[Item]] = []
    var ended = false
    var failure: (any Error)?

    init(batchSize: Int, depth: Int) {
      self.batchSize = batchSize
      self.depth = depth
    }

    func read(_ produce: () throws -> Item?) {
      defer { finished.signal() }
      var batch: [Item] = []
      batch.reserveCapacity(batchSize)
      var error: (any Error)?
      do {
        while !stopping.load(ordering: .relaxed), let item = try produce() {
          batch.append(item)
          guard batch.count == batchSize else { continue }
          guard hand(batch) else { return }
          batch = []
          batch.reserveCapacity(batchSize)
        }
      } catch let thrown {
        error = thrown
      }
      if !batch.isEmpty, !hand(batch) { return }
      condition.lock()
      failure = error
      ended = true
      condition.broadcast()
      condition.unlock()
    }

    /// Queues a batch once there is room; false when the user stopped the reading.
    private func hand(_ batch: [Item]) -> Bool {
      condition.lock()
      defer { condition.unlock() }
      while waiting.count >= depth && !stopping.load(ordering: .relaxed) { condition.wait() }
      guard !stopping.load(ordering: .relaxed) else { return false }
      waiting.append(batch)
      condition.broadcast()
      return true
    }
  }

  private let shared: Shared
  private var current: [Item] = []
  private var position = 0
  private var joined = false

  /// Starts reading: `produce` is called on the new thread until it returns nil or throws, or
  /// the reading is stopped.
  init(batchSize: Int = 256, depth: Int = 4, _ produce: @escaping @Sendable () throws -> Item?) {
    precondition(batchSize > 0 && depth > 0, "a read-ahead needs room for a batch")
    let shared = Shared(batchSize: batchSize, depth: depth)
    self.shared = shared
    Thread { shared.read(produce) }.start()
  }

  /// The next item; nil after the last (or once stopped), or the reader's error once the items
  /// before it are out.
  func next() throws -> Item? {
    if position < current.count {
      defer { position += 1 }
      return current[position]
    }
    let shared = self.shared
    shared.condition.lock()
    while shared.waiting.isEmpty && !shared.ended { shared.condition.wait() }
    guard shared.waiting.isEmpty else {
      current = shared.waiting.removeFirst()
      shared.condition.broadcast()
      shared.condition.unlock()
      position = 1
      return current[0]
    }
    let failure = shared.failure
    shared.condition.unlock()
    if let failure { throw failure }
    return nil
  }

  /// Ends the reading (at the item it is making) and waits for its thread; after it, `next`
  /// gives what was already handed over, then nil. Again, it does nothing.
  func stop() {
    guard !joined else { return }
    joined = true
    shared.stopping.store(true, ordering: .relaxed)
    shared.condition.lock()
    shared.condition.broadcast()
    shared.condition.unlock()
    shared.finished.wait()
    shared.condition.lock()
    shared.ended = true
    shared.condition.unlock()
  }

  deinit { stop() }
}
