/// A module whose sound does not pass: 45 seconds is not under 30, so its build fails.
public enum BadSounds {
    /// A 45-second IMA4 AIFF-C.
    public static let long = "long.aifc"
}
