/// Stable codes of the diagnostics the lexer (E01xx) and parser (E02xx) emit. Codes
/// never change meaning; retired ones are not reused.
package enum SyntaxCode {
  // Lexer
  package static let invalidCharacter = "E0101"
  package static let unterminatedString = "E0102"
  package static let invalidEscape = "E0103"
  package static let unterminatedComment = "E0104"
  package static let invalidColor = "E0105"
  package static let unknownUnit = "E0106"
  package static let malformedNumber = "E0107"
  package static let swiftRange = "E0108"
  package static let fileTooLarge = "E0109"
  // Parser
  package static let unclosedDelimiter = "E0201"
  package static let unexpectedCloser = "E0202"
  package static let expectedExpression = "E0203"
  package static let expectedToken = "E0204"
  package static let expectedDeclaration = "E0205"
  package static let expectedStatementEnd = "E0206"
  package static let clauseOnNextLine = "E0207"
  package static let missingKeyframeComma = "E0208"
  package static let timingAfterLastKeyframe = "E0209"
  package static let reservedWordAsName = "E0210"
  package static let expectedName = "E0211"
  package static let unknownStatement = "E0212"
  package static let misplacedStatement = "E0213"
  package static let nestedTooDeeply = "E0214"
  package static let nodesNestedTooDeeply = "E0215"
  package static let chainedComparison = "E0216"
}
