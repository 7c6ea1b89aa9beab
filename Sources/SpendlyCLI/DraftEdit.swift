import SpendlyCore
import SpendlyParse

/// Sets one field of a draft from text the person typed, with the same rules everywhere:
/// `--FIELD VALUE` options, the review prompts and `edit`. What it sets counts as typed.
enum DraftEdit {
  /// An example value for each field, shown when a value is refused.
  static func example(_ field: DraftField) -> String {
    switch field {
    case .amount: return "420, 1,250.50 or 1.5k"
    case .kind: return "expense or income"
    case .currency: return "INR, USD, EUR"
    case .category: return "Food"
    case .method: return "UPI"
    case .merchant: return "Social; empty for none"
    case .note: return "lunch; empty for none"
    case .date: return "2026-08-14, 14 aug, yesterday"
    case .time: return "13:05 or 9pm; empty for none"
    case .account: return "HDFC Savings; empty for the method's"
    case .to: return "Wallet, or a method like Cash"
    }
  }

  /// The field's current value as text, for pre-filling a review prompt.
  static func value(_ field: DraftField, of draft: TransactionDraft) -> String {
    switch field {
    case .amount: return draft.amount.map { $0.decimalString } ?? ""
    case .kind: return draft.kind.rawValue
    case .currency: return draft.currency.code
    case .category: return draft.category ?? ""
    case .method: return draft.method ?? ""
    case .merchant: return draft.merchant ?? ""
    case .note: return draft.note ?? ""
    case .date: return draft.date.description
    case .time: return draft.time?.description ?? ""
    case .account: return draft.account ?? ""
    case .to: return draft.counterAccount ?? draft.counterMethod ?? ""
    }
  }

  /// Sets `field` to `text`; throws a one-line data error naming the field.
  static func set(
    _ field: DraftField, to text: String, in draft: inout TransactionDraft, parser: PhraseParser, today: LocalDate
  ) throws(CLIError) {
    // Hidden characters are refused in every field, by the one rule every entrance meets.
    do {
      try Validator.refuseHidden(text, field: field.rawValue)
    } catch {
      throw .data(error.description)
    }
    let text = text.trimmingSpaces()
    switch field {
    case .amount:
      // The phrase's amount reader: whatever a phrase takes (1.5k, $45, 2 lakh), an option takes.
      do {
        let money = try parser.amount(text, currency: draft.currency)
        draft.amount = money
        draft.currency = money.currency
      } catch {
        var refusal = CLIError.data(error.message)
        refusal.showsExample = error.showsExample
        throw refusal
      }
      draft.missing.removeAll { $0 == .amount }
      draft.warnings.removeAll(where: \.isAboutAmount)
    case .kind:
      guard let kind = Kind(rawValue: text.lowercased()) else {
        throw .data("kind '\(text)': expected expense, income or transfer")
      }
      let was = draft.kind
      draft.kind = kind
      draft.inferred.remove(.kind)
      if kind == .transfer {
        draft.category = Transfer.category
        draft.inferred.remove(.category)
      } else if was == .transfer {
        draft.category = parser.catalog.fallbackCategory(for: kind)
        draft.inferred.insert(.category)
        draft.counterAccount = nil
        draft.counterMethod = nil
      } else if let category = draft.category.flatMap(parser.category(named:)), category.side != kind.side {
        draft.category = parser.catalog.fallbackCategory(for: kind)
        draft.inferred.insert(.category)
      }
    case .currency:
      guard let currency = Currency.named(text) else { throw .data("currency: \(MoneyError.unknownCurrency(text))") }
      if let amount = draft.amount {
        do {
          draft.amount = try AmountParser.parse(amount.decimalString, currency: currency)
        } catch {
          throw .data("amount: \(error)")
        }
      }
      draft.currency = currency
    case .category:
      guard let category = parser.category(named: text) else {
        throw .data("category '\(text)': unknown category (see: spendly categories)")
      }
      guard draft.kind != .transfer else { throw .data("category: a transfer has none (it moves money)") }
      guard category.side == draft.kind.side else {
        throw .data(
          "category '\(category.name)': is an \(category.side.rawValue) category but this is an \(draft.kind.rawValue)")
      }
      draft.category = category.name
      draft.inferred.remove(.category)
    case .method:
      guard let method = parser.method(named: text) else {
        throw .data("method '\(text)': unknown payment method (see: spendly methods)")
      }
      draft.method = method
      draft.inferred.remove(.method)
    case .merchant:
      // Refused here, by the rule saving applies, not after the whole review at save.
      do {
        _ = try Validator.cleaned(text, field: "merchant", limit: TextLimits.merchant)
      } catch {
        throw .data(error.description)
      }
      draft.merchant = text.isEmpty ? nil : text
      draft.inferred.remove(.merchant)
    case .account:
      if text.isEmpty {
        draft.account = nil
      } else {
        guard let account = parser.account(named: text) else {
          throw .data("account '\(text)': unknown account (see: spendly accounts)")
        }
        draft.account = account
      }
      draft.inferred.remove(.account)
    case .to:
      guard draft.kind == .transfer else { throw .data("to: only a transfer has a destination (kind transfer)") }
      if let account = parser.account(named: text) {
        draft.counterAccount = account
        draft.counterMethod = nil
      } else if let method = parser.method(named: text) {
        draft.counterMethod = method
        draft.counterAccount = nil
      } else {
        throw .data("to '\(text)': not an account or a payment method (see: spendly accounts)")
      }
      draft.inferred.remove(.to)
    case .note:
      do {
        _ = try Validator.cleaned(text, field: "note", limit: TextLimits.note, lineBreaks: true)
      } catch {
        throw .data(error.description)
      }
      draft.note = text.isEmpty ? nil : text
    case .date:
      guard let date = try when(text, parser: parser, today: today)?.date else {
        throw .data("date '\(text)': expected a date like 2026-08-14, 14 aug, 14/08, yesterday or friday")
      }
      draft.date = date
    case .time:
      if text.isEmpty {
        draft.time = nil
      } else {
        var parsed = LocalTime(text: text)
        if parsed == nil { parsed = try when(text, parser: parser, today: today, field: .time)?.time }
        guard let time = parsed else {
          throw .data("time '\(text)': expected a time like 13:05 or 9pm")
        }
        draft.time = time
      }
    }
    draft.missing.removeAll { $0 == field }
    if [.kind, .currency, .method, .account, .to, .date].contains(field) { parser.reinferAccounts(&draft) }
  }

  /// A date or time read the way phrases write them; an impossible one is a data error that
  /// names `field`.
  static func when(_ text: String, parser: PhraseParser, today: LocalDate, field: DraftField = .date) throws(CLIError)
    -> (date: LocalDate?, time: LocalTime?)?
  {
    do {
      return try parser.when(text, now: LocalDateTime(date: today, time: LocalTime(hour: 12, minute: 0)!))
    } catch {
      throw .data("\(field.rawValue) \(Render.quoted(text)): \(error.message)")
    }
  }
}
