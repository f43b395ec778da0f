/// Quotes `argument` for a POSIX shell, leaving plain paths as they are.
func shellQuoted(_ argument: String) -> String {
    var argument = argument
    let plain = argument.withUTF8 {
        $0.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "+"), UInt8(ascii: ","),
                UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "%"), UInt8(ascii: "="):
                return true
            default:
                return false
            }
        }
    }
    if plain, !argument.isEmpty { return argument }
    return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
}
