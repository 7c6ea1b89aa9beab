import SpendlyCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the CLI asks the operating system: the local time, the environment, whether a stream is a terminal.
enum System {
  /// The system's local date and time to the minute.
  static func now() -> LocalDateTime {
    var seconds = time(nil)
    var parts = tm()
    localtime_r(&seconds, &parts)
    let date = LocalDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
    return LocalDateTime(date: date, time: LocalTime(hour: Int(parts.tm_hour), minute: Int(parts.tm_min))!)
  }

  /// An environment variable's value; nil when it is unset or empty.
  static func environment(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    let text = String(cString: value)
    return text.isEmpty ? nil : text
  }

  /// Whether the file descriptor is a terminal.
  static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
