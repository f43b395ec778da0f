/// Quotes `argument` for a POSIX shell, leaving plain paths as they are.
func shellQuoted(_ argument: String) -> String {
    var argument = argument
    let plain = argument.withUTF8 {
        $0.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "_-./+,:@%=".utf8.contains(byte)
            }
        }
    }
    if plain, !argument.isEmpty { return argument }
    return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
}
