print("animc")
