/// What an export wrote: its line for the person, and how many rows (transactions; for
/// JSON every table's rows).
struct ExportSummary {
  let text: String
  let rows: Int
}
