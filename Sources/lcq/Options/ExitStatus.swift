import ArgumentParser

/// Exit statuses shared by lcq's commands (also in `--help` and the README).
enum ExitStatus {
  /// An input could not be opened or read; the others were still used.
  static let inputUnreadable = ExitCode(1)
  /// The database could not be opened, read or written.
  static let databaseError = ExitCode(2)
  /// `lcq show`: no conflict matches the prefix, or several do.
  static let notFound = ExitCode(1)

  /// The exit status lines for `--help`.
  static let databaseHelp = """
    Exit status:
      0   done
      1   (ingest) an input could not be read, the others were stored; (show, resolve…) no \
    conflict matches the fingerprint prefix, or several do
      2   the database could not be opened, read or written (missing, read-only, corrupt, \
    locked past the timeout, newer schema, disk full)
      64  the command line is wrong
    """
}
