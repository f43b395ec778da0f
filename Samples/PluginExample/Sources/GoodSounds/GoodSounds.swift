/// The notification sounds this module ships: each passes soundcheck.
public enum GoodSounds {
    /// A short µLaw CAF.
    public static let ding = "ding.caf"
}
