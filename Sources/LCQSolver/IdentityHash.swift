/// A fast hash of an object's identity, for the solver's dictionaries keyed by ``Variable`` and
/// ``Constraint`` (looked up several times for every row added).
///
/// `Hashable`'s default runs SipHash over the address; profiles of a replay showed that hashing
/// cost more than the arithmetic. Mixing the address with the dictionary's per-instance seed
/// through a 64-bit finalizer (the one of MurmurHash3) keeps what the seed is for (two
/// dictionaries never share an order, so copying one into another stays linear) at a few
/// instructions. The keys are objects of this process, not input, so flooding is not a concern.
@inlinable func identityHash(_ object: AnyObject, seed: Int) -> Int {
  var x = UInt64(UInt(bitPattern: ObjectIdentifier(object))) ^ UInt64(UInt(bitPattern: seed))
  x ^= x >> 33
  x &*= 0xff51_afd7_ed55_8ccd
  x ^= x >> 33
  x &*= 0xc4ce_b9fe_1a85_ec53
  x ^= x >> 33
  return Int(truncatingIfNeeded: x)
}
