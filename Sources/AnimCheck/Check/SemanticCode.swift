import AnimIR
import AnimModel

/// Stable codes of the checker's diagnostics: E03xx errors, W03xx warnings.
public enum SemanticCode {
  public static let undefinedName = "E0301"
  public static let duplicateName = "E0302"
  public static let letCycle = "E0303"
  public static let reservedName = "E0304"
  public static let shadowsTopLevel = "E0305"
  public static let letChainTooLong = "E0306"
  public static let typeMismatch = "E0310"
  public static let badOperands = "E0311"
  public static let unknownMember = "E0312"
  public static let notAValue = "E0313"
  public static let unknownFunction = "E0314"
  public static let unknownLabel = "E0315"
  public static let missingArgument = "E0316"
  public static let extraArgument = "E0317"
  public static let duplicateArgument = "E0318"
  public static let unknownEnumCase = "E0319"
  public static let notConstant = "E0320"
  public static let misplacedSelfOrTrigger = "E0322"
  public static let sceneCycle = "E0323"
  public static let unknownProperty = "E0330"
  public static let duplicateClause = "E0331"
  public static let conflictingValues = "E0332"
  public static let alongNotPosition = "E0333"
  public static let clauseNeedsAlong = "E0334"
  public static let interpolateNeedsKeyframes = "E0335"
  public static let missingDuration = "E0336"
  public static let missingValue = "E0337"
  public static let badKeyTimes = "E0338"
  public static let bezierOutOfRange = "E0339"
  public static let negativeDuration = "E0340"
  public static let badRepeatCount = "E0341"
  public static let outOfLimits = "E0342"
  public static let spawnCount = "E0343"
  public static let badTapTarget = "E0344"
  public static let bounceOutOfRange = "E0345"
  public static let misplacedStatement = "E0346"
  public static let afterInfiniteChild = "E0347"
  public static let duplicateBlock = "E0348"
  public static let notFinite = "E0349"
  public static let badArgumentValue = "E0350"
  /// `animate fill` or `animate stroke` on a node whose fill or stroke is a gradient (§12.2).
  public static let animatedGradient = "E0360"
  /// `image(…)`'s file is missing, not a regular file, not a PNG or beyond the limits (§12.3).
  public static let unreadableImage = "E0362"
  /// `image(…)` without a string literal, or a `contentsRect` that is not four numbers.
  public static let badImageArgument = "E0363"

  /// A node declared inside a spawn or a replicator (it stands for 0…n instances) used
  /// where one instance is needed: `.position`, `.scenePosition`, `spawn … in`, `tap` in
  /// `input` (§14).
  public static let standsForMany = "E0380"
  /// A scene that uses the layer tree (§14), handed to a simulator that does not draw it yet.
  public static let layerTreeNotSimulated = "E0381"

  public static let unusedLet = "W0301"
  public static let hiddenAnimation = "W0302"
  public static let unsettledSpring = "W0303"
  public static let foreverWithoutRemove = "W0304"
  public static let zeroDuration = "W0305"
  public static let maxOverflow = "W0306"
  public static let maxAboveLimit = "W0307"
  /// `rgb(100%, 0, 0)`: channels are 0…255, so a percentage or a fraction is nearly black.
  public static let colorChannelScale = "W0308"
  /// A node whose outline has absolute points is drawn centred on (0, 0) (§3.1).
  public static let outlineAtOrigin = "W0309"

  /// §12.4 text: `font:` names no installed family, or its file cannot be read.
  public static let unknownFont = "E0370"
  public static let unreadableFont = "E0371"
  /// §12.4 text: a character no installed font has (it advances 0 and draws nothing).
  public static let missingGlyph = "W0370"
}
