#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A fast 64-bit hash of bytes for in-memory dictionary keys that are kilobytes long (a
/// block's list, a block's template): eight bytes a step, multiply and fold. Not for anything
/// stored or compared across processes (``Hasher`` is seeded per process; this is not, but it
/// is no digest either: collisions are resolved by comparing the bytes).
public enum ByteHash {
  /// The hash of `bytes`.
  public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var hash = UInt64(bytes.count) &* multiplier
    var index = 0
    while index + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      hash = (hash ^ word) &* multiplier
      hash ^= hash >> 29
      index += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < bytes.count {
      tail |= UInt64(bytes[index]) << shift
      shift += 8
      index += 1
    }
    hash = (hash ^ tail) &* multiplier
    return hash ^ (hash >> 32)
  }

  /// Whether two byte arrays are equal (compared with `memcmp`).
  public static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    return lhs.withUnsafeBytes { left in
      rhs.withUnsafeBytes { right in
        // Both are empty when either has no address (their counts are equal).
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return true }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
  }
}
