/// The statements both engines run for messages an input ended inside after their list closed
/// (``LCQParsing/ConflictBlock/endsInput``): each is counted, and kept in `open_messages` so
/// that a later ingest of the grown file completes the same occurrence instead of counting it
/// again (docs/store.md, "Messages at the end of an input").
extension StoredRows {
  /// Completes a stored occurrence with the grown message's text, identity and broken
  /// constraint (values: ``completionValues(of:occurrenceID:_:)``), unless the occurrence is gone,
  /// belongs to another conflict now, or the grown text's identity is stored already; returns the
  /// occurrence's id when it did. On the team store the identity moves in
  /// `occurrence_identities` too (``OccurrenceInsert``).
  static func completionSQL(_ dialect: SQLDialect) -> String {
    let set = """
      UPDATE occurrences SET identity = ?, broken_constraint = ?, broken_in_minimal_set = ?, template_id = ?,
        template_values = ?, issues = ?, source_file = ?, analysis_version = ?
      """
    guard dialect.partitionsOccurrences else {
      return set + """

        WHERE id = ? AND conflict_id = ? AND NOT EXISTS (SELECT 1 FROM occurrences o WHERE o.identity = ?)
        RETURNING id
        """
    }
    return """
      WITH moved AS (
        UPDATE occurrence_identities SET identity = CAST(? AS TEXT)
        WHERE identity = (SELECT identity FROM occurrences WHERE id = CAST(? AS BIGINT) AND conflict_id = CAST(? AS BIGINT))
          AND NOT EXISTS (SELECT 1 FROM occurrence_identities WHERE identity = CAST(? AS TEXT))
        RETURNING occurrence_id
      )
      \(set)
      WHERE id IN (SELECT occurrence_id FROM moved)
      RETURNING id
      """
  }

  /// The values of ``completionSQL(_:)`` in `dialect`: `occurrence` (the grown message's, as it
  /// would be inserted) in place of the stored occurrence `occurrenceID`.
  static func completionValues(of occurrence: Occurrence, occurrenceID: Int64, _ dialect: SQLDialect)
    -> [QueryValue]
  {
    let row = Dictionary(uniqueKeysWithValues: zip(Occurrence.Columns.allCases, values(of: occurrence)))
    let set: [Occurrence.Columns] = [
      .identity, .brokenConstraint, .brokenInMinimalSet, .templateID, .templateValues, .issues, .sourceFile,
      .analysisVersion,
    ]
    let target: [QueryValue] = [
      .integer(occurrenceID), .integer(occurrence.conflictID), .text(occurrence.identity),
    ]
    let assignments = set.map { row[$0] ?? .null }
    return dialect.partitionsOccurrences
      ? [.text(occurrence.identity)] + target + assignments : assignments + target
  }

  /// Forgets an open message once it is completed (value: the occurrence's id).
  static let openMessageDeleteSQL = "DELETE FROM open_messages WHERE occurrence_id = ?"

  /// Keeps the occurrence of a message that ended its input as open, by its identity (values:
  /// ``openMessageValues(of:)``): a block read again unchanged leaves it as it was.
  static func openMessageInsertSQL(_ dialect: SQLDialect) -> String {
    let occurrence =
      dialect.partitionsOccurrences
      ? "SELECT occurrence_id, CAST(? AS BIGINT), CAST(? AS TEXT) FROM occurrence_identities WHERE identity = ?"
      : "SELECT id, CAST(? AS BIGINT), CAST(? AS TEXT) FROM occurrences WHERE identity = ?"
    return """
      INSERT INTO open_messages (occurrence_id, source_line, raw_text)
      \(occurrence)
      ON CONFLICT (occurrence_id) DO UPDATE SET source_line = excluded.source_line, raw_text = excluded.raw_text
      """
  }

  /// The values of ``openMessageInsertSQL(_:)`` for `record`.
  static func openMessageValues(of record: BlockRecord) -> [QueryValue] {
    [
      .integer(Int64(record.sourceLine)), .text(FailedBlockText.stored(record.rawText)),
      .text(record.identity),
    ]
  }

  /// Reads the open messages, for ``UnfinishedMessages``.
  static let openMessagesSelectSQL = "SELECT occurrence_id AS id, source_line, raw_text FROM open_messages"
}
