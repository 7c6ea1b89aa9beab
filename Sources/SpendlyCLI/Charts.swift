/// Terminal charts in Unicode block characters.
enum Charts {
  private static let eighths = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
  private static let sparks = Array("▁▂▃▄▅▆▇█")

  /// A horizontal bar `value / maximum` of `width` cells, in eighths of a cell.
  static func bar(_ value: Int64, of maximum: Int64, width: Int = 24) -> String {
    guard maximum > 0, value > 0 else { return "" }
    let units = Int((Double(value) / Double(maximum) * Double(width * 8)).rounded())
    let cells = max(units, 1)
    var bar = String()
    bar.reserveCapacity(cells / 8 * 3 + 3)
    for _ in 0..<(cells / 8) { bar.unicodeScalars.append("█") }
    bar += eighths[cells % 8]
    return bar
  }

  /// One character per value, scaled between the smallest and the largest.
  /// The values drawn from `bottom` up: a chart's scale only (no figure is shown from it), so
  /// the heights are worked out in floating point and any range of balances draws.
  static func sparkline(_ values: [Int64], above bottom: Int64) -> String {
    let heights = values.map { Double($0) - Double(bottom) }
    guard let top = heights.max(), top > 0 else { return String(repeating: "▁", count: values.count) }
    return String(heights.map { value in sparks[Int((max(value, 0) / top * 7).rounded())] })
  }

  static func sparkline(_ values: [Int64]) -> String {
    guard let top = values.max(), top > 0 else { return String(repeating: "▁", count: values.count) }
    return String(values.map { value in sparks[Int((Double(max(value, 0)) / Double(top) * 7).rounded())] })
  }
}
