// The test-support module builds only where Swift Testing is (a `--build-tests` build): a
// plain or release build of the package compiles it empty.
#if canImport(Testing)
import Foundation
import Testing

extension Tag {
  /// A test that runs a program from outside (LibreOffice, ledger, hledger, bean-check,
  /// openpyxl, zsh, fish, groff, desktop-file-validate, chromium). `make test` installs the programs and
  /// runs these; `make test-fast` sets SPENDLY_SKIP_TOOLS and leaves them out.
  @Tag public static var externalTool: Self
}

/// Whether the tests tagged `externalTool` run: always, unless SPENDLY_SKIP_TOOLS is set.
public enum ExternalTools {
  public static let run = ProcessInfo.processInfo.environment["SPENDLY_SKIP_TOOLS"] == nil
}
#endif
