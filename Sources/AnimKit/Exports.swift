import AnimMath
import AnimModel
import AnimSim
import AnimSource
import AnimWriters

// The model types of the public API, under one module: `import AnimKit` is enough.

/// A point in scene coordinates (points, y down).
public typealias Point = AnimMath.Point
/// A colour with straight alpha, channels 0…1.
public typealias Color = AnimMath.Color
/// A 2-D affine transform, SVG's `matrix(a b c d tx ty)`.
public typealias AffineTransform = AnimMath.AffineTransform
/// One frame: its number, run time, scene time and what it draws, in paint order.
public typealias Frame = AnimModel.Frame
/// One drawn instance of a frame: id, shape, matrix and composed properties.
public typealias NodeFrame = AnimModel.NodeFrame
/// An instance's id as dumps write it (`NAME`, `NAME#k`, `NAME[i]`).
public typealias InstanceID = AnimModel.InstanceID
/// A shape as frames draw it: id and outline, immutable and shared.
public typealias SceneShape = AnimModel.SceneShape
/// A problem in the source, with its position and any fix.
public typealias Diagnostic = AnimSource.Diagnostic
/// What writers are told before the first frame.
public typealias RunHeader = AnimModel.RunHeader
/// The seam every output format plugs into.
public typealias FrameWriter = AnimModel.FrameWriter
/// Where a writer's bytes go.
public typealias ByteSink = AnimWriters.ByteSink
/// Where a sequence writer's files go.
public typealias FileSetSink = AnimWriters.FileSetSink
/// Bytes kept in memory.
public typealias MemorySink = AnimWriters.MemorySink
/// The table of output formats.
public typealias OutputFormat = AnimWriters.OutputFormat
/// A picture's size in pixels.
public typealias PictureOptions = AnimWriters.PictureOptions
/// §9's JSON Lines dump.
public typealias JSONLinesWriter = AnimWriters.JSONLinesWriter
/// §9's CSV dump.
public typealias CSVWriter = AnimWriters.CSVWriter
