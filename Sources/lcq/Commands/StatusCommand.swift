import LCQStore

/// What `resolve`, `ignore` and `reopen` share.
enum StatusCommand {
  static func set(_ status: ConflictStatus, of prefix: String, _ database: DatabaseOptions, verb: String)
    throws
  {
    let now = currentTime
    let fingerprint = try usingStore(database, access: .write) { store throws(StoreError) in
      try store.setStatus(status, of: prefix, at: now)
    }
    StandardError.write("lcq: \(fingerprint) \(verb)")
  }
}
