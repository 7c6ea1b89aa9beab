import SpendlyCore
import SpendlyParse

/// Questions: the parser that reads them, a question parsed, and a question answered.
extension Context {
  func queryParser() throws(CLIError) -> QueryParser {
    QueryParser(entry: try phraseParser(), weekStart: weekStart)
  }

  /// The first day of a week from the `week` setting: 0 = Monday (the default), 6 = Sunday.
  var weekStart: Int { (try? store().settings.value(.weekStart)) == "sunday" ? 6 : 0 }

  /// Parses a question; one not understood names its words and shows examples.
  func query(_ text: String) throws(CLIError) -> Query {
    do {
      return try queryParser().parse(text, now: now)
    } catch let error as QueryError {
      let examples = QueryParser.examples.prefix(6).joined(separator: " · ")
      let context = error.words.joined(separator: " ") == text ? "" : " in '\(Render.clip(Render.safe(text), 60))'"
      if let nearest = error.suggestion {
        var refusal = CLIError.data("\(error.message)\(context); did you mean: \(Render.safe(nearest))?")
        refusal.suggestsQuestion = true
        throw refusal
      }
      throw .data("\(error.message)\(context). Try: \(examples)")
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError(.software, "\(error)")
    }
  }

  /// Parses and answers one question, as text and JSON: in one read transaction, so the
  /// parser's names and the figures come from one snapshot and the file's locks are taken once,
  /// not once a statement.
  func answer(_ text: String) throws(CLIError) -> Rendered {
    let answered = try store().snapshot { () -> Result<Rendered, CLIError> in
      do throws(CLIError) {
        return .success(try Answers(context: self).answer(try self.query(text)))
      } catch {
        return .failure(error)
      }
    }
    return try answered.get()
  }
}
