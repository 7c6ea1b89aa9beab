import Foundation
import SpendlyTestSupport
import Testing

/// `spendly report --html` as it looks: every share bar filled to its share of 100%, and a page
/// that fits a phone (cards stacked, every table's columns kept, chart labels of 10 px or more),
/// laid out by headless Chromium at 400 and 1200 px, light and dark.
@Suite("spendly report --html: bars and layout")
struct ReportLayoutTests {
  /// The report of this month on the fixed data set with a budget, a debt and a subscription.
  static func raw(_ sandbox: Sandbox, _ period: [String] = []) throws -> String {
    try ReportHTMLTests.page(sandbox, period).raw
  }

  /// Every group row's share and its bar's width: `[(figure, key, share, width)]`.
  static func bars(_ raw: String) -> [(figure: String, key: String, share: String, width: String)] {
    let row =
      /data-figure="(\w+)_share" data-key="([^"]*)">([^<]*)<\/span><\/td><td class="bar"><div class="meter" aria-hidden="true"><div class="fill" style="width:([^"]*)"/
    return raw.matches(of: row).map { (String($0.1), String($0.2), String($0.3), String($0.4)) }
  }

  @Test func everyShareBarIsAsWideAsItsShare() throws {
    let sandbox = try ReportHTMLTests.world()
    for period in [[], ["2026"], ["2025"]] {
      let raw = try Self.raw(sandbox, period)
      let bars = Self.bars(raw)
      // One bar for every share shown.
      #expect(bars.count == raw.matches(of: /data-figure="\w+_share"/).count, "\(period)")
      #expect(!bars.isEmpty, "\(period)")
      for bar in bars {
        #expect(bar.width == bar.share, "\(period) \(bar.figure) \(bar.key): bar \(bar.width), share \(bar.share)")
      }
    }
    // The known facts: Travel, the largest category, is a third of ₹60,000 (not a full bar), and
    // Social (₹10,000) a sixth.
    let bars = Self.bars(try Self.raw(sandbox))
    #expect(bars.contains { $0 == ("category", "Travel", "33.3%", "33.3%") }, "\(bars)")
    #expect(bars.contains { $0 == ("merchant", "Social", "16.7%", "16.7%") }, "\(bars)")
  }

  @Test func aBudgetsBarIsWhatIsUsedOfItAtMostFull() throws {
    let sandbox = try ReportHTMLTests.world()
    let raw = try Self.raw(sandbox)
    let row = /<tr class="(over|within)"><td>([^<]*)<\/td>.*?<div class="fill( over)?" style="width:([^"]*)"/
    let widths = Dictionary(uniqueKeysWithValues: raw.matches(of: row).map { (String($0.2), String($0.4)) })
    // Food: ₹10,000 of ₹8,000 (over, full); Travel: ₹20,000 of ₹25,000.
    #expect(widths == ["Food": "100.0%", "Travel": "80.0%"], "\(widths)")
    #expect(raw.contains("<div class=\"fill over\" style=\"width:100.0%\">"))
  }

  @Test func theCSSHasThePhoneWidthRules() throws {
    let raw = try Self.raw(try ReportHTMLTests.world())
    let phone = try #require(raw.range(of: "@media (max-width: 600px) {"), "no phone-width rules")
    let rules = String(raw[phone.upperBound...].prefix { $0 != "@" })
    for rule in [
      ".cards { grid-template-columns: minmax(0, 1fr);", "table { font-size: 12px; }",
      "table.budgets tr { display: grid;", "table.budgets tr > :first-child { grid-column: 1 / -1;",
    ] {
      #expect(rules.contains(rule), "\(rule) missing from \(rules)")
    }
    #expect(raw.contains("@media (max-width: 900px) {\n  svg.trend text.wide { display: none; }"))
    #expect(raw.contains("svg.trend text.label { font-size: 10px; }"))
    // The chart is laid out in percentages, so its text is not scaled down with a viewBox.
    #expect(raw.contains("<svg class=\"trend\" width=\"100%\" height=\"260\""))
    #expect(!raw.contains("viewBox"))
  }

  @Test func onAPhoneEveryFewMonthsAreLabelledEndingWithTheLatest() throws {
    let raw = try Self.raw(try ReportHTMLTests.world())
    let labels = raw.matches(of: /<text class="label( wide)?"[^>]*>([^<]*)<\/text>/).map {
      (wide: $0.1 != nil, text: String($0.2))
    }
    #expect(labels.count == 24, "\(labels)")  // twelve months in each of two currencies
    #expect(labels.last?.text == "Nov 2026" && labels.last?.wide == false)
    #expect(labels.filter { !$0.wide }.count >= 3, "\(labels)")
    #expect(labels.filter(\.wide).count >= 6, "\(labels)")
  }

  // MARK: Chromium

  /// Measures the page in an iframe `width` px wide (headless windows are at least 500 px):
  /// its scroll width, the cards' columns, the shown chart labels' rendered sizes, and whether
  /// each table fits its panel.
  static func probe(_ raw: String, width: Int) -> String {
    let attribute = raw.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    return """
      <!DOCTYPE html><html><body style="margin:0">
      <iframe id="f" style="width:\(width)px;height:3000px;border:0" srcdoc="\(attribute)"></iframe>
      <script>
      document.getElementById('f').onload = () => {
        const d = document.getElementById('f').contentDocument, w = d.defaultView;
        const shown = t => w.getComputedStyle(t).display != 'none';
        const size = t => parseFloat(w.getComputedStyle(t).fontSize) * t.getScreenCTM().a;
        const r = {
          width: d.documentElement.scrollWidth, view: w.innerWidth, client: d.documentElement.clientWidth,
          wider: [...d.querySelectorAll('body *')].filter(e =>
            e.getBoundingClientRect().right > d.documentElement.clientWidth + 0.5).map(e => e.tagName).slice(0, 5),
          dark: w.matchMedia('(prefers-color-scheme: dark)').matches,
          cards: [...d.querySelectorAll('.cards')].map(c =>
            new Set([...c.children].map(x => Math.round(x.getBoundingClientRect().left))).size),
          labels: [...d.querySelectorAll('svg.trend text.label')].filter(shown).map(size),
          amounts: [...d.querySelectorAll('svg.trend text.amount')].filter(shown).map(size),
          tables: [...d.querySelectorAll('table')].map(t =>
            t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right + 0.5),
          columns: [...d.querySelectorAll('table')].map(t => t.querySelectorAll('thead th').length)};
        document.body.setAttribute('data-probe', JSON.stringify(r));
      };
      </script></body></html>
      """
  }

  static func chromium(_ arguments: [String], in directory: String) throws -> String {
    let result = try ExportToolsTests.tool(
      ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + arguments, in: directory)
    try #require(result.status == 0, "chromium \(arguments): \(result.err)")
    return result.out
  }

  /// The report laid out by headless Chromium at `width` px (light or dark): what the probe measured.
  static func laidOut(_ raw: String, width: Int, dark: Bool, name: String, in sandbox: Sandbox) throws -> [String: Any]
  {
    let probe = sandbox.directory + "/\(name).html"
    try Self.probe(raw, width: width).write(toFile: probe, atomically: true, encoding: .utf8)
    let dom = try Self.chromium(
      [
        "--blink-settings=preferredColorScheme=\(dark ? 0 : 1)", "--window-size=1300,1400", "--dump-dom",
        "file://" + probe,
      ],
      in: sandbox.directory)
    let found = try #require(dom.firstMatch(of: /data-probe="([^"]*)"/), "no probe in \(dom.prefix(300))")
    let text = String(found.1).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
      of: "&amp;", with: "&")
    return try #require(try json(text) as? [String: Any])
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func chromiumFitsItToAPhoneAndADesktop() throws {
    let sandbox = try ReportHTMLTests.world()
    let raw = try Self.raw(sandbox)
    for (width, dark) in [(400, false), (400, true), (1200, false), (1200, true)] {
      let r = try Self.laidOut(raw, width: width, dark: dark, name: "probe-\(width)", in: sandbox)
      let at = "\(width) px\(dark ? " dark" : "")"
      #expect(r["view"] as? Int == width, "\(at)")
      #expect(r["dark"] as? Bool == dark, "\(at)")
      #expect((r["width"] as? Int ?? .max) <= width, "\(at): the page is \(r["width"] ?? "?") px wide")
      #expect((r["width"] as? Int ?? .max) <= (r["client"] as? Int ?? 0), "\(at): a horizontal scrollbar")
      // Two currencies' cards: stacked on a phone, four across on a desktop.
      #expect(r["cards"] as? [Int] == (width == 400 ? [1, 1] : [4, 4]), "\(at): \(r["cards"] ?? "?")")
      let labels = r["labels"] as? [Double] ?? []
      #expect(labels.count >= (width == 400 ? 6 : 24), "\(at): \(labels)")
      #expect(labels.allSatisfy { $0 >= 10 }, "\(at): labels \(labels)")
      #expect((r["amounts"] as? [Double] ?? []).allSatisfy { $0 >= 8 }, "\(at): amounts \(r["amounts"] ?? "?")")
      #expect((r["tables"] as? [Bool] ?? [false]).allSatisfy { $0 }, "\(at): a table is wider than its panel")
      // Every table keeps its columns: categories, methods, merchants, budgets, upcoming, debts.
      #expect((r["columns"] as? [Int])?.prefix(6) == [4, 4, 4, 7, 4, 6], "\(at): \(r["columns"] ?? "?")")
    }
    // A screenshot at phone width, dark, is a 400 px wide PNG whose first pixel is the dark
    // background (#14171c).
    let shot = sandbox.directory + "/phone.png"
    _ = try Self.chromium(
      [
        "--blink-settings=preferredColorScheme=0", "--screenshot=" + shot, "--window-size=400,1400",
        "file://" + sandbox.directory + "/report.html",
      ], in: sandbox.directory)
    let pixel = try ExportToolsTests.tool(["python3", "-c", Self.firstPixel, shot], in: sandbox.directory)
    #expect(pixel.status == 0, "\(pixel.err)")
    #expect(pixel.out.trimmingCharacters(in: .whitespacesAndNewlines) == "400 20,23,28", "\(pixel.out)")
  }

  /// Long names with no space to break at, a figure of crores and a debt of six columns: at
  /// 320 and 400 px nothing is wider than the page (no horizontal scrollbar), every table fits
  /// its panel, and a name breaks inside its cell.
  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func longNamesFitAPhone() throws {
    let sandbox = try ReportHTMLTests.world()
    let long = "Supercalifragilisticexpialidociousrestaurantandbarbangalore"
    try sandbox.ok(
      "add", "--yes", "--amount", "9999999", "--category", "Shopping", "--method", "UPI", "--merchant", long,
      "--date", "2026-11-20")
    try sandbox.ok(
      "add", "--yes", "--amount", "1250.50", "--category", "Food", "--method", "Cash", "--merchant",
      "Apple Store Phoenix Marketcity Whitefield Bengaluru", "--date", "2026-11-21")
    try sandbox.ok(
      "debts", "add", "Home loan from the State Bank of India", "--balance", "45,00,000", "--apr", "8.5", "--term",
      "240", "--due-day", "5")
    let raw = try Self.raw(sandbox)
    #expect(raw.contains(long))
    for (width, dark) in [(320, false), (400, false), (400, true)] {
      let r = try Self.laidOut(raw, width: width, dark: dark, name: "probe-long-\(width)", in: sandbox)
      let at = "\(width) px\(dark ? " dark" : "")"
      #expect(r["client"] as? Int == width, "\(at)")
      #expect((r["width"] as? Int ?? .max) <= (r["client"] as? Int ?? 0), "\(at): the page scrolls sideways, \(r)")
      #expect((r["wider"] as? [String]) == [], "\(at): wider than the page: \(r["wider"] ?? "?")")
      #expect((r["tables"] as? [Bool] ?? [false]).allSatisfy { $0 }, "\(at): a table is wider than its panel")
    }
  }

  /// Prints a PNG's width and its first pixel's red, green and blue (8-bit RGB or RGBA).
  static let firstPixel = #"""
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    at, idat, width = 8, b'', 0
    while at < len(data):
        length, kind = struct.unpack('>I4s', data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b'IHDR': width, depth, colour = struct.unpack('>I', body[:4])[0], body[8], body[9]
        if kind == b'IDAT': idat += body
        at += 12 + length
    assert depth == 8 and colour in (2, 6)
    row = zlib.decompress(idat)
    # The first pixel of the first row is as stored whatever the row's filter.
    print(width, ','.join(str(b) for b in row[1:4]))
    """#
}
