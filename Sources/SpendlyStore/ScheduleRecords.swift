import SpendlyCore

/// Schedules (subscriptions and income sources) with their price changes and skipped
/// occurrences; each change is one entry in the change log. Occurrences are never stored.
public struct ScheduleRecords: RecordFamily {
  let store: Store
}

extension Store {
  /// Recurring charges and income.
  public var schedules: ScheduleRecords { ScheduleRecords(store: self) }
}

extension ScheduleRecords {
  /// Every schedule, in the order they were added.
  public func all() throws(StoreError) -> [Schedule] { try read(nil) }

  public func schedule(id: Int64) throws(StoreError) -> Schedule? { try read(id).first }

  private func read(_ id: Int64?) throws(StoreError) -> [Schedule] {
    try reading {
      let filter = id == nil ? "" : "WHERE s.id = ?"
      let values: [SQLValue] = id.map { [.integer($0)] } ?? []
      var prices: [Int64: [Schedule.PriceChange]] = [:]
      for row in try database.rows(
        "SELECT schedule_id, from_date, amount FROM schedule_prices \(id == nil ? "" : "WHERE schedule_id = ?") ORDER BY id",
        values)
      {
        let reader = RowReader(row: row, name: "price change of schedule #\(row.text(0) ?? "?")")
        prices[try reader.integer(0, "schedule_id"), default: []].append(
          Schedule.PriceChange(from: try reader.date(1, "from_date"), minorUnits: try reader.integer(2, "amount")))
      }
      var skips: [Int64: Set<LocalDate>] = [:]
      for row in try database.rows(
        "SELECT schedule_id, date FROM schedule_skips \(id == nil ? "" : "WHERE schedule_id = ?")", values)
      {
        let reader = RowReader(row: row, name: "skip of schedule #\(row.text(0) ?? "?")")
        skips[try reader.integer(0, "schedule_id"), default: []].insert(try reader.date(1, "date"))
      }
      return try database.rows(
        """
        SELECT s.id, s.kind, s.amount, s.currency, c.name, m.name, s.name, s.note, s.cadence, s.anchor, s.end_date,
          s.paused_since
        FROM schedules s JOIN categories c ON c.id = s.category_id JOIN methods m ON m.id = s.method_id
        \(filter) ORDER BY s.id
        """, values
      ).map { row in
        let reader = RowReader(row: row, name: "schedule #\(row.text(0) ?? "?")")
        let id = try reader.integer(0, "id")
        let currency = try reader.currency(3, "currency")
        let fields = TransactionFields(
          kind: try reader.required(1, "kind", "expense or income") { Kind(rawValue: $0) },
          amount: Money(minorUnits: try reader.integer(2, "amount"), currency: currency),
          category: try reader.text(4, "category"), method: try reader.text(5, "method"),
          merchant: try reader.text(6, "name"), note: row.text(7), date: try reader.date(9, "anchor"))
        return Schedule(
          id: id, fields: fields,
          cadence: try reader.required(8, "cadence", "a cadence") { Cadence(rawValue: $0) },
          end: try reader.optionalDate(10, "end_date"), pausedSince: try reader.optionalDate(11, "paused_since"),
          prices: prices[id] ?? [], skips: skips[id] ?? [])
      }
    }
  }

  /// Adds a schedule: `fields` is what each occurrence records, its date the anchor (the name
  /// is the merchant, else the note, else the category). Validated as a transaction is.
  @discardableResult
  public func add(_ fields: TransactionFields, cadence: Cadence, end: LocalDate? = nil) throws(StoreError) -> Schedule {
    let resolved = try validated(fields)
    let fields = Self.named(resolved.fields)
    if let end, end < fields.date {
      throw .invalid(ValidationError(field: "end", value: end.description, reason: "is before the first date"))
    }
    if let same = try all().first(where: {
      NameKey.same($0.name, fields.merchant) && $0.cadence == cadence && $0.anchor == fields.date
        && $0.fields.amount == fields.amount && $0.kind == fields.kind
    }) {
      throw .invalid(
        ValidationError(
          field: "schedule", value: fields.merchant ?? "", reason: "is the same as #\(same.id)",
          seeAlso: .recurring
        ))
    }
    func fact(_ id: Int64?, linked: Int) -> ChangeFact {
      .scheduleAdded(
        id: id, kind: fields.kind.rawValue, name: fields.merchant!, amount: MoneyFact(fields.amount),
        cadence: cadence.rawValue, from: fields.date.description, linked: linked)
    }
    let id = try change(.addSchedule, fact: fact(nil, linked: 0)) { log in
      guard let category = resolved.category else {
        throw StoreError.invalid(ValidationError(field: "kind", value: "transfer", reason: "cannot recur"))
      }
      try log.db.run(
        """
        INSERT INTO schedules(kind, amount, currency, category_id, method_id, name, note, cadence, anchor, end_date)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          .text(fields.kind.rawValue), .integer(fields.amount.minorUnits), .text(fields.amount.currency.code),
          .integer(category.rawValue), .integer(resolved.method.rawValue), SQLValue(fields.merchant),
          SQLValue(fields.note),
          .text(cadence.rawValue), .text(fields.date.description), SQLValue(end?.description),
        ])
      let id = log.db.lastInsertRowID
      try log.inserted(.schedules, key: .integer(id))
      let linked = try link(log, Schedule(id: id, fields: fields, cadence: cadence, end: end))
      try log.record(fact(id, linked: linked))
      return id
    }
    return try schedule(id: id)!
  }

  /// What adding a schedule of `fields` would link: the entries already stored that are its
  /// charges (see `storedCharges(of:)`).
  public func storedCharges(adding fields: TransactionFields, cadence: Cadence, end: LocalDate? = nil)
    throws(StoreError) -> [(id: Int64, occurrence: LocalDate)]
  {
    let fields = Self.named(try validated(fields).fields)
    return try storedCharges(of: Schedule(id: 0, fields: fields, cadence: cadence, end: end))
  }

  /// A schedule is named by its merchant, else by its note ("gym" is Gym), else by its category.
  static func named(_ fields: TransactionFields) -> TransactionFields {
    var fields = fields
    fields.merchant =
      fields.merchant ?? fields.note.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? fields.category
    if NameKey.same(fields.note, fields.merchant) { fields.note = nil }
    return fields
  }

  /// The entries already stored that are charges of `schedule` (the rule is
  /// `Schedule.charges(among:)`): what adding it links, at most one a period.
  public func storedCharges(of schedule: Schedule) throws(StoreError) -> [(id: Int64, occurrence: LocalDate)] {
    var filter = TransactionFilter()
    filter.kind = schedule.kind
    filter.currency = schedule.fields.amount.currency
    filter.from = schedule.anchor
    filter.to = schedule.end.map { schedule.cadence.date(occurrence: 1, anchor: $0) }
    if schedule.prices.isEmpty {  // one amount (a new schedule's): SQLite reads only rows at it
      filter.minimumAmount = schedule.fields.amount.minorUnits
      filter.maximumAmount = schedule.fields.amount.minorUnits
    }
    return try reading {
      var entries: [Transaction] = []
      try store.transactions.each(filter) { entries.append($0) }
      return schedule.charges(among: entries)
    }
  }

  /// Links the stored charges of a schedule just inserted, as new revisions of the same change
  /// (one undo takes the schedule and the links back). Read inside the change's transaction.
  private func link(_ log: ChangeRecorder, _ schedule: Schedule) throws -> Int {
    let charges = try storedCharges(of: schedule)
    guard !charges.isEmpty else { return 0 }
    let catalog = try store.catalog.current()
    var writes: [ResolvedWrite] = []
    for charge in charges {
      guard var fields = try store.transactions.transaction(id: charge.id)?.fields else { continue }
      fields.recurringID = schedule.id
      writes.append(.update(id: charge.id, try Validator.resolve(fields, catalog: catalog)))
    }
    return try store.transactions.record(log, writes).count
  }

  /// A new amount from `date` on: earlier periods keep theirs.
  public func changePrice(id: Int64, to minorUnits: Int64, from date: LocalDate) throws(StoreError) {
    let schedule = try existing(id)
    guard minorUnits > 0 else {
      throw .invalid(ValidationError(field: "amount", value: "\(minorUnits)", reason: "must be more than zero"))
    }
    let money = MoneyFact(minor: minorUnits, currency: schedule.fields.amount.currency.code)
    let fact = ChangeFact.schedulePrice(id: id, name: schedule.name, amount: money, from: date.description)
    try change(.editSchedule, fact: fact) { log in
      try log.db.run(
        "INSERT INTO schedule_prices(schedule_id, from_date, amount) VALUES (?, ?, ?)",
        [.integer(id), .text(date.description), .integer(minorUnits)])
      try log.inserted(.schedulePrices, key: .integer(log.db.lastInsertRowID))
    }
  }

  /// Changes what each occurrence records (category, method, name, note; not the amount,
  /// which changes from a date with `changePrice`).
  public func edit(id: Int64, _ fields: TransactionFields) throws(StoreError) {
    let schedule = try existing(id)
    let resolved = try validated(fields)
    var fields = resolved.fields
    fields.merchant = fields.merchant ?? schedule.fields.merchant
    try change(.editSchedule, fact: .scheduleEdited(id: id, name: schedule.name)) { log in
      try log.track(.schedules, key: .integer(id)) {
        try log.db.run(
          "UPDATE schedules SET category_id = ?, method_id = ?, name = ?, note = ? WHERE id = ?",
          [
            SQLValue(resolved.category?.rawValue), .integer(resolved.method.rawValue), SQLValue(fields.merchant),
            SQLValue(fields.note), .integer(id),
          ])
      }
    }
  }

  /// Pauses (from `date`) or resumes (on `date`): occurrences while paused are skipped.
  public func pause(id: Int64, on date: LocalDate) throws(StoreError) {
    let schedule = try existing(id)
    guard !schedule.isPaused else {
      throw .invalid(ValidationError(field: "schedule", value: "#\(id)", reason: "is already paused"))
    }
    try setColumn(
      id, "paused_since", .text(date.description),
      fact: .schedulePaused(id: id, name: schedule.name, from: date.description))
  }

  public func resume(id: Int64, on date: LocalDate) throws(StoreError) {
    let schedule = try existing(id)
    guard let since = schedule.pausedSince else {
      throw .invalid(ValidationError(field: "schedule", value: "#\(id)", reason: "is not paused"))
    }
    // The dates after the pause day and before today were paused: skipped (the pause day's own
    // date had come due already, and stays due).
    let missed = schedule.occurrences(from: since.adding(days: 1), to: date.adding(days: -1))
    try change(.editSchedule, fact: .scheduleResumed(id: id, name: schedule.name, on: date.description)) { log in
      for day in missed { try insertSkip(log, id, day) }
      try log.track(.schedules, key: .integer(id)) {
        try log.db.run("UPDATE schedules SET paused_since = NULL WHERE id = ?", [.integer(id)])
      }
    }
  }

  /// Ends the schedule after `date` (nil: runs on).
  public func end(id: Int64, on date: LocalDate?) throws(StoreError) {
    let schedule = try existing(id)
    if let date, date < schedule.anchor {
      throw .invalid(ValidationError(field: "end", value: date.description, reason: "is before the first date"))
    }
    let fact = ChangeFact.scheduleEnded(id: id, name: schedule.name, on: date?.description)
    try setColumn(id, "end_date", SQLValue(date?.description), fact: fact)
  }

  /// Skips one occurrence (it is neither due nor forecast).
  public func skip(id: Int64, occurrence date: LocalDate) throws(StoreError) {
    let schedule = try existing(id)
    guard schedule.cadence.latest(onOrBefore: date, anchor: schedule.anchor) == date else {
      throw .invalid(
        ValidationError(field: "date", value: date.description, reason: "is no occurrence of \(schedule.name)"))
    }
    guard !schedule.skips.contains(date) else {
      throw .invalid(ValidationError(field: "date", value: date.description, reason: "is skipped already"))
    }
    try change(.editSchedule, fact: .scheduleSkipped(id: id, name: schedule.name, on: date.description)) { log in
      try insertSkip(log, id, date)
    }
  }

  /// Deletes a schedule with its price changes and skips; its logged charges stay.
  public func delete(id: Int64) throws(StoreError) {
    let schedule = try existing(id)
    let fact = ChangeFact.scheduleDeleted(id: id, kind: schedule.kind.rawValue, name: schedule.name)
    try change(.deleteSchedule, fact: fact) { log in
      for (table, name) in [(LoggedTable.schedulePrices, "schedule_prices"), (.scheduleSkips, "schedule_skips")] {
        for row in try log.db.rows("SELECT id FROM \(name) WHERE schedule_id = ?", [.integer(id)]) {
          guard let key = row.int(0) else { continue }
          try log.track(table, key: .integer(key)) {
            try log.db.run("DELETE FROM \(name) WHERE id = ?", [.integer(key)])
          }
        }
      }
      try log.track(.schedules, key: .integer(id)) {
        try log.db.run("DELETE FROM schedules WHERE id = ?", [.integer(id)])
      }
    }
  }

  /// The dates of the transactions linked to each schedule (by `recurring_id`).
  public func linkedDates() throws(StoreError) -> [Int64: [LocalDate]] {
    try reading {
      var result: [Int64: [LocalDate]] = [:]
      for row in try database.rows(
        "SELECT recurring_id, date FROM transactions WHERE recurring_id IS NOT NULL ORDER BY recurring_id, date")
      {
        let reader = RowReader(row: row, name: "a transaction linked to a schedule")
        result[try reader.integer(0, "recurring_id"), default: []].append(try reader.date(1, "date"))
      }
      return result
    }
  }

  /// What is due on `today`: each active schedule with its unlogged occurrences, oldest first.
  public func due(today: LocalDate) throws(StoreError) -> [(Schedule, [LocalDate])] {
    let schedules = try all()
    guard !schedules.isEmpty else { return [] }
    let linked = try linkedDates()
    return schedules.compactMap { schedule in
      let dates = schedule.due(today: today, linked: linked[schedule.id] ?? [])
      return dates.isEmpty ? nil : (schedule, dates)
    }
  }

  private func existing(_ id: Int64) throws(StoreError) -> Schedule {
    guard let schedule = try schedule(id: id) else { throw .unknown("schedule", "#\(id)") }
    return schedule
  }

  private func validated(_ fields: TransactionFields) throws(StoreError) -> ResolvedFields {
    let catalog = try store.catalog.current()
    do {
      return try Validator.resolve(fields, catalog: catalog)
    } catch {
      throw .invalid(error)
    }
  }

  private func setColumn(_ id: Int64, _ column: String, _ value: SQLValue, fact: ChangeFact) throws(StoreError) {
    try change(.editSchedule, fact: fact) { log in
      try log.track(.schedules, key: .integer(id)) {
        try log.db.run("UPDATE schedules SET \(column) = ? WHERE id = ?", [value, .integer(id)])
      }
    }
  }

  private func insertSkip(_ log: ChangeRecorder, _ id: Int64, _ date: LocalDate) throws {
    try log.db.run(
      "INSERT OR IGNORE INTO schedule_skips(schedule_id, date) VALUES (?, ?)", [.integer(id), .text(date.description)])
    if log.db.changes > 0 { try log.inserted(.scheduleSkips, key: .integer(log.db.lastInsertRowID)) }
  }
}
