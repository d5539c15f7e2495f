// Release-build benchmarks that print figures:
//   swift build -c release && swift run -c release animc-bench [check [MB] | raster | encode | lsp | sim | dump | fmt | render | png | suite [FILE…] | all]
let args = Array(CommandLine.arguments.dropFirst())
let which = args.first ?? "all"
switch which {
case "check": CheckBench.run(megabytes: args.count > 1 ? Double(args[1]) ?? 5 : 5)
case "raster": runRasterBenchmark()
case "encode": runEncodeBenchmark()
case "lsp": LSPBench.run()
case "sim": SimBench.run()
case "dump": DumpBench.run()
case "fmt": FmtBench.run()
case "render": RenderBench.run()
case "lottie": LottieBench.run(directory: args.count > 1 ? args[1] : "examples")
case "png": PNGBench.run()
case "suite": SuiteBench.run(Array(args.dropFirst()))
case "all":
  CheckBench.run(megabytes: 5)
  runRasterBenchmark()
  runEncodeBenchmark()
  LSPBench.run()
  SimBench.run()
  DumpBench.run()
  FmtBench.run()
  RenderBench.run()
  PNGBench.run()
  SuiteBench.run([])
default:
  print(
    "usage: animc-bench [check [MB] | raster | encode | lsp | sim | dump | fmt | render | png | suite [FILE…] | all]")
}
