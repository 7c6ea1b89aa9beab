// spendly-bench: benchmarks for `make bench`. Each subcommand prints one result line.
#if canImport(Glibc)
  import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse": ParseBench.run(Array(arguments.dropFirst()))
default:
  print("usage: spendly-bench parse [--merchants N] [--phrases N]")
  exit(64)
}
