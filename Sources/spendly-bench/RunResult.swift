#if canImport(Glibc)
  import Glibc
#endif

/// One finished process: its stdout, wall time and peak resident memory.
struct RunResult {
  let output: String
  let status: Int32
  let milliseconds: Double
  let peakKilobytes: Int
}

/// Runs `arguments` (argv[0] looked up in PATH), capturing stdout; stderr goes to /dev/null.
func runProcess(_ arguments: [String]) -> RunResult {
  var pipeFDs: [Int32] = [0, 0]
  pipe(&pipeFDs)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
  posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var start = timespec()
  clock_gettime(CLOCK_MONOTONIC, &start)
  var pid: pid_t = 0
  let rc = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
  posix_spawn_file_actions_destroy(&actions)
  close(pipeFDs[1])
  guard rc == 0 else {
    close(pipeFDs[0])
    return RunResult(output: "", status: -1, milliseconds: 0, peakKilobytes: 0)
  }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = read(pipeFDs[0], &buffer, buffer.count)
    if n <= 0 { break }
    bytes.append(contentsOf: buffer[0..<n])
  }
  close(pipeFDs[0])
  var status: Int32 = 0
  var usage = rusage()
  wait4(pid, &status, 0, &usage)
  var end = timespec()
  clock_gettime(CLOCK_MONOTONIC, &end)
  let ms = Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
  return RunResult(
    output: String(decoding: bytes, as: UTF8.self), status: (status >> 8) & 0xff, milliseconds: ms,
    peakKilobytes: Int(usage.ru_maxrss))
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func commandExists(_ name: String) -> Bool {
  for directory in (String(cString: getenv("PATH"))).split(separator: ":") {
    if access("\(directory)/\(name)", X_OK) == 0 { return true }
  }
  return false
}
