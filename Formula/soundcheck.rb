# Homebrew formula: builds soundcheck from source with the Mac's Swift (Xcode 16 or the Command
# Line Tools), against Homebrew's C libraries, which soundcheck opens at run time from
# /opt/homebrew/lib or /usr/local/lib.
#   brew tap soundcheck-audio/soundcheck https://github.com/soundcheck-audio/soundcheck
#   brew install soundcheck            # the release below
#   brew install --HEAD soundcheck     # main
# Each release updates `url` and `sha256` (shasum -a 256 of the release's source archive).
class Soundcheck < Formula
  desc "Checks and fixes notification sounds for iOS and Android apps"
  homepage "https://github.com/soundcheck-audio/soundcheck"
  url "https://github.com/soundcheck-audio/soundcheck/archive/refs/tags/0.8.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  head "https://github.com/soundcheck-audio/soundcheck.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on macos: :ventura
  depends_on "ffmpeg"
  depends_on "libogg"
  depends_on "libsamplerate"
  depends_on "libsndfile"
  depends_on "libsoxr"
  depends_on "libvorbis"
  depends_on "minizip"

  def install
    # No C library's header is needed: soundcheck declares what it calls and opens the libraries at run time.
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "soundcheck"
    bin.install ".build/release/soundcheck"
    generate_completions_from_executable(bin/"soundcheck", "--generate-completion-script")
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/soundcheck --version") unless build.head?
    # A 16-bit WAV of 0.1 s of silence: validate judges it without any C library; convert opens
    # libsndfile or soundcheck's own decoder and writes an IMA4 CAF that validate then passes.
    wav = testpath/"ding.wav"
    frames = 2205
    wav.binwrite(["RIFF", 36 + (frames * 2), "WAVE", "fmt ", 16, 1, 1, 22050, 44100, 2, 16, "data", frames * 2]
      .pack("a4Va4a4VvvVVvva4V") + ("\0" * frames * 2))
    assert_match "ok:", shell_output("#{bin}/soundcheck validate #{wav}")
    system bin/"soundcheck", "convert", wav, testpath/"ding.caf", "-d", "ima4"
    assert_match "CAF, ima4", shell_output("#{bin}/soundcheck validate #{testpath}/ding.caf")
    # Ogg Vorbis, Android's format, opens libvorbisenc, libvorbis and libogg.
    assert_match "Ogg, vorbis", shell_output("#{bin}/soundcheck convert #{wav} #{testpath}/ding.ogg -f OGG")
    # A new rate opens libsoxr, the default resampler: 22050 Hz becomes 44100 Hz.
    system bin/"soundcheck", "convert", wav, testpath/"up.wav", "-f", "WAVE", "-d", "LEI16@44100"
    assert_match "WAV, LEI16, 44100 Hz", shell_output("#{bin}/soundcheck validate #{testpath}/up.wav")
    # An .ipa is read in place through minizip: the app's sound is judged inside the archive.
    (testpath/"Payload/Ding.app").mkpath
    cp testpath/"ding.caf", testpath/"Payload/Ding.app/ding.caf"
    cd(testpath) { system "zip", "-q", "-r", "Ding.ipa", "Payload" }
    assert_match "Ding.ipa/Payload/Ding.app/ding.caf: ok: CAF, ima4",
                 shell_output("#{bin}/soundcheck validate #{testpath}/Ding.ipa")
  end
end
