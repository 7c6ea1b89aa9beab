import Foundation
import SpendlyTestSupport
import Testing

/// Issue 27: the README's aliases (`alias s='spendly add'`, `alias sq='spendly query'`) complete
/// as the words they stand for, checked in real zsh and fish against the scripts
/// `spendly completions zsh|fish` prints, with `spendly` on the PATH as a user has it.
@Suite("alias completion in zsh and fish")
struct AliasCompletionShellTests {
  /// A sandbox with merchants (one with a space), its scripts written out, and a `spendly` on
  /// the PATH (`bin/spendly`) that runs the built binary on the sandbox's database.
  func stocked() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.ok("add", "--amount", "250", "--category", "Food", "--merchant", "Blue Tokai", "--yes")
    try sandbox.ok("add", "--amount", "90", "--category", "Transport", "--merchant", "Metro", "--yes")
    let bin = sandbox.directory + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let wrapper = "#!/bin/sh\nexec '\(spendlyBinary)' --db '\(sandbox.database)' \"$@\"\n"
    try wrapper.write(toFile: bin + "/spendly", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/spendly")
    let functions = sandbox.directory + "/zfunc"
    try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
    try sandbox.ok("completions", "zsh").write(toFile: functions + "/_spendly", atomically: true, encoding: .utf8)
    try sandbox.ok("completions", "fish").write(
      toFile: sandbox.directory + "/spendly.fish", atomically: true, encoding: .utf8)
    return sandbox
  }

  static let aliases = "alias s='spendly add'; alias sq='spendly query'"

  /// Drives an interactive zsh in a pseudo-terminal (zsh's own zpty): compinit loads `_spendly`
  /// from the fpath, `setup` runs, `line` is typed and Tab pressed. `compadd` is wrapped to
  /// print what the completion adds (and `_files` to say it was called), between markers.
  static let zshHarness = #"""
    zmodload zsh/zpty || exit 3
    dir=$1 setup=$2 line=$3
    zpty -b z zsh -f -i
    zpty -w z "PS1='%% '; fpath=(${(q)dir} \$fpath); autoload -Uz compinit; compinit -u -D"
    zpty -w z "$setup"
    zpty -w z 'compadd() { local -a got; builtin compadd -O got "$@"; print -rl -- "" "BEGIN""CANDIDATES" "${(@)got}" "END""CANDIDATES"; }'
    zpty -w z '_files() { print -rl -- "" "BEGIN""CANDIDATES" "(files)" "END""CANDIDATES"; }'
    zpty -w z 'print "HARNESS""READY"'
    zpty -r -m z out '*HARNESSREADY*' || exit 4
    zpty -n -w z "$line"$'\t'
    zpty -r -m z out '*ENDCANDIDATES*' || exit 5
    print -r -- "$out"
    zpty -d z
    """#

  /// What zsh offers for `line` then Tab, after `setup`.
  func zsh(_ sandbox: Sandbox, _ line: String, setup: String = aliases) throws -> [String] {
    let harness = sandbox.directory + "/harness.zsh"
    try Self.zshHarness.write(toFile: harness, atomically: true, encoding: .utf8)
    let result = try #require(
      try runTool(
        sandbox, "timeout", ["20", "zsh", "-f", harness, sandbox.directory + "/zfunc", setup, line],
        pathFirst: sandbox.directory + "/bin"))
    #expect(result.status == 0, "zsh \(line): status \(result.status) \(result.stderr)")
    let lines = result.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
    guard let begin = lines.firstIndex(of: "BEGINCANDIDATES"),
      let end = lines[begin...].firstIndex(of: "ENDCANDIDATES")
    else {
      Issue.record("zsh \(line): no candidates in \(result.stdout)")
      return []
    }
    return Array(lines[(begin + 1)..<end])
  }

  /// What fish offers for `line` (`complete -C`), the script sourced after `setup`.
  func fish(_ sandbox: Sandbox, _ line: String, setup: String = aliases) throws -> [String] {
    let script = sandbox.directory + "/spendly.fish"
    let command = "source '\(script)'; \(setup); complete -C '\(line)'"
    let result = try #require(
      try runTool(sandbox, "timeout", ["20", "fish", "-N", "-c", command], pathFirst: sandbox.directory + "/bin"))
    #expect(result.status == 0, "fish \(line): status \(result.status) \(result.stderr)")
    #expect(result.stderr.isEmpty, "fish \(line): \(result.stderr)")
    // A candidate may carry a description after a tab; the candidate is before it.
    return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func zshCompletesTheAliases() throws {
    let sandbox = try stocked()
    #expect(try zsh(sandbox, "s 420 Fo") == ["Food"])
    #expect(try zsh(sandbox, "s 420 Blu") == ["Blue Tokai"])
    #expect(try zsh(sandbox, "s 90 upi Me") == ["Metro"])
    let empty = try zsh(sandbox, "s 420 ")
    for word in ["UPI", "Cash", "Food", "Groceries", "Blue Tokai", "Metro"] {
      #expect(empty.contains(word), "s 420 ⇥ lacks \(word): \(empty)")
    }
    #expect(try zsh(sandbox, "sq Tr").contains("Transport"))
    #expect(try zsh(sandbox, "sq spent on Gr") == ["Groceries"])
    // Under complete_aliases zsh leaves the alias on the line: the script reads its words.
    #expect(try zsh(sandbox, "s 420 Fo", setup: Self.aliases + "; setopt complete_aliases") == ["Food"])
    #expect(try zsh(sandbox, "sq Tr", setup: Self.aliases + "; setopt complete_aliases").contains("Transport"))
    // The command itself, and `s` that is no alias: the shell's file completion.
    #expect(try zsh(sandbox, "spendly add 420 Fo") == ["Food"])
    #expect(try zsh(sandbox, "spendly ex") == ["export"])
    #expect(try zsh(sandbox, "s Fo", setup: "setopt complete_aliases") == ["(files)"])
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func fishCompletesTheAliases() throws {
    let sandbox = try stocked()
    #expect(try fish(sandbox, "s 420 Fo") == ["Food"])
    #expect(try fish(sandbox, "s 420 Blu") == ["Blue Tokai"])
    #expect(try fish(sandbox, "s 90 upi Me") == ["Metro"])
    let empty = try fish(sandbox, "s 420 ")
    for word in ["UPI", "Cash", "Food", "Groceries", "Blue Tokai", "Metro"] {
      #expect(empty.contains(word), "s 420 ⇥ lacks \(word): \(empty)")
    }
    #expect(try fish(sandbox, "sq Tr").contains("Transport"))
    #expect(try fish(sandbox, "sq spent on Gr") == ["Groceries"])
    #expect(try fish(sandbox, "spendly add 420 Fo") == ["Food"])
    #expect(try fish(sandbox, "spendly ex") == ["export"])
    // `s` that is no alias is not spendly's to complete.
    #expect(!(try fish(sandbox, "s 420 Fo", setup: "true")).contains("Food"))
  }
}
