import AnimIR
import AnimModel

/// Stable codes of the checker's diagnostics: E03xx errors, W03xx warnings.
package enum SemanticCode {
  package static let undefinedName = "E0301"
  package static let duplicateName = "E0302"
  package static let letCycle = "E0303"
  package static let reservedName = "E0304"
  package static let shadowsTopLevel = "E0305"
  package static let letChainTooLong = "E0306"
  package static let typeMismatch = "E0310"
  package static let badOperands = "E0311"
  package static let unknownMember = "E0312"
  package static let notAValue = "E0313"
  package static let unknownFunction = "E0314"
  package static let unknownLabel = "E0315"
  package static let missingArgument = "E0316"
  package static let extraArgument = "E0317"
  package static let duplicateArgument = "E0318"
  package static let unknownEnumCase = "E0319"
  package static let notConstant = "E0320"
  package static let misplacedSelfOrTrigger = "E0322"
  package static let sceneCycle = "E0323"
  package static let unknownProperty = "E0330"
  package static let duplicateClause = "E0331"
  package static let conflictingValues = "E0332"
  package static let alongNotPosition = "E0333"
  package static let clauseNeedsAlong = "E0334"
  package static let interpolateNeedsKeyframes = "E0335"
  package static let missingDuration = "E0336"
  package static let missingValue = "E0337"
  package static let badKeyTimes = "E0338"
  package static let bezierOutOfRange = "E0339"
  package static let negativeDuration = "E0340"
  package static let badRepeatCount = "E0341"
  package static let outOfLimits = "E0342"
  package static let spawnCount = "E0343"
  package static let badTapTarget = "E0344"
  package static let bounceOutOfRange = "E0345"
  package static let misplacedStatement = "E0346"
  package static let afterInfiniteChild = "E0347"
  package static let duplicateBlock = "E0348"
  package static let notFinite = "E0349"
  package static let badArgumentValue = "E0350"
  /// `animate fill` or `animate stroke` on a node whose fill or stroke is a gradient (§12.2).
  package static let animatedGradient = "E0360"
  /// `image(…)`'s file is missing, not a regular file, not a PNG or beyond the limits (§12.3).
  package static let unreadableImage = "E0362"
  /// `image(…)` without a string literal, or a `contentsRect` that is not four numbers.
  package static let badImageArgument = "E0363"
  /// An `rgb`/`rgba` channel outside 0…255, or an alpha outside 0…1 (§1).
  package static let colorChannelRange = "E0364"

  /// A node declared inside a spawn or a replicator (it stands for 0…n instances) used
  /// where one instance is needed: `.position`, `.scenePosition`, `spawn … in`, `tap` in
  /// `input` (§14).
  package static let standsForMany = "E0380"
  /// A scene that uses the layer tree (§14), handed to a simulator that does not draw it yet.
  package static let layerTreeNotSimulated = "E0381"

  /// `animate P with MOTION` where P is not `position` (§15).
  package static let motionNotPosition = "E0390"
  /// `timing`, `repeat`, `autoreverse` or `cumulative` with a motion (§15).
  package static let clauseWithMotion = "E0391"
  /// A motion's damping or attraction negative or in (0, 0.001) (§15).
  package static let badMotionCoefficient = "E0392"
  /// A motion's `over` beyond 24 h (§15).
  package static let motionTooLong = "E0393"

  /// §16: `animate` in `on drag`; `drag.…` outside `on drag`/`on release`; `random` or
  /// `choose` in a binding; a property bound twice; scripted drags that overlap; a cycle
  /// among bindings (E0395, found when the run starts).
  package static let animateInDrag = "E0394"
  package static let bindingCycle = "E0395"
  package static let dragOutsideBlock = "E0396"
  package static let randomInBinding = "E0397"
  package static let boundTwice = "E0398"
  package static let overlappingDrags = "E0399"

  package static let unusedLet = "W0301"
  package static let hiddenAnimation = "W0302"
  package static let unsettledSpring = "W0303"
  package static let foreverWithoutRemove = "W0304"
  package static let zeroDuration = "W0305"
  package static let maxOverflow = "W0306"
  package static let maxAboveLimit = "W0307"
  /// `rgb(100%, 0, 0)`: channels are 0…255, so a percentage or a fraction is nearly black.
  package static let colorChannelScale = "W0308"
  /// A node whose outline has absolute points is drawn centred on (0, 0) (§3.1).
  package static let outlineAtOrigin = "W0309"
  /// A gradient's `start`, `end` or `center` written in points, not unit points (§12.2).
  package static let gradientPointOutsideBox = "W0310"
  /// A delayed animation whose `from` differs from the model value shown during the delay (§6.2).
  package static let modelShowsBeforeStart = "W0311"
  /// Spawned instances removed by §6.4's lifetime rule while still visible.
  package static let vanishWhileVisible = "W0312"
  /// `fill`, `stroke` or `lineWidth` on an image node, where they do not apply (§12.3).
  package static let paintOnImage = "W0313"

  /// §12.4 text: `font:` names no installed family, or its file cannot be read.
  package static let unknownFont = "E0370"
  package static let unreadableFont = "E0371"
  /// §12.4 text: a character no installed font has (it advances 0 and draws nothing).
  package static let missingGlyph = "W0370"
}
