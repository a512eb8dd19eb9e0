/// The scalar values of a string: `String ==` uses canonical equivalence (NFC "값" equals
/// NFD "값"), so tests about exact output compare scalars.
public func scalars(_ s: String) -> [UInt32] {
    s.unicodeScalars.map(\.value)
}
