// spendly-bench: benchmarks for `make bench`. Each subcommand prints one result line.
#if canImport(Glibc)
  import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "parse": ParseBench.run(Array(arguments.dropFirst()))
case "generate": Generate.run(Array(arguments.dropFirst()))
case "reports": ReportBench.run(Array(arguments.dropFirst()))
case "shell": ShellBench.run(Array(arguments.dropFirst()))
case "import": ImportBench.run(Array(arguments.dropFirst()))
case "csv": CSVBench.run(Array(arguments.dropFirst()))
case "json": JSONBench.run(Array(arguments.dropFirst()))
case "start": StartBench.run(Array(arguments.dropFirst()))
case "scale": ScaleBench.run(Array(arguments.dropFirst()))
case "lexicon-tables": LexiconTablesSource.run()
default:
  print(
    """
    usage: spendly-bench generate [--count N] [--db PATH] [--journal PATH|-]
           spendly-bench reports --db PATH --journal PATH --spendly BIN
           spendly-bench shell --db PATH --spendly BIN
           spendly-bench import --spendly BIN [--count 100000] [--runs 3]
           spendly-bench csv --db PATH --spendly BIN [--runs 3]
           spendly-bench json --spendly BIN [--count 100000] [--runs 3]
           spendly-bench start --db PATH --spendly BIN [--runs 20]
           spendly-bench scale --db SMALL [--db LARGE] --spendly BIN [--runs 7]
           spendly-bench parse
           spendly-bench lexicon-tables   (the Swift source `make grammar` writes)
    """)
  exit(64)
}
