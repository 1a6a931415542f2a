extension Double {
    /// The number for people, in messages: rounded to `places` decimals, with no trailing zeros
    /// (`8`, `7.5`, `0.32`), so that a measured value does not print all of its binary digits.
    public func decimalText(places: Int = 3) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (self * scale).rounded() / scale
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
