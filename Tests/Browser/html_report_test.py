#!/usr/bin/env python3
"""Opens soundcheck's HTML reports in a real headless Chromium (selenium) and checks what a person
would: every file's row and waveform, previews that load with the file's duration, filters and
sorting (by mouse and keyboard), file names shown as text and never run, no console error, the page
without JavaScript and in dark mode, and a screenshot that is not blank.
    Tests/Browser/html_report_test.py SOUNDCHECK_BINARY ARTIFACT_FOLDER
Prints 'N passed, N failed' and exits 1 on any failure."""
import json, os, shutil, struct, subprocess, sys, tempfile, time, zlib

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

binary, artifacts = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.makedirs(artifacts, exist_ok=True)
results = {"passed": 0, "failed": 0}


def check(condition, what):
    results["passed" if condition else "failed"] += 1
    print(("ok    " if condition else "FAIL  ") + what, flush=True)


def soundcheck(*arguments):
    return subprocess.run([binary, *arguments], cwd=work, capture_output=True, text=True)


def browser(javascript=True):
    options = webdriver.ChromeOptions()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900", "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def png_pixels(data):
    """The RGB(A) pixels of an 8-bit, non-interlaced PNG (what Chromium's screenshots are)."""
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and kind in (2, 6), (depth, kind)
    channels = 3 if kind == 2 else 4
    chunks, offset = b"", 8
    while offset < len(data):
        length, tag = struct.unpack(">I4s", data[offset:offset + 8])
        if tag == b"IDAT":
            chunks += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    raw, stride, previous, pixels = zlib.decompress(chunks), width * channels, bytearray(width * channels), []
    for row in range(height):
        kind_of_filter = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up, corner = previous[i], previous[i - channels] if i >= channels else 0
            if kind_of_filter == 1: line[i] = (line[i] + left) & 255
            elif kind_of_filter == 2: line[i] = (line[i] + up) & 255
            elif kind_of_filter == 3: line[i] = (line[i] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        pixels += [tuple(line[i:i + 3]) for i in range(0, stride, channels)]
        previous = line
    return pixels


# The files: Samples/, plus names a page must show as text, and one that cannot be decoded.
work = tempfile.mkdtemp(prefix="soundcheck-browser-")
sounds = os.path.join(work, "Sounds")
shutil.copytree(os.path.join(root, "Samples", "valid"), os.path.join(sounds, "valid"))
shutil.copytree(os.path.join(root, "Samples", "invalid"), os.path.join(sounds, "invalid"))
hostile = os.path.join(sounds, "hostile")
os.makedirs(hostile)
# A file name cannot hold '/', so the <script> element spans a folder and a file name.
for name in ["<script>window.__xss=1</script>.wav", "<img src=x onerror=window.__xss=2>.wav", "quote\" & 'apostrophe'.wav"]:
    os.makedirs(os.path.dirname(os.path.join(hostile, name)), exist_ok=True)
    shutil.copy(os.path.join(root, "Samples", "valid", "wav-LEI16-mono-22050.wav"), os.path.join(hostile, name))

report = soundcheck("validate", "--format", "json", "--no-config", "Sounds")
files = {entry["path"]: entry for entry in json.loads(report.stdout)["files"]}
details = {entry["path"]: entry for entry in json.loads(soundcheck("info", "--format", "json", "--no-config", *files).stdout)["files"]}


def true_length(path):
    """The file's length and one packet of it, in seconds, from the header where soundcheck reads
    one (a CAF packet table's valid frames for ALAC), else from libsndfile, else from ffprobe."""
    info = details[path]
    packet = (info["framesPerPacket"] or 1) / info["sampleRate"] if info["sampleRate"] else 0.03
    if info["duration"] is not None:
        return info["duration"], packet
    if info["validFrames"]:
        return info["validFrames"] / info["sampleRate"], packet
    listing = subprocess.run(["sndfile-info", os.path.join(work, path)], capture_output=True, text=True).stdout
    frames = [line.split(":")[1] for line in listing.splitlines() if line.startswith("Frames")]
    rates = [line.split(":")[1] for line in listing.splitlines() if line.startswith("Sample Rate")]
    if frames and rates:
        return int(frames[0]) / int(rates[0]), 1152 / int(rates[0])
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0",
                          os.path.join(work, path)], capture_output=True, text=True).stdout.strip()
    return float(out), 0.03
started = time.monotonic()
made = soundcheck("validate", "--format", "html", "--no-config", "-o", "report.html", "Sounds")
elapsed = time.monotonic() - started
page = os.path.join(work, "report.html")
check(made.returncode == 1 and os.path.exists(page), f"validate --format html wrote the page (exit {made.returncode}) {made.stderr.strip()}")
size = os.path.getsize(page)
print(f"      {len(files)} files: {size / 1024:.0f} KiB, written in {elapsed:.2f} s")
shutil.copy(page, os.path.join(artifacts, "report.html"))

driver = browser()
try:
    driver.get("file://" + page)
    rows = driver.find_elements(By.CSS_SELECTOR, "tbody.file")
    paths = [row.get_attribute("data-path") for row in rows]
    check(sorted(paths) == sorted(files), f"a row for each of the {len(files)} files")
    undecodable, drawn = [], 0
    for row in rows:
        if row.find_elements(By.CSS_SELECTOR, "svg.waveform path.wave"):
            drawn += 1
        elif row.find_elements(By.CSS_SELECTOR, ".placeholder"):
            undecodable.append(row.get_attribute("data-path"))
    check(drawn + len(undecodable) == len(rows), f"every row has a waveform ({drawn}) or a placeholder ({len(undecodable)})")
    check(set(undecodable) <= {p for p, f in files.items() if f["verdict"] == "fail"}, f"only failing files lack a waveform: {undecodable}")
    check("Sounds/invalid/empty.wav" in undecodable, "an empty file gets a placeholder, not a broken page")
    # Beside each waveform, its loudness: a meter with the target line, laid out on the same row.
    meters = [row for row in rows if row.find_elements(By.CSS_SELECTOR, ".sound svg.loudness line.target")]
    check(len(meters) == drawn, f"every waveform has its loudness meter beside it ({len(meters)} of {drawn})")
    if meters:
        wave = meters[0].find_element(By.CSS_SELECTOR, "svg.waveform").rect
        meter = meters[0].find_element(By.CSS_SELECTOR, "svg.loudness").rect
        check(abs(wave["y"] - meter["y"]) < 1 and meter["x"] >= wave["x"] + wave["width"] - 1 and meter["width"] > 20,
              f"the meter sits to the right of the waveform, on its row ({wave}, {meter})")
        caption = meters[0].find_element(By.CSS_SELECTOR, "figcaption").text
        check("dBTP" in caption or "silent" in caption, f"the caption says the loudness: {caption}")

    # Each preview loads, and lasts what the file lasts (within one packet).
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and driver.execute_script(
            "return Array.from(document.querySelectorAll('audio')).some(a => a.readyState < 1 && !a.error)"):
        time.sleep(0.2)
    audio = driver.execute_script(
        "return Array.from(document.querySelectorAll('tbody.file')).filter(b => b.querySelector('audio')).map(b => "
        "{const a = b.querySelector('audio'); return [b.dataset.path, a.readyState, a.duration, a.error ? a.error.code : 0]})")
    lengths = {}
    for path, state, duration, error in audio:
        expected, packet = true_length(path)
        lengths[path] = expected
        # One packet of the file, and one sample of the preview (at 3 kHz at the lowest).
        if not (state >= 1 and error == 0 and abs(duration - expected) <= packet + 1 / 3000):
            check(False, f"preview of {path}: readyState {state}, error {error}, {duration} s against {expected} s (±{packet:.4f})")
    check(len(audio) == drawn and all(a[1] >= 1 for a in audio), f"all {len(audio)} previews load (readyState ≥ 1)")
    check(len(lengths) == len(audio), f"the {len(audio)} previews were compared with their files' lengths")

    # File names are text, never markup.
    names = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "tbody.file th code")]
    check("Sounds/hostile/<script>window.__xss=1</script>.wav" in names, "a name holding <script> is shown as text")
    check("Sounds/hostile/<img src=x onerror=window.__xss=2>.wav" in names, "a name holding an <img> is shown as text")
    check(driver.execute_script("return window.__xss === undefined"), "nothing in a file name ran")

    # Filters.
    failing = sum(1 for f in files.values() if f["verdict"] == "fail")
    warned = sum(1 for f in files.values() if any(x["severity"] == "warning" for x in f["findings"]))
    def visible():
        return [r for r in driver.find_elements(By.CSS_SELECTOR, "tbody.file") if r.is_displayed()]
    driver.find_element(By.CSS_SELECTOR, "input[name=show][value=fail]").click()
    shown = visible()
    check(len(shown) == failing and all(r.get_attribute("data-verdict") == "fail" for r in shown), f"'failing' shows the {failing} failing files")
    driver.find_element(By.CSS_SELECTOR, "input[name=show][value=warn]").click()
    shown = visible()
    check(len(shown) == warned and all(int(r.get_attribute("data-warnings")) > 0 for r in shown), f"'with warnings' shows the {warned} files with warnings")
    driver.find_element(By.CSS_SELECTOR, "input[name=show][value=all]").click()
    chip = driver.find_element(By.CSS_SELECTOR, "button.code[data-code=too-long]")
    chip.click()
    shown = visible()
    long_files = sum(1 for f in files.values() if any(x["code"] == "too-long" for x in f["findings"]))
    check(len(shown) == long_files and chip.get_attribute("aria-pressed") == "true", f"the too-long chip shows the {long_files} too-long files")
    chip.click()
    check(len(visible()) == len(files), "pressing it again shows every file")

    # Sorting, by mouse and by keyboard.
    driver.find_element(By.CSS_SELECTOR, "thead button[data-key=duration]").click()
    durations = [float(r.get_attribute("data-duration")) for r in driver.find_elements(By.CSS_SELECTOR, "tbody.file")]
    check(durations == sorted(durations), "the Duration header sorts by duration")
    button = driver.find_element(By.CSS_SELECTOR, "thead button[data-key=path]")
    button.send_keys(Keys.ENTER)
    ordered = [r.get_attribute("data-path") for r in driver.find_elements(By.CSS_SELECTOR, "tbody.file")]
    check(ordered == sorted(ordered, key=lambda p: p.lower()) or ordered == sorted(ordered), "Enter on the File header sorts by path")
    check(driver.find_element(By.XPATH, "//thead//th[button[@data-key='path']]").get_attribute("aria-sort") == "ascending", "the sorted column says so (aria-sort)")

    # The limit and the cut are drawn on a too-long file.
    long_row = driver.find_element(By.CSS_SELECTOR, "tbody.file[data-path='Sounds/invalid/ima4-45s-8000.aifc']")
    check(len(long_row.find_elements(By.CSS_SELECTOR, "svg line.limit")) == 1 and len(long_row.find_elements(By.CSS_SELECTOR, "svg rect.fade")) == 1,
          "a 45 s file shows the limit and the fade before the cut")
    labels = driver.execute_script("return Array.from(document.querySelectorAll('svg.waveform, svg.loudness, audio')).every(e => e.getAttribute('aria-label'))")
    check(labels, "every waveform, loudness meter and player has a label")

    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check(not errors, f"no console errors {errors[:3]}")

    # A screenshot that is not blank: many colours, and ink in the waveform.
    driver.execute_script("window.scrollTo(0, 0)")
    shot = driver.get_screenshot_as_png()
    with open(os.path.join(artifacts, "report.png"), "wb") as handle:
        handle.write(shot)
    colours = len(set(png_pixels(shot)))
    check(colours >= 50, f"the screenshot is not blank ({colours} colours)")
    wave = driver.find_element(By.CSS_SELECTOR, "svg.waveform").screenshot_as_png
    pixels = png_pixels(wave)
    background = max(set(pixels), key=pixels.count)
    ink = sum(1 for p in pixels if p != background) / len(pixels)
    check(ink > 0.05, f"the first waveform has ink ({ink:.0%} of its pixels)")

    # Contrast (WCAG 2): every text colour against the page's background, in light and dark mode.
    contrast_script = """
        function luminance(c) { const v = c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map(x => x / 255)
          .map(x => x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4)); return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }
        const page = luminance(getComputedStyle(document.body).backgroundColor);
        const seen = {};
        for (const e of document.querySelectorAll('.pass, .fail, .warning, .error, figcaption, .fix, legend, th, td, code, .placeholder')) {
          const l = luminance(getComputedStyle(e).color);
          const ratio = (Math.max(l, page) + 0.05) / (Math.min(l, page) + 0.05);
          const key = e.className || e.tagName;
          if (!(key in seen) || ratio < seen[key]) seen[key] = ratio;
        }
        return seen;"""
    light_ratios = driver.execute_script(contrast_script)
    check(min(light_ratios.values()) >= 4.5, f"light mode: every text colour has contrast ≥ 4.5 ({min(light_ratios.values()):.1f} at least)")

    # Dark mode.
    light = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    dark = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    check(light != dark and dark.startswith("rgb(19"), f"dark mode: {light} → {dark}")
    dark_ratios = driver.execute_script(contrast_script)
    check(min(dark_ratios.values()) >= 4.5, f"dark mode: every text colour has contrast ≥ 4.5 ({min(dark_ratios.values()):.1f} at least)")
finally:
    driver.quit()

# Without JavaScript every file is shown and the controls that need it are not.
driver = browser(javascript=False)
try:
    driver.get("file://" + page)
    shown = [r for r in driver.find_elements(By.CSS_SELECTOR, "tbody.file") if r.is_displayed()]
    check(len(shown) == len(files), "without JavaScript every file is shown")
    check(not driver.find_element(By.CSS_SELECTOR, ".controls").is_displayed(), "without JavaScript the filters are hidden")
finally:
    driver.quit()

# fix --dry-run --format html: before and after, both drawn and both playable.
made = soundcheck("fix", "--dry-run", "--format", "html", "--no-config", "-o", "fix.html", "Sounds/invalid")
driver = browser()
try:
    driver.get("file://" + os.path.join(work, "fix.html"))
    planned = driver.find_elements(By.CSS_SELECTOR, "tbody.file")
    check(len(planned) > 0, f"the fix page lists {len(planned)} files")
    long_row = driver.find_element(By.CSS_SELECTOR, "tbody.file[data-path='Sounds/invalid/ima4-45s-8000.aifc']")
    figures = long_row.find_elements(By.CSS_SELECTOR, "svg.waveform")
    check(len(figures) == 2, "a file to fix shows two waveforms, before and after")
    time.sleep(1)
    durations = driver.execute_script(
        "return Array.from(document.querySelector(\"tbody.file[data-path='Sounds/invalid/ima4-45s-8000.aifc']\").querySelectorAll('audio')).map(a => [a.readyState, a.duration])")
    check(len(durations) == 2 and durations[0][1] > 44.9 and 29 < durations[1][1] < 30, f"before plays 45 s, after under 30 s: {durations}")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    check(not errors, f"no console errors on the fix page {errors[:3]}")
    shutil.copy(os.path.join(work, "fix.html"), os.path.join(artifacts, "fix.html"))
finally:
    driver.quit()
shutil.rmtree(work)
print(f"{results['passed']} passed, {results['failed']} failed")
sys.exit(1 if results["failed"] else 0)
