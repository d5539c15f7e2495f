@_exported import AnimSource
