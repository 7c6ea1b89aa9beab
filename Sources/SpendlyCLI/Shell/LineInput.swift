import CEditLine
import SpendlyCore
import SpendlyParse

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What reading a line gave: the text, ^C (abandon), or the end of input (^D).
enum LineResult: Equatable {
  case line(String)
  case interrupted
  case end
}

/// Which history Up walks: the main prompt's (kept in the history file), one field's, or the
/// answers to the dialogue's questions; each apart from the others.
enum HistoryKind: Equatable {
  case main
  case field(DraftField)
  case answer

  /// The editor's history slot (see CEditLine.h).
  var slot: Int32 {
    switch self {
    case .main: return 0
    case .field(let field): return Int32(1 + (DraftField.allCases.firstIndex(of: field) ?? 0))
    case .answer: return Int32(SP_HISTORY_SLOTS - 1)
    }
  }
}

/// Tab completion: for the text before the cursor, the span being completed and its candidates.
typealias Completer = (_ beforeCursor: String) -> (word: String, candidates: [String])

/// Where the shell's lines come from: libedit on a terminal, plain lines otherwise.
protocol LineInput: AnyObject {
  /// True when prompts are shown and the person edits lines.
  var isTerminal: Bool { get }
  func read(prompt: String, prefill: String, completer: Completer?, history: HistoryKind) -> LineResult
  /// Adds a line to a history (the main prompt's is saved to the history file).
  func remember(_ line: String, in history: HistoryKind)
  func close()
  /// How many lines were read so far: the number of the last line read (scripted sessions
  /// name lines in their errors).
  var lineNumber: Int { get }
}

/// Lines from a pipe or file: no prompts, no escape codes, so sessions can be scripted.
final class PlainInput: LineInput {
  var isTerminal: Bool { false }
  private(set) var lineNumber = 0

  func read(prompt: String, prefill: String, completer: Completer?, history: HistoryKind) -> LineResult {
    guard let line = readLine(strippingNewline: true) else { return .end }
    lineNumber += 1
    return .line(line.hasSuffix("\r") ? String(line.dropLast()) : line)
  }

  func remember(_ line: String, in history: HistoryKind) {}
  func close() {}
}

/// libedit on a terminal: editing, pre-filled values, Tab completion, persistent history.
final class EditLineInput: LineInput {
  private let editor: OpaquePointer
  private let historyPath: String?
  private var completer: Completer?
  var isTerminal: Bool { true }
  private(set) var lineNumber = 0

  init?(historyPath: String?) {
    setlocale(LC_CTYPE, "")
    guard let editor = sp_editor_open("spendly") else { return nil }
    self.editor = editor
    self.historyPath = historyPath
    if let historyPath { _ = sp_editor_history_load(editor, historyPath) }
    sp_editor_set_completer(
      editor,
      { context, before in
        let input = Unmanaged<EditLineInput>.fromOpaque(context!).takeUnretainedValue()
        return input.complete(String(cString: before!))
      }, Unmanaged.passUnretained(self).toOpaque())
  }

  func read(prompt: String, prefill: String, completer: Completer?, history: HistoryKind) -> LineResult {
    self.completer = completer
    sp_editor_use_history(editor, history.slot)
    sp_editor_set_prompt(editor, prompt)
    sp_editor_prefill(editor, prefill)
    var line: UnsafePointer<CChar>?
    switch sp_editor_read(editor, &line) {
    case 1:
      lineNumber += 1
      return .line(String(cString: line!))
    case -1:
      writeAll(1, "^C\n")
      return .interrupted
    default: return .end
    }
  }

  func remember(_ line: String, in history: HistoryKind) {
    sp_editor_use_history(editor, history.slot)
    sp_editor_history_add(editor, line)
    guard history == .main, let historyPath else { return }
    if sp_editor_history_save(editor, historyPath) == 0 { chmod(historyPath, 0o600) }
  }

  func close() { sp_editor_close(editor) }

  /// When true, ^D ends the input even after text was typed (quick's "^C or ^D abandons");
  /// otherwise it does so on an empty line and deletes a character elsewhere.
  var endsWithText = false {
    didSet { sp_editor_end_with_text(editor, endsWithText ? 1 : 0) }
  }

  /// One match completes; several extend to their common prefix or are listed.
  private func complete(_ before: String) -> sp_completion {
    guard let completer else { return sp_completion(erase: 0, insert: nil, redisplay: 0) }
    let (word, candidates) = completer(before)
    guard !candidates.isEmpty else { return sp_completion(erase: 0, insert: nil, redisplay: 0) }
    if candidates.count == 1 {
      return sp_completion(erase: Int32(word.count), insert: strdup(candidates[0] + " "), redisplay: 0)
    }
    let common = commonPrefix(candidates)
    if common.count > word.count {
      return sp_completion(erase: Int32(word.count), insert: strdup(common), redisplay: 0)
    }
    let shown = candidates.prefix(40).map(TextSanitizer.printable).joined(separator: "  ")
    writeAll(1, "\n" + shown + (candidates.count > 40 ? "  …" : "") + "\n")
    return sp_completion(erase: 0, insert: nil, redisplay: 1)
  }

  private func commonPrefix(_ words: [String]) -> String {
    guard var prefix = words.first.map(Array.init) else { return "" }
    for word in words.dropFirst() {
      let characters = Array(word)
      var length = 0
      while length < prefix.count && length < characters.count
        && String(prefix[length]).lowercased() == String(characters[length]).lowercased()
      {
        length += 1
      }
      prefix = Array(prefix.prefix(length))
    }
    return String(prefix)
  }
}
