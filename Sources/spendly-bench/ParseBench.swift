/// Parse throughput with many known merchants in history (filled in by the phrase issue).
enum ParseBench {
  static func run(_ arguments: [String]) {
    print("parse bench: not written yet")
  }
}
