import CSHA256

/// SHA-256 (FIPS 180-4), for fingerprints and content identities that must not change between
/// platforms or releases. Written here because Foundation on Linux has no digest API.
///
/// On x86 processors with the SHA extensions the compression function runs on them (module
/// `CSHA256`, about ten times as fast); elsewhere it runs in Swift. Both give the same digests.
public enum SHA256 {
  /// Whether digests use the processor's SHA instructions.
  public static let usesHardware = csha256_hardware_available() == 1
  /// The digest of `bytes` as 64 lowercase hexadecimal digits.
  public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
    hexDigits(of: digest(bytes))
  }

  /// The digest of a string's UTF-8 bytes, as hexadecimal digits.
  public static func hex(_ text: String) -> String { hex(text.utf8) }

  /// The digest of the strings' UTF-8 bytes one after the other, as hexadecimal digits: the
  /// same as `hex(parts.joined())` without building the joined string.
  public static func hex(joining parts: [String]) -> String {
    var message: [UInt8] = []
    message.reserveCapacity(parts.reduce(72) { $0 + $1.utf8.count })
    for part in parts { message.append(contentsOf: part.utf8) }
    return hexDigits(of: digest(padding: &message, hardware: usesHardware))
  }

  private static func hexDigits(of digest: [UInt8]) -> String {
    let digits = hexDigits
    var text: [UInt8] = []
    text.reserveCapacity(64)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The 32-byte digest of `bytes`.
  public static func digest<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
    digest(bytes, hardware: usesHardware)
  }

  /// The digest computed with the processor's SHA instructions or without them (`hardware`
  /// must be false where ``usesHardware`` is): for tests that compare the two.
  public static func digest<Bytes: Sequence>(_ bytes: Bytes, hardware: Bool) -> [UInt8]
  where Bytes.Element == UInt8 {
    var message: [UInt8] = []
    message.reserveCapacity(bytes.underestimatedCount + 72)
    message.append(contentsOf: bytes)
    return digest(padding: &message, hardware: hardware)
  }

  /// The digest of `message`, which this pads in place (room for 72 more bytes saves a copy).
  private static func digest(padding message: inout [UInt8], hardware: Bool) -> [UInt8] {
    precondition(!hardware || usesHardware, "this processor has no SHA instructions")
    let bitLength = UInt64(message.count) &* 8
    message.append(0x80)
    let padded = (message.count + 8 + 63) / 64 * 64
    message.reserveCapacity(padded)
    while message.count < padded - 8 { message.append(0) }
    for shift in stride(from: 56, through: 0, by: -8) {
      message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    message.withUnsafeBufferPointer { input in
      // The padded message is never empty: at least one 64-byte chunk.
      guard let bytes = input.baseAddress else { return }
      guard !hardware else {
        withUnsafeMutableBytes(of: &state) { words in
          guard let words = words.baseAddress else { return }
          csha256_compress_blocks(words.assumingMemoryBound(to: UInt32.self), bytes, input.count / 64)
        }
        return
      }
      withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
        roundConstants.withUnsafeBufferPointer { constants in
          for chunk in stride(from: 0, to: input.count, by: 64) {
            compress(bytes + chunk, schedule, constants, &state)
          }
        }
      }
    }
    let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
    var digest: [UInt8] = []
    digest.reserveCapacity(32)
    for word in words {
      digest.append(UInt8(truncatingIfNeeded: word >> 24))
      digest.append(UInt8(truncatingIfNeeded: word >> 16))
      digest.append(UInt8(truncatingIfNeeded: word >> 8))
      digest.append(UInt8(truncatingIfNeeded: word))
    }
    return digest
  }

  /// One 64-byte block of the compression function.
  @inline(__always)
  private static func compress(
    _ block: UnsafePointer<UInt8>, _ schedule: UnsafeMutableBufferPointer<UInt32>,
    _ constants: UnsafeBufferPointer<UInt32>,
    _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
  ) {
    for index in 0..<16 {
      let base = block + index * 4
      schedule[index] = UInt32(base[0]) << 24 | UInt32(base[1]) << 16 | UInt32(base[2]) << 8 | UInt32(base[3])
    }
    for index in 16..<64 {
      let s0 =
        rotate(schedule[index - 15], 7) ^ rotate(schedule[index - 15], 18) ^ (schedule[index - 15] >> 3)
      let s1 = rotate(schedule[index - 2], 17) ^ rotate(schedule[index - 2], 19) ^ (schedule[index - 2] >> 10)
      schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
    }
    var (a, b, c, d, e, f, g, h) = state
    for index in 0..<64 {
      let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
      let choice = (e & f) ^ (~e & g)
      let temp1 = h &+ sum1 &+ choice &+ constants[index] &+ schedule[index]
      let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ sum0 &+ majority)
    }
    state = (
      state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
      state.7 &+ h
    )
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  @inline(__always)
  private static func rotate(_ value: UInt32, _ amount: UInt32) -> UInt32 {
    (value >> amount) | (value << (32 - amount))
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}
