/// Seconds to the millisecond, as reports print them: "45.200 s".
public func formatSeconds(_ seconds: Double) -> String {
    guard seconds.isFinite, abs(seconds) < 1e12 else { return "\(seconds) s" }
    let millis = Int64((abs(seconds) * 1000).rounded())
    let fraction = String(millis % 1000)
    let sign = seconds < 0 && millis > 0 ? "-" : ""
    return "\(sign)\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
}

/// A sample rate as a person reads it: "44100 Hz", "8012.5 Hz".
public func formatRate(_ rate: Double) -> String {
    rate == rate.rounded() && abs(rate) < 1e15 ? "\(Int64(rate)) Hz" : "\(rate) Hz"
}

/// A limit as the user gave it, without needless zeros: "30 s", "29.5 s".
public func formatLimit(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e15 ? "\(Int64(seconds)) s" : "\(seconds) s"
}
