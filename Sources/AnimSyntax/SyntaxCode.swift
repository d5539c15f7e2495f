/// Stable codes of the diagnostics the lexer (E01xx) and parser (E02xx) emit. Codes
/// never change meaning; retired ones are not reused.
public enum SyntaxCode {
  // Lexer
  public static let invalidCharacter = "E0101"
  public static let unterminatedString = "E0102"
  public static let invalidEscape = "E0103"
  public static let unterminatedComment = "E0104"
  public static let invalidColor = "E0105"
  public static let unknownUnit = "E0106"
  public static let malformedNumber = "E0107"
  public static let swiftRange = "E0108"
  public static let fileTooLarge = "E0109"
  // Parser
  public static let unclosedDelimiter = "E0201"
  public static let unexpectedCloser = "E0202"
  public static let expectedExpression = "E0203"
  public static let expectedToken = "E0204"
  public static let expectedDeclaration = "E0205"
  public static let expectedStatementEnd = "E0206"
  public static let clauseOnNextLine = "E0207"
  public static let missingKeyframeComma = "E0208"
  public static let timingAfterLastKeyframe = "E0209"
  public static let reservedWordAsName = "E0210"
  public static let expectedName = "E0211"
  public static let unknownStatement = "E0212"
  public static let misplacedStatement = "E0213"
  public static let nestedTooDeeply = "E0214"
  public static let nodesNestedTooDeeply = "E0215"
}
