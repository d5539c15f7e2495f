print("animc-bench: no benchmarks yet")
