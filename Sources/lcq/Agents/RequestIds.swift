import Foundation

/// JSON-RPC 2.0's rule for request ids, applied before a message reaches the MCP SDK: an id is
/// a string or a whole number (MCP allows no null id). A request (or a batch member) with any other id is taken
/// out and answered with "invalid request" and id null (the SDK would drop it unanswered).
enum RequestIds {
  /// The answer to a request whose id is not allowed.
  static let invalidIdAnswer =
    #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: an id must be a string or a whole number"}}"#

  /// `message` without its requests of disallowed ids (`kept`, `nil` when nothing is left), and
  /// how many were taken out. A message that is not JSON is kept as it is (the SDK answers it).
  static func sort(_ message: Data) -> (kept: Data?, refused: Int) {
    let decoder = JSONDecoder()
    if let batch = try? decoder.decode([Member].self, from: message) {
      let refused = batch.count { !$0.allowed }
      guard refused > 0 else { return (message, 0) }
      guard let members = try? JSONSerialization.jsonObject(with: message) as? [Any] else {
        return (nil, refused)
      }
      let allowed = zip(members, batch).filter { $0.1.allowed }.map(\.0)
      guard !allowed.isEmpty, let data = try? JSONSerialization.data(withJSONObject: allowed) else {
        return (nil, refused)
      }
      return (data, refused)
    }
    guard let single = try? decoder.decode(Member.self, from: message) else { return (message, 0) }
    return single.allowed ? (message, 0) : (nil, 1)
  }

  /// One message, read only for its id: `allowed` unless it has an `id` that is not a string or
  /// a whole number of 64 bits (a message that is not an object is allowed: the SDK
  /// answers what it cannot read).
  private struct Member: Decodable {
    let allowed: Bool

    private enum Key: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
      guard let container = try? decoder.container(keyedBy: Key.self), container.contains(.id) else {
        allowed = true
        return
      }
      allowed =
        (try? container.decode(String.self, forKey: .id)) != nil
        || (try? container.decode(Int64.self, forKey: .id)) != nil
    }
  }
}
