/// Text escaped for XML attributes and content, with the characters XML 1.0 cannot hold replaced
/// by U+FFFD: the one escape of the JUnit and Checkstyle reports.
func xmlEscaped(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        case "\"": output += "&quot;"
        case "'": output += "&apos;"
        case "\n", "\t", "\r": output.unicodeScalars.append(scalar)
        case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): output += "\u{FFFD}"
        default: output.unicodeScalars.append(scalar)
        }
    }
    return output
}
