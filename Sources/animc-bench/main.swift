// Release-build benchmarks that print figures:
//   swift run -c release animc-bench [check [MB]]
let args = Array(CommandLine.arguments.dropFirst())
let which = args.first ?? "check"
switch which {
case "check":
  CheckBench.run(megabytes: args.count > 1 ? Double(args[1]) ?? 5 : 5)
default:
  print("usage: animc-bench check [MB]")
}
