import AppValidation
import Foundation
import SoundPolicy
import TestSupport
import Testing

/// `ValidationRequest.run()` as a long-running process calls it: again and again.
@Suite("ValidationRequest in a process that goes on")
struct ValidationRequestTests {
    @Test(
        "a run that starts worker threads and finds too few files for them, or fails, leaves none behind",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
    func noThreadLeftWaiting() throws {
        func threads() -> Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0 }
        var request = ValidationRequest(paths: [TestPaths.samples + "/App/Group"])
        request.jobs = 4
        _ = try request.run()  // the first run's one-time threads (Dispatch's) are not the run's
        let before = threads()
        for _ in 0..<5 {
            let report = try request.run()
            #expect(report.files.count == 3)
        }
        var missing = request
        missing.paths = [TestPaths.samples + "/App/Group", "/no/such/folder"]
        for _ in 0..<5 { #expect(throws: UsageFailure.self) { try missing.run() } }
        // Dismissed threads end as soon as they are scheduled.
        var after = threads()
        for _ in 0..<100 where after > before {
            usleep(10_000)
            after = threads()
        }
        #expect(after <= before, "\(after - before) threads left of 10 runs' 40")
    }
}
