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

/// A file size as a person reads it, in decimal units: "812 bytes", "4.2 KB", "241 KB", "2.6 MB".
public func formatByteCount(_ bytes: Int64) -> String {
    func oneDecimal(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
    switch bytes {
    case ..<1000: return "\(bytes) bytes"
    case ..<9950: return oneDecimal(Double(bytes) / 1000) + " KB"
    case ..<999_500: return "\(Int64((Double(bytes) / 1000).rounded())) KB"
    default: return oneDecimal(Double(bytes) / 1_000_000) + " MB"
    }
}

/// A level as the user gave it, without needless zeros: "-16", "-16.5" (a loudness target, a limit in dB).
public func formatLevel(_ value: Double) -> String {
    String(formatLimit(value).dropLast(2))
}

/// A level to a tenth, as meters show one: "-31.2", "0.0"; with `signed`, a gain: "+7.4", "-3.0".
public func formatTenths(_ value: Double, signed: Bool = false) -> String {
    guard value.isFinite, abs(value) < 1e12 else { return "\(value)" }
    let tenths = Int64((abs(value) * 10).rounded())
    let sign = value < 0 && tenths > 0 ? "-" : signed ? "+" : ""
    return "\(sign)\(tenths / 10).\(tenths % 10)"
}
