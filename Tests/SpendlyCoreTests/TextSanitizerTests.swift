import SpendlyCore
import Testing

/// Text typed by people is printed without control characters.
@Suite("TextSanitizer")
struct TextSanitizerTests {
  @Test(arguments: [
    ("plain text", "plain text"), ("bell\u{07}", "bell"), ("two\nlines\r\t", "twolines"), ("csi\u{9B}2J", "csi"),
    ("red\u{1B}[31mtext\u{1B}[0m", "redtext"),
    ("rtl\u{202E}gnp.exe", "rtlgnp.exe"), ("nul\u{0}del\u{7F}", "nuldel"), ("₹420 café 👩‍💻", "₹420 café 👩‍💻"),
  ])
  func stripsControlCharacters(_ input: String, _ output: String) {
    #expect(TextSanitizer.printable(input) == output)
  }

  @Test(arguments: ["a\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;title\u{07}red", "\u{1B}[2Jred", "red\u{1B}c"])
  func escapeSequencesCannotReachTheTerminal(_ input: String) {
    let printed = TextSanitizer.printable(input)
    #expect(printed.contains("red"))
    #expect(!printed.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }
}
