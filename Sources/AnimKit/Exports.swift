import AnimImage
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

// What a frame holds, so that code importing only AnimKit can name every type it reads.

/// An instance's animatable properties as composed for a frame (`NodeFrame.state`).
public typealias NodeState = AnimModel.NodeState
/// A shape's outline and box (`SceneShape.outline`).
public typealias ShapeOutline = AnimMath.ShapeOutline
/// A sequence of path segments in a shape's own coordinates (`ShapeOutline.path`).
public typealias Path = AnimMath.Path
/// One segment of a `Path`.
public typealias PathSegment = AnimMath.PathSegment
/// A circular arc, a `PathSegment` case's value.
public typealias Arc = AnimMath.Arc
/// A 3-D node's transform (`NodeFrame.matrix3d`), column-major as CSS `matrix3d()`.
public typealias Matrix3D = AnimMath.Matrix3D
/// A node's gradient fill and stroke (`NodeFrame.gradients`).
public typealias PaintGradients = AnimMath.PaintGradients
/// One linear or radial gradient: stops and geometry.
public typealias Gradient = AnimMath.Gradient
/// The part of an image a node shows (`NodeFrame.contentsRect`).
public typealias ContentsRect = AnimMath.ContentsRect
/// A timing curve (`RunHeader.timingCurves`).
public typealias TimingFunction = AnimMath.TimingFunction
/// An image a run draws: its PNG bytes and decoded pixels (`SceneShape.image`).
public typealias ImageAsset = AnimImage.ImageAsset
/// A PNG's decoded pixels (`ImageAsset.image`).
public typealias DecodedImage = AnimImage.DecodedImage
/// A PNG's size and format (`DecodedImage.header`).
public typealias PNGHeader = AnimImage.PNGHeader
