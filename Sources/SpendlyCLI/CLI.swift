import SpendlyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The command-line entry point: global options, then a command.
public enum CLI {
  static let version = "0.2.0"
  /// The day this version was made: the man page's date (never the clock: the page is the same each time).
  static let versionDate = "2026-12-03"

  /// The global options' table (`GlobalOptions`).
  static var globalHelp: String { GlobalOptions.help }

  /// Runs spendly with `arguments` (without the program name) and returns the exit code.
  public static func main(_ arguments: [String]) -> Int32 {
    let output = Output(colour: false)
    var code: Int32
    do throws(CLIError) {
      switch try parseGlobals(arguments, output: output) {
      case .version:
        output.line("spendly \(version)")
        code = 0
      case .run(let context, let rest, let help):
        do throws(CLIError) {
          code = try dispatch(rest, help: help, context: context)
        } catch {
          context.discardUnusedDatabase()
          throw error
        }
        if code != 0 { context.discardUnusedDatabase() }
      }
    } catch {
      if !error.message.isEmpty { output.error(error.message) }
      code = error.exitCode
    }
    output.flush()
    if output.writeFailed && code == 0 {
      writeAll(2, "spendly: cannot write the output: \(String(cString: strerror(errno)))\n")
      return 74  // EX_IOERR
    }
    return code
  }

  static func dispatch(_ words: [String], help: Bool, context: Context) throws(CLIError) -> Int32 {
    guard let first = words.first else {
      if help {
        printHelp(context.output)
        return 0
      }
      context.storeUse = .writeOrRead
      let store = try context.store()  // a database that cannot be opened is an error before any prompt
      if store.isReadOnly {
        context.output.error(
          "database '\(context.databasePath)' is read-only for you: questions work, nothing can be saved")
      }
      let input = shellInput(interactive: context.interactive, databasePath: context.databasePath)
      return Shell.session(context: context, input: input)
    }
    if first == "help" {
      if words.count > 1, let command = command(named: words[1]) {
        printHelp(command, context.output, words: Array(words.dropFirst(2)))
      } else if words.count > 1, !["entry", "phrase", "phrases"].contains(words[1].lowercased()) {
        let word = Render.safe(words[1])
        throw .usage("no command '\(word)'\(nearestCommands(to: words[1])) (see: spendly --help)")
      } else {
        printHelp(context.output)
      }
      return 0
    }
    if first == "version" {
      context.output.line("spendly \(version)")
      return 0
    }
    guard let route = route(named: first) else {
      if first.hasPrefix("-") { throw OptionRefusal.unknown.error(Arguments.split(first).option, command: "") }
      throw .usage("unknown command '\(Render.safe(first))'\(nearestCommands(to: first)) (see: spendly --help)")
    }
    let command = route.command
    if help {
      printHelp(command, context.output, words: Array(words.dropFirst()))
      return 0
    }
    do throws(CLIError) {
      let arguments = try command.arguments(Array(words.dropFirst()))
      context.storeUse = route.storeUse(arguments)
      context.show(try command.run(arguments, context))
    } catch {
      throw recordHint(error, words: words, route: route, context: context)
    }
    return 0
  }

  /// A refusal of `spendly upcoming concert tickets 2500 card`, whose words are no arguments of
  /// the command but read as an entry, ends with the way to record it, as the shell's does; one
  /// that names the nearest question ("did you mean: …?") ends with that alone.
  static func recordHint(_ error: CLIError, words: [String], route: Route, context: Context) -> CLIError {
    guard error.kind == .usage || error.kind == .data, !error.suggestsQuestion, route.mayBeEntry(words.dropFirst()),
      let parser = try? context.phraseParser(),
      (try? parser.parse(words.joined(separator: " "), now: context.now))?.amount != nil
    else { return error }
    let line = words.map(Shell.quoted).joined(separator: " ")
    return CLIError(error.kind, "\(error.message); to record it: spendly add \(Render.safe(line))")
  }

  /// What the global options ask for: the version alone, or a run of the words left.
  enum Globals {
    /// `--version`: print it and exit 0, whatever follows.
    case version
    case run(Context, [String], help: Bool)
  }

  /// Takes the global options out of `arguments`, wherever they stand before `--` (`GlobalOptions`).
  static func parseGlobals(_ arguments: [String], output: Output) throws(CLIError) -> Globals {
    let (globals, rest) = try GlobalOptions.read(arguments)
    if globals.version { return .version }
    let database = globals.database
    // `spendly --db list` means a forgotten path, not a database named "list" for the shell.
    if let database, rest.isEmpty, command(named: database) != nil || ["help", "version"].contains(database) {
      throw .usage("--db '\(database)' is a command name: give the database path first (spendly --db PATH \(database))")
    }
    output.colour =
      !globals.json && !globals.noColour && System.environment("NO_COLOR") == nil && System.isTerminal(1)
    let context = Context(
      databasePath: database ?? Context.defaultDatabasePath(), fixedNow: globals.now, json: globals.json,
      output: output, interactive: System.isTerminal(0))
    context.assumeYes = globals.yes
    return .run(context, rest, help: globals.help)
  }

  static func printHelp(_ output: Output) {
    output.line("spendly \(version): type it, confirm, done.")
    output.line()
    output.line("usage: spendly [OPTIONS]                  the interactive shell")
    output.line("       spendly [OPTIONS] COMMAND [ARGS...]")
    output.line()
    output.line("the interactive shell:")
    for line in ShellGuide.lines { output.line("  " + line) }
    output.line()
    output.line("commands:")
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
      output.line("  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary)
    }
    output.line()
    output.line("options:")
    output.line(globalHelp)
    output.line()
    output.line("'spendly COMMAND --help' explains one command.")
  }

  /// A command's help, or its action's when `words` (after the command's name) name one.
  static func printHelp(_ command: any Command.Type, _ output: Output, words: [String] = []) {
    let action = words.isEmpty ? nil : command.action(words)
    let typed = command.typedName(action, words)
    let named = typed == command.name ? nil : action
    output.line("spendly \(typed): \(named?.summary ?? command.summary)")
    output.line()
    output.line(action.map { typed == command.name ? command.fullHelp : command.fullHelp(of: $0) } ?? command.fullHelp)
    output.line()
    output.line("global options:")
    output.line(globalHelp)
  }
}

/// libedit on a terminal, plain lines otherwise (or if libedit cannot start).
func shellInput(interactive: Bool, databasePath: String) -> LineInput {
  if interactive, let editor = EditLineInput(historyPath: StatePaths.history(for: databasePath)) {
    return editor
  }
  return PlainInput()
}
