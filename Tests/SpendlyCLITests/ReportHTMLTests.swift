import Foundation
import SpendlyTestSupport
import Testing

/// `spendly report --html`: a page that parses as balanced HTML with nothing fetched or run, whose
/// every figure is the one `dashboard`, `query`, `budget`, `upcoming` and `debts` give.
@Suite("spendly report --html")
struct ReportHTMLTests {
  /// Reads a page with Python's html.parser and checks it strictly: one doctype first, every
  /// element closed in order (void elements aside), no attribute twice, no bare `&`, no script,
  /// no address to fetch; prints the marked figures and the table cells' text as JSON.
  static let reader = #"""
    import json, re, sys
    from html.parser import HTMLParser
    VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr'}
    SVG_EMPTY = {'rect', 'line', 'path', 'circle'}
    FORBIDDEN = {'script', 'iframe', 'object', 'embed', 'img', 'link', 'base', 'form', 'frame', 'audio', 'video'}
    raw = open(sys.argv[1], encoding='utf-8').read()
    errors = []
    if not raw.startswith('<!DOCTYPE html>\n'): errors.append('no doctype first')
    for m in re.finditer(r'&(?!(amp|lt|gt|quot|#39);)', raw): errors.append('bare & at %d' % m.start())
    for word in ('http://', 'https://', 'url(', '@import', 'javascript:'):
        if word in raw.lower(): errors.append('reference: ' + word)
    class Strict(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.stack, self.figures, self.cells, self.capture, self.seen = [], [], [], [], {}
        def handle_decl(self, decl):
            if decl.lower() != 'doctype html': errors.append('declaration ' + decl)
        def start(self, tag, attrs, closed):
            names = [a for a, _ in attrs]
            if len(names) != len(set(names)): errors.append('attribute twice in <%s>' % tag)
            if tag in FORBIDDEN: errors.append('forbidden <%s>' % tag)
            for a, v in attrs:
                if a.startswith('on') or a in ('src', 'href', 'srcset', 'action'): errors.append('attribute %s' % a)
            if 'svg' not in self.stack: self.seen[tag] = self.seen.get(tag, 0) + 1
            d = dict(attrs)
            if 'data-figure' in d: self.capture.append([d, '', len(self.stack)])
            if tag in ('td', 'th'): self.capture.append([{'cell': tag}, '', len(self.stack)])
            if closed:
                if tag not in SVG_EMPTY: errors.append('self-closed <%s/>' % tag)
                self.close_captures()
            elif tag not in VOID:
                self.stack.append(tag)
        def handle_starttag(self, tag, attrs): self.start(tag, attrs, False)
        def handle_startendtag(self, tag, attrs): self.start(tag, attrs, True)
        def handle_endtag(self, tag):
            if tag in VOID: errors.append('end tag for void <%s>' % tag); return
            if not self.stack or self.stack[-1] != tag:
                errors.append('</%s> closes <%s> at %s' % (tag, self.stack[-1] if self.stack else '', self.getpos()))
                return
            self.stack.pop()
            self.close_captures()
        def close_captures(self):
            while self.capture and self.capture[-1][2] >= len(self.stack):
                d, text, _ = self.capture.pop()
                if 'cell' in d: self.cells.append(text.strip())
                else: self.figures.append(dict(d, text=text.strip()))
        def handle_data(self, data):
            for c in self.capture: c[1] += data
    p = Strict()
    p.feed(raw)
    p.close()
    if p.stack: errors.append('unclosed: ' + ' '.join(p.stack))
    for tag in ('html', 'head', 'body', 'title', 'style'):
        if p.seen.get(tag) != 1: errors.append('%s appears %s times' % (tag, p.seen.get(tag, 0)))
    print(json.dumps({'errors': errors, 'figures': p.figures, 'cells': p.cells}))
    """#

  struct Page {
    let errors: [String]
    let figures: [[String: String]]
    let cells: [String]
    let raw: String

    /// The figures named `name` in `currency`'s section.
    func all(_ name: String, _ currency: String = "INR") -> [[String: String]] {
      figures.filter { $0["data-figure"] == name && ($0["data-currency"] == nil || $0["data-currency"] == currency) }
    }

    func one(_ name: String, _ currency: String = "INR", key: String? = nil) -> [String: String]? {
      let found = all(name, currency).filter { key == nil || $0["data-key"] == key }
      return found.count == 1 ? found[0] : nil
    }
  }

  /// Writes the report and reads it back with the strict reader.
  static func page(_ sandbox: Sandbox, _ period: [String] = [], file: String = "report.html") throws -> Page {
    let out = try Self.ok(sandbox, ["report"] + period + ["--html", file])
    #expect(out.hasPrefix("wrote the report ("), "\(out)")
    let path = sandbox.directory + "/" + file
    #expect(try permissions(path) == 0o600)
    let result = try ExportToolsTests.tool(["python3", "-c", reader, path], in: sandbox.directory)
    try #require(result.status == 0, "python3 could not read the page: \(result.err)")
    let read = try #require(try json(result.out) as? [String: Any])
    return Page(
      errors: read["errors"] as? [String] ?? ["no errors list"], figures: read["figures"] as? [[String: String]] ?? [],
      cells: read["cells"] as? [String] ?? [], raw: try String(contentsOfFile: path, encoding: .utf8))
  }

  /// The fixed data set with a dollar expense, a budget, a subscription, a debt, and a merchant
  /// whose name is markup.
  static func world() throws -> Sandbox {
    let sandbox = try QueryCommandTests.fixedDataSet(usd: true)
    try sandbox.ok("budget", "set", "food", "8000")
    try sandbox.ok("budget", "set", "travel", "25000")
    try sandbox.ok("recurring", "add", "--yes", "netflix", "649", "monthly", "from", "2026-12-05", "cc")
    try sandbox.ok(
      "debts", "add", "Car loan", "--balance", "6,00,000", "--apr", "9", "--min", "15000", "--due-day", "5")
    try sandbox.ok(
      "add", "--yes", "--amount", "1", "--category", "Shopping", "--method", "Cash", "--merchant",
      "<script>alert('x')</script> & \"co\"", "--date", "2025-06-01")
    return sandbox
  }

  static func object(_ sandbox: Sandbox, _ arguments: String...) throws -> [String: Any] {
    try #require(try json(ok(sandbox, ["--json"] + arguments)) as? [String: Any])
  }

  /// Runs a command that must succeed quietly on stderr.
  static func ok(_ sandbox: Sandbox, _ arguments: [String]) throws -> String {
    let result = try sandbox.run(arguments)
    #expect(result.status == 0, "spendly \(arguments): \(result.stderr)")
    #expect(result.stderr.isEmpty, "spendly \(arguments): \(result.stderr)")
    return result.stdout
  }

  @Test func thePageIsBalancedHTMLWithNoScriptAndNothingToFetch() throws {
    let sandbox = try Self.world()
    for period in [[], ["last", "month"], ["2026"], ["this", "year"], ["2025"]] {
      let page = try Self.page(sandbox, period)
      #expect(page.errors.isEmpty, "\(period): \(page.errors)")
      #expect(!page.raw.lowercased().contains("<script"))
      #expect(page.raw.contains("@media (prefers-color-scheme: dark)"))
      #expect(page.raw.contains("@media print"))
      #expect(page.raw.contains("<svg"))
    }
  }

  @Test func theSummaryCardsAreTheDashboardsFigures() throws {
    let sandbox = try Self.world()
    let page = try Self.page(sandbox)
    #expect(page.errors.isEmpty, "\(page.errors)")
    let dashboard = try Self.object(sandbox, "dashboard")
    let text = try sandbox.ok("dashboard")
    let query = try Self.object(sandbox, "query", "savings this month")
    let totals = try #require(dashboard["totals"] as? [[String: Any]])
    let queried = try #require(query["totals"] as? [[String: Any]])
    #expect(totals.count == 2)
    for total in totals {
      let code = try #require(total["currency"] as? String)
      let asked = try #require(queried.first { $0["currency"] as? String == code })
      for name in ["income", "expenses", "savings"] {
        let figure = try #require(page.one(name, code), "\(code) \(name) in \(page.all(name, code))")
        let minor = (total[name] as? [String: Any])?["amount_minor"] as? Int
        #expect(figure["data-minor"].flatMap { Int($0) } == minor, "\(code) \(name)")
        let key = name == "expenses" ? "spent" : name
        #expect((asked[key] as? [String: Any])?["amount_minor"] as? Int == minor, "\(code) \(name) by query")
        #expect(text.contains("\(name)  ") && text.contains(figure["text"] ?? "?"), "\(figure) not in \(text)")
      }
      #expect(page.one("savings_rate", code)?["text"] == total["savings_rate"] as? String ?? "—")
    }
    // PRODUCT.md's known facts.
    #expect(page.one("income")?["text"] == "₹1,50,000.00")
    #expect(page.one("expenses")?["text"] == "₹60,000.00")
    #expect(page.one("savings")?["text"] == "₹90,000.00")
    #expect(page.one("savings_rate")?["text"] == "60%")
    #expect(page.one("expenses", "USD")?["text"] == "$12.62")
  }

  @Test func breakdownsAreTheQuestionsFigures() throws {
    let sandbox = try Self.world()
    let page = try Self.page(sandbox)
    let questions = [
      ("category", "by category this month"), ("method", "by method this month"),
      ("merchant", "top 10 merchants this month"),
    ]
    for (name, question) in questions {
      let answer = try Self.object(sandbox, "query", question)
      let groups = try #require(answer["groups"] as? [[String: Any]])
      #expect(!groups.isEmpty)
      for code in ["INR", "USD"] {
        let expected = groups.filter { $0["currency"] as? String == code }
        #expect(page.all(name, code).count == expected.count, "\(name) \(code): \(page.all(name, code))")
        for group in expected {
          let key = try #require(group["key"] as? String)
          let figure = try #require(page.one(name, code, key: key), "\(name) \(key)")
          #expect(figure["data-minor"].flatMap { Int($0) } == group["amount_minor"] as? Int, "\(name) \(key)")
          let shares = page.all(name + "_share", code).filter { $0["data-key"] == key }
          #expect(shares.contains { $0["text"] == group["share"] as? String }, "\(name) \(key) share")
        }
      }
    }
    // The known facts: Travel is a third of ₹60,000.
    #expect(page.one("category", key: "Travel")?["text"] == "₹20,000.00")
    #expect(page.all("category_share").contains { $0["data-key"] == "Travel" && $0["text"] == "33.3%" })
  }

  @Test func theTrendIsTheMonthlyQuestionsFigures() throws {
    let sandbox = try Self.world()
    let page = try Self.page(sandbox, ["2026"])
    let answer = try Self.object(sandbox, "query", "monthly 2026")
    let groups = try #require(answer["groups"] as? [[String: Any]]).filter { $0["currency"] as? String == "INR" }
    let months = page.all("month")
    #expect(months.map { $0["data-key"] } == groups.map { $0["key"] as? String }, "\(months)")
    #expect(months.map { $0["data-minor"].flatMap { Int($0) } } == groups.map { $0["amount_minor"] as? Int })
    #expect(months.count == 11)  // Jan to Nov 2026, so far
    // A one-month period shows the twelve months up to it.
    let monthly = try Self.page(sandbox).all("month")
    #expect(monthly.count == 12)
    #expect(monthly.first?["data-key"] == "2025-12")
    #expect(monthly.suffix(2).map { $0["data-minor"] } == ["5000000", "6000000"])
  }

  @Test func budgetsSubscriptionsAndDebtsAreTheirCommandsFigures() throws {
    let sandbox = try Self.world()
    let page = try Self.page(sandbox)
    let budgets = try #require(try Self.object(sandbox, "budget")["budgets"] as? [[String: Any]])
    #expect(budgets.count == 2)
    for budget in budgets {
      let key = try #require(budget["category"] as? String)
      for field in ["limit", "spent", "left"] {
        #expect(
          page.one("budget_" + field, key: key)?["data-minor"].flatMap { Int($0) } == budget[field + "_minor"] as? Int,
          "\(key) \(field)")
      }
    }
    #expect(page.one("budget_spent", key: "Food")?["text"] == "₹10,000.00")
    #expect(page.one("budget_left", key: "Food")?["text"] == "-₹2,000.00")
    let upcoming = try #require(try Self.object(sandbox, "upcoming")["occurrences"] as? [[String: Any]])
    #expect(upcoming.count == 1)
    #expect(
      page.all("upcoming").map { $0["data-minor"] } == upcoming.map { ($0["amount_minor"] as? Int).map(String.init) })
    #expect(page.one("subscriptions_monthly")?["text"] == "₹649.00")
    let debts = try #require(try Self.object(sandbox, "debts")["debts"] as? [[String: Any]])
    #expect(
      page.one("debt_balance", key: "Car loan")?["data-minor"].flatMap { Int($0) } == debts.first?["balance_minor"]
        as? Int)
    #expect(page.one("debt_balance", key: "Car loan")?["text"] == "₹6,00,000.00")
  }

  @Test func namesAreTextNotMarkup() throws {
    let sandbox = try Self.world()
    let page = try Self.page(sandbox, ["2025"])
    #expect(page.errors.isEmpty, "\(page.errors)")
    let name = "<script>alert('x')</script> & \"co\""
    #expect(page.cells.contains(name), "\(page.cells)")
    #expect(page.raw.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;co&quot;"))
    #expect(page.one("merchant", key: name)?["text"] == "₹1.00")
  }

  @Test func withoutHTMLOrWithNoPeriodItRefusesAndWritesNothing() throws {
    let sandbox = try Self.world()
    let bare = try sandbox.run(["report"])
    #expect(bare.status == 64)
    #expect(bare.stderr.contains("--html FILE"), "\(bare.stderr)")
    let filtered = try sandbox.run(["report", "food", "last", "month", "--html", "food.html"])
    #expect(filtered.status != 0)
    #expect(filtered.stderr.contains("no period"), "\(filtered.stderr)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory + "/food.html"))
    // '-' is stdout: the page, and nothing else.
    let out = try sandbox.ok("report", "--html", "-")
    #expect(out.hasPrefix("<!DOCTYPE html>\n") && out.hasSuffix("</html>\n"))
    let written = try #require(try Self.object(sandbox, "report", "last", "month", "--html", "oct.html"))
    #expect(written["file"] as? String == "oct.html")
    #expect((written["period"] as? [String: Any])?["from"] as? String == "2026-10-01")
  }
}
