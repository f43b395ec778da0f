/// Quotes `argument` for a POSIX shell, leaving plain paths as they are.
func shellQuoted(_ argument: String) -> String {
    let plain = argument.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "_-./+,:@%=".unicodeScalars.contains(scalar))
    }
    if plain, !argument.isEmpty { return argument }
    return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
}
