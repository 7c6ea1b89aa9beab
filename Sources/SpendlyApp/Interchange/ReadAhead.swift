import Foundation

/// Reads items on a thread of its own, a few batches ahead of the thread that uses them: a file's
/// rows are parsed on one core while the other validates and stores them. Items come out in
/// order, and the reader's error comes out where it happened, after every item before it; memory
/// stays flat (at most `depth` batches wait). `stop` ends the reading early and waits for its
/// thread, so nothing reads on after the user of the items returns.
final class ReadAhead<Item: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private let finished = DispatchSemaphore(value: 0)
  private let batchSize: Int
  private let depth: Int
  // Shared with the reading thread, under `condition`.
  private var waiting: [[Item]] = []
  private var ended = false
  private var failure: (any Error)?
  private var stopped = false
  // The user's own.
  private var current: [Item] = []
  private var position = 0
  private var joined = false

  /// Starts reading: `produce` is called on the new thread until it returns nil or throws.
  init(batchSize: Int = 256, depth: Int = 4, _ produce: @escaping @Sendable () throws -> Item?) {
    self.batchSize = batchSize
    self.depth = depth
    let thread = Thread { [self] in read(produce) }
    thread.start()
  }

  private func read(_ produce: () throws -> Item?) {
    defer { finished.signal() }
    var batch: [Item] = []
    batch.reserveCapacity(batchSize)
    var error: (any Error)?
    do {
      while let item = try produce() {
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
    while waiting.count >= depth && !stopped { condition.wait() }
    guard !stopped else { return false }
    waiting.append(batch)
    condition.broadcast()
    return true
  }

  /// The next item; nil after the last, or the reader's error once the items before it are out.
  func next() throws -> Item? {
    if position < current.count {
      defer { position += 1 }
      return current[position]
    }
    condition.lock()
    while waiting.isEmpty && !ended { condition.wait() }
    guard waiting.isEmpty else {
      current = waiting.removeFirst()
      condition.broadcast()
      condition.unlock()
      position = 1
      return current[0]
    }
    let failure = self.failure
    condition.unlock()
    if let failure { throw failure }
    return nil
  }

  /// Ends the reading (where it has got to) and waits for its thread; again, does nothing.
  func stop() {
    guard !joined else { return }
    joined = true
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
    finished.wait()
  }

  deinit { stop() }
}
