#!/usr/bin/env python3
"""The precision corpus (Tests/Precision): `soundcheck validate . --format json` at the root of
every labelled public repository whose clone is in the folder of clones, each `unknown-sound-name`
finding scored against the hand labels (Tests/Precision/README.md gives the format and the
scoring). Prints a line per repository, the counts per class, and the precision and recall of
errors and of warnings; every finding no row labels is listed.
  bench_precision.py SOUNDCHECK [--check] [--repositories DIR] [--labels DIR] [--work DIR]
  bench_precision.py --self-test
The folder of clones is --repositories or else $SOUNDCHECK_PRECISION_REPOSITORIES; in it each
repository is a git directory named OWNER+NAME (a bare clone), or one at OWNER+NAME/.git,
OWNER+NAME/repo or OWNER+NAME/repo/.git. Without a folder the job prints the `git clone` commands
that make one and exits 0. The labelled commit of each is extracted once into the work folder
(default .build-bench/precision) and kept. `--check` exits 1 when any false error is left (an
error that no `expected=error` row asks for, labelled or not) or when error recall is under 95 %,
and says why; with no repository present it says so and exits 0.
"""
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor

COLUMNS = ["path", "line", "platform", "name", "truth", "expected", "class", "reason"]
PLATFORMS = {"ios", "android", "macos"}
TRUTHS = {"defect", "false", "uncertain"}
EXPECTED = {"error", "warning", "none"}
FALSE_CLASSES = ["test-code", "not-a-name", "platform", "plugin-uri", "generated-copy", "purpose", "uncompiled", "other"]
DEFECT_CLASSES = ["found", "conditional", "template", "missed"]
CLASSES_BY_TRUTH = {"false": FALSE_CLASSES, "defect": DEFECT_CLASSES, "uncertain": FALSE_CLASSES + DEFECT_CLASSES + [""]}
RECALL_FLOOR = 0.95
REPOSITORIES_VARIABLE = "SOUNDCHECK_PRECISION_REPOSITORIES"
CLONE_URL = "https://github.com/{}"  # every labelled repository is public there, as OWNER/NAME
EXTRACTION = "v2"  # the extraction's own version, in each stamp: a change re-extracts every tree


class LabelsError(Exception):
    """A labels file that does not follow the format: the message names the file and line."""


class Labels:
    """One repository's labels file: its header fields and its rows (dicts keyed by COLUMNS)."""

    def __init__(self, path, header, rows):
        self.path = path
        self.header = header
        self.rows = rows

    @property
    def repository(self):
        return self.header["repo"]

    @property
    def commit(self):
        return self.header["commit"]


def read_labels(path):
    """Reads and checks one labels file; raises LabelsError naming the file and line."""
    header, rows, seen_columns = {}, [], False
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, 1):
            line = raw.rstrip("\n").rstrip("\r")
            where = f"{path}:{number}"
            if not line.strip():
                continue
            if line.startswith("#"):
                match = re.match(r"#\s*([a-z]+):\s*(.*)$", line)
                if match and not seen_columns:
                    header[match.group(1)] = match.group(2).strip()
                continue
            fields = line.split("\t")
            if not seen_columns:
                if fields != COLUMNS:
                    raise LabelsError(f"{where}: the column line must be {' '.join(COLUMNS)} (tab-separated)")
                seen_columns = True
                continue
            if len(fields) != len(COLUMNS):
                raise LabelsError(f"{where}: {len(fields)} fields, expected {len(COLUMNS)} (tab-separated)")
            row = dict(zip(COLUMNS, fields))
            if not row["line"].isdigit() or int(row["line"]) < 1:
                raise LabelsError(f"{where}: line '{row['line']}' is not a 1-based line number")
            row["line"] = int(row["line"])
            if row["platform"] not in PLATFORMS:
                raise LabelsError(f"{where}: platform '{row['platform']}' is not one of {', '.join(sorted(PLATFORMS))}")
            if row["truth"] not in TRUTHS:
                raise LabelsError(f"{where}: truth '{row['truth']}' is not one of {', '.join(sorted(TRUTHS))}")
            if row["expected"] not in EXPECTED:
                raise LabelsError(f"{where}: expected '{row['expected']}' is not one of {', '.join(sorted(EXPECTED))}")
            if row["class"] not in CLASSES_BY_TRUTH[row["truth"]]:
                raise LabelsError(f"{where}: class '{row['class']}' does not fit truth '{row['truth']}'"
                                  f" (one of {', '.join(c for c in CLASSES_BY_TRUTH[row['truth']] if c)})")
            if not row["path"] or not row["name"] or not row["reason"]:
                raise LabelsError(f"{where}: path, name and reason must not be empty")
            row["where"] = where
            rows.append(row)
    for key in ("repo", "commit"):
        if key not in header:
            raise LabelsError(f"{path}: the header has no '# {key}:' line")
    if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", header["repo"]):
        raise LabelsError(f"{path}: repo '{header['repo']}' is not OWNER/NAME")
    if not re.fullmatch(r"[0-9a-f]{40}", header["commit"]):
        raise LabelsError(f"{path}: commit '{header['commit']}' is not 40 hex digits")
    expected_name = header["repo"].replace("/", "+") + ".tsv"
    if os.path.basename(path) != expected_name:
        raise LabelsError(f"{path}: a labels file for {header['repo']} is named {expected_name}")
    if not seen_columns:
        raise LabelsError(f"{path}: no column line ({' '.join(COLUMNS)})")
    return Labels(path, header, rows)


def same_platform(finding, row):
    """A finding's platform against a row's. `both` asks each; `ios` and `macos` are one family,
    because a binary that calls a macOS target `ios` (issue 37) still reports the request."""
    family = {"ios": "apple", "macos": "apple", "android": "android"}
    if finding == "both":
        return True
    return family.get(finding, finding) == family.get(row, row)


def findings_of(report):
    """Every request finding of a `validate --format json` report, as dicts with path, line,
    platform, name and severity: `unknown-sound-name`, and `android-resource-package` (a URI whose
    spelled-out package some variant does not install, so the name it asks for never plays there).
    The name is the first quoted name of the message unless the report carries it in a field; an
    `android-resource-package` finding's is the raw resource its fix names (`…/raw/NAME"`)."""
    found = []
    for entry in report.get("files", []):
        for finding in entry.get("findings", []):
            code = finding.get("code")
            if code not in ("unknown-sound-name", "android-resource-package"):
                continue
            name = finding.get("name") or entry.get("name")
            if not name and code == "android-resource-package":
                resource = re.search(r'/raw/([A-Za-z0-9_.]+)"', finding.get("fix") or "")
                name = resource.group(1) if resource else ""
            if not name:
                quoted = re.search(r"'([^']*)'", finding.get("message", ""))
                name = quoted.group(1) if quoted else ""
            path = entry.get("path", "")
            if path.startswith("./"):
                path = path[2:]
            found.append({"path": path, "line": finding.get("line", entry.get("line")) or 0,
                          "platform": entry.get("platform", ""), "name": name,
                          "severity": finding.get("severity", "")})
    return found


class Score:
    """The tally over one or more repositories."""

    def __init__(self):
        self.errors = self.warnings = 0            # findings, by severity
        self.true_errors = self.true_warnings = 0  # findings that match a row expecting their severity
        self.expected_errors = self.expected_warnings = 0  # rows
        self.recalled_errors = self.recalled_warnings = 0  # rows reported with their severity on their line
        self.false_errors = []     # (labels where, finding): errors that match a row not expecting an error
        self.unlabelled = []       # findings matching no row
        self.classes = {}          # class -> [rows, as error, as warning, not reported]

    def add(self, other):
        for key in ("errors", "warnings", "true_errors", "true_warnings", "expected_errors", "expected_warnings",
                    "recalled_errors", "recalled_warnings"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        self.false_errors += other.false_errors
        self.unlabelled += other.unlabelled
        for name, counts in other.classes.items():
            mine = self.classes.setdefault(name, [0, 0, 0, 0])
            for index, value in enumerate(counts):
                mine[index] += value


def score(rows, findings):
    """Matches findings to rows by (path, name, platform) and line, and tallies."""
    result = Score()
    reported = {}  # row index -> set of severities reported on its line
    for finding in findings:
        severity = finding["severity"]
        if severity == "error":
            result.errors += 1
        elif severity == "warning":
            result.warnings += 1
        else:
            continue
        matches = [index for index, row in enumerate(rows)
                   if row["path"] == finding["path"] and row["name"] == finding["name"]
                   and row["line"] == finding["line"] and same_platform(finding["platform"], row["platform"])]
        if not matches:
            result.unlabelled.append(finding)
            continue
        for index in matches:
            reported.setdefault(index, set()).add(severity)
        expected = {rows[index]["expected"] for index in matches}
        if severity in expected:
            if severity == "error":
                result.true_errors += 1
            else:
                result.true_warnings += 1
        elif severity == "error":
            result.false_errors.append((rows[matches[0]]["where"], finding))
    for index, row in enumerate(rows):
        severities = reported.get(index, set())
        if row["expected"] == "error":
            result.expected_errors += 1
            result.recalled_errors += "error" in severities
        elif row["expected"] == "warning":
            result.expected_warnings += 1
            result.recalled_warnings += "warning" in severities
        counts = result.classes.setdefault(row["class"] or "(none)", [0, 0, 0, 0])
        counts[0] += 1
        if "error" in severities:
            counts[1] += 1
        elif "warning" in severities:
            counts[2] += 1
        else:
            counts[3] += 1
    return result


def ratio(part, whole):
    return f"{part}/{whole} ({100 * part / whole:.1f} %)" if whole else f"{part}/0 (n/a)"


def clone_of(repositories, repository):
    """The git directory of a repository's clone in the folder of clones, or None: OWNER+NAME
    itself (a bare clone), or OWNER+NAME/.git, OWNER+NAME/repo or OWNER+NAME/repo/.git."""
    base = os.path.join(repositories, repository.replace("/", "+"))
    for candidate in (base, os.path.join(base, ".git"), os.path.join(base, "repo"), os.path.join(base, "repo", ".git")):
        if os.path.isfile(os.path.join(candidate, "HEAD")) and os.path.isdir(os.path.join(candidate, "objects")):
            return candidate
    return None


def clone_commands(all_labels):
    """One `git clone --bare` line per labelled repository, into OWNER+NAME (the name the folder
    of clones is read by)."""
    return [f"git clone --bare {CLONE_URL.format(labels.repository)} {labels.repository.replace('/', '+')}"
            for labels in all_labels]


def print_how_to_clone(all_labels, folder):
    """The shell lines that make a folder of clones for these labels and score against it."""
    print(f"mkdir -p {folder} && cd {folder}")
    for line in clone_commands(all_labels):
        print(f"  {line}")
    print(f"then, at the root of this repository: {REPOSITORIES_VARIABLE}={folder} Scripts/bench precision")


def extracted(git_dir, commit, work, repository):
    """The labelled commit's tree, extracted once under work/OWNER+NAME (the commit in a stamp)."""
    folder = os.path.join(work, repository.replace("/", "+"))
    stamp = folder + ".commit"
    wanted = f"{commit} {EXTRACTION}"
    if os.path.isdir(folder) and os.path.isfile(stamp) and open(stamp).read().strip() == wanted:
        return folder, None
    probe = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "-e", commit + "^{commit}"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if probe.returncode != 0:
        return None, f"the clone at {git_dir} has no commit {commit[:12]}"
    os.makedirs(work, exist_ok=True)
    temporary = tempfile.mkdtemp(dir=work, prefix=".extract-")
    try:
        write_tree(git_dir, commit, temporary)
    except (OSError, subprocess.CalledProcessError, ValueError) as error:
        shutil.rmtree(temporary, ignore_errors=True)
        return None, f"extracting {commit[:12]} from {git_dir} failed: {error}"
    shutil.rmtree(folder, ignore_errors=True)
    os.rename(temporary, folder)
    with open(stamp + ".tmp", "w") as handle:
        handle.write(wanted + "\n")
    os.replace(stamp + ".tmp", stamp)
    return folder, None


def write_tree(git_dir, commit, folder):
    """Writes a commit's files into folder through one `git cat-file --batch`. A clone may lack
    some blobs (a partial clone, Git LFS content), where `git archive` would stop: each is written
    as an empty file, so that the names the code asks for still find it as they do in the
    repository. Submodules are skipped; links stay links."""
    listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", "--full-tree", commit],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True).stdout
    entries = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, path = record.split(b"\t", 1)
        mode, kind, sha = meta.split(b" ")
        if kind == b"blob":
            entries.append((mode, sha, os.fsdecode(path)))
    batch = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask():  # from its own thread: git answers while it is asked, and both pipes are bounded
        batch.stdin.write(b"".join(sha + b"\n" for _, sha, _ in entries))
        batch.stdin.close()

    asking = threading.Thread(target=ask)
    asking.start()
    for mode, sha, path in entries:
        answer = batch.stdout.readline().split()
        if len(answer) >= 3 and answer[1] == b"blob":
            data = batch.stdout.read(int(answer[2]))
            batch.stdout.read(1)
        else:  # "<sha> missing": written empty, so that its name still answers as in the repository
            data = b""
        target = os.path.join(folder, path)
        if os.path.relpath(target, folder).startswith(".."):
            raise ValueError(f"the tree names a path outside it: {path}")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if mode == b"120000":
            os.symlink(os.fsdecode(data), target)
            continue
        with open(target, "wb") as handle:
            handle.write(data)
        if mode == b"100755":
            os.chmod(target, 0o755)
    asking.join()
    if batch.wait() != 0:
        raise subprocess.CalledProcessError(batch.returncode, "git cat-file --batch")


def run_soundcheck(soundcheck, root):
    result = subprocess.run([soundcheck, "validate", ".", "--format", "json"], cwd=root,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if result.returncode == 2 and b"no sound files found" in result.stderr:
        return {"files": []}  # a repository that ships no sound: no finding to score
    if result.returncode not in (0, 1):
        raise SystemExit(f"{root}: soundcheck validate exited {result.returncode}: {result.stderr.decode().strip()}")
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError as error:
        raise SystemExit(f"{root}: soundcheck validate --format json printed no JSON ({error})")


def describe(finding):
    return f"{finding['path']}:{finding['line']} ({finding['platform']}) {finding['severity']} '{finding['name']}'"


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    check = "--check" in arguments
    arguments = [argument for argument in arguments if argument != "--check"]
    options = {"--labels": "Tests/Precision/labels", "--work": ".build-bench/precision",
               "--repositories": os.environ.get(REPOSITORIES_VARIABLE, "")}
    for option in options:
        if option in arguments:
            at = arguments.index(option)
            if at + 1 >= len(arguments):
                raise SystemExit(f"bench_precision: {option} needs a folder")
            options[option] = arguments[at + 1]
            del arguments[at:at + 2]
    if len(arguments) != 1:
        raise SystemExit(__doc__)
    soundcheck = os.path.abspath(arguments[0])
    labels_dir, work, repositories = options["--labels"], options["--work"], options["--repositories"]
    try:
        all_labels = [read_labels(os.path.join(labels_dir, name))
                      for name in sorted(os.listdir(labels_dir)) if name.endswith(".tsv")]
    except (LabelsError, OSError) as error:
        print(f"bench_precision: {error}", file=sys.stderr)
        return 2
    if not repositories:
        print(f"precision corpus: {len(all_labels)} labelled repositories; no folder of clones given"
              f" (--repositories DIR or ${REPOSITORIES_VARIABLE}): nothing scored. To make one:")
        print_how_to_clone(all_labels, "~/precision-repositories")
        return 0
    if not os.path.isdir(repositories):
        print(f"bench_precision: the folder of clones {repositories} is not a folder", file=sys.stderr)
        return 2
    present, absent = [], []
    for labels in all_labels:
        git_dir = clone_of(repositories, labels.repository)
        (present if git_dir else absent).append((labels, git_dir))
    print(f"precision corpus: {len(all_labels)} labelled repositories, {len(present)} present under {repositories}")
    if not present:
        print("no labelled repository is present: nothing scored. To clone them there:")
        print_how_to_clone(all_labels, repositories)
        return 0

    def measure(item):
        labels, git_dir = item
        root, problem = extracted(git_dir, labels.commit, work, labels.repository)
        if problem:
            return labels, None, problem
        return labels, score(labels.rows, findings_of(run_soundcheck(soundcheck, root))), None

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(measure, present))
    total, skipped = Score(), []
    print(f"{'repository':<52} {'rows':>4} {'errors':>6} {'true':>4} {'recall':>7} {'warn':>4} {'true':>4}"
          f" {'recall':>7} {'unlab':>5}")
    for labels, result, problem in results:
        if problem:
            skipped.append(f"{labels.repository}: {problem}")
            continue
        total.add(result)
        print(f"{labels.repository:<52} {len(labels.rows):>4} {result.errors:>6} {result.true_errors:>4}"
              f" {result.recalled_errors:>3}/{result.expected_errors:<3} {result.warnings:>4} {result.true_warnings:>4}"
              f" {result.recalled_warnings:>3}/{result.expected_warnings:<3} {len(result.unlabelled):>5}")
    for line in skipped:
        print(f"  skipped: {line}")
    if absent:
        print(f"  not present ({len(absent)}): {', '.join(labels.repository for labels, _ in absent)}")
        print(f"  to clone them into {repositories}:")
        for line in clone_commands([labels for labels, _ in absent]):
            print(f"    {line}")
    print("per class (rows: reported as error / as warning / not reported):")
    for name in FALSE_CLASSES + DEFECT_CLASSES + sorted(set(total.classes) - set(FALSE_CLASSES + DEFECT_CLASSES)):
        if name in total.classes:
            rows, as_error, as_warning, silent = total.classes[name]
            print(f"  {name:<15} {rows:>4}: {as_error:>4} error, {as_warning:>4} warning, {silent:>4} none")
    print(f"errors:   precision {ratio(total.true_errors, total.errors)}, recall {ratio(total.recalled_errors, total.expected_errors)}")
    print(f"warnings: precision {ratio(total.true_warnings, total.warnings)}, recall {ratio(total.recalled_warnings, total.expected_warnings)}")
    if total.unlabelled:
        print(f"unlabelled findings ({len(total.unlabelled)}; counted against precision until labelled):")
        for finding in total.unlabelled:
            print(f"  {describe(finding)}")
    if total.false_errors:
        print(f"false errors ({len(total.false_errors)}):")
        for where, finding in total.false_errors:
            print(f"  {describe(finding)}  (labelled at {where})")
    if not check:
        return 0
    reasons = check_failures(total)
    if reasons:
        print("check failed: " + "; ".join(reasons), file=sys.stderr)
        return 1
    print("check passed: no false error, error recall at least 95 %")
    return 0


def check_failures(total):
    """Why `--check` fails for a tally: any error that no `expected=error` row asks for (labelled
    false or uncertain, or unlabelled), or an error recall under RECALL_FLOOR. Empty: it passes."""
    reasons = []
    if total.false_errors:
        reasons.append(f"{len(total.false_errors)} error(s) on rows that expect no error")
    unlabelled_errors = [finding for finding in total.unlabelled if finding["severity"] == "error"]
    if unlabelled_errors:
        reasons.append(f"{len(unlabelled_errors)} unlabelled error(s): label them (Tests/Precision/README.md)")
    if total.expected_errors and total.recalled_errors < RECALL_FLOOR * total.expected_errors:
        reasons.append(f"error recall {ratio(total.recalled_errors, total.expected_errors)} is under"
                       f" {RECALL_FLOOR * 100:.0f} %")
    return reasons


def folder_of_clones_failures(folder):
    """The whole job against a real bare clone made here and a stand-in soundcheck: without a folder
    of clones it prints a clone line per labels file and passes --check; with one it extracts the
    labelled commit, scores it, lists the repository that is not there with its clone line, and
    --check passes or fails on what the stand-in reports. Returns what went wrong."""
    failures = []
    source, labels_dir, clones, work = (os.path.join(folder, name) for name in ("source", "labels", "clones", "work"))
    os.makedirs(os.path.join(source, "lib"))
    os.makedirs(labels_dir)
    with open(os.path.join(source, "lib", "a.dart"), "w") as handle:
        handle.write("import 'x.dart';\n\nfinal sound = RawResourceAndroidNotificationSound('ping');\n")

    def git(*arguments, cwd=source):
        return subprocess.run(["git", "-c", "user.name=self-test", "-c", "user.email=self-test@localhost", *arguments],
                              cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True).stdout.decode().strip()

    git("init", "-q")
    git("add", "lib/a.dart")
    git("commit", "-q", "-m", "a")
    commit = git("rev-parse", "HEAD")
    for name, repository, sha, rows in [
            ("someone+app.tsv", "someone/app", commit, "lib/a.dart\t3\tandroid\tping\tdefect\terror\tfound\tno raw ping\n"),
            ("other+missing.tsv", "other/missing", "c" * 40, "")]:
        with open(os.path.join(labels_dir, name), "w", encoding="utf-8") as handle:
            handle.write(f"# repo: {repository}\n# commit: {sha}\n# kind: flutter\n# note: fixture\n"
                         + "\t".join(COLUMNS) + "\n" + rows)
    stand_ins = {}
    for kind, name in [("right", "ping"), ("wrong", "pong")]:
        stand_ins[kind] = os.path.join(folder, f"soundcheck-{kind}")
        with open(stand_ins[kind], "w") as handle:  # reports its name on line 3 only if the commit was extracted
            handle.write(f"#!{sys.executable}\nimport json, os\n"
                         f"found = os.path.isfile('lib/a.dart') and 'ping' in open('lib/a.dart').read()\n"
                         f"print(json.dumps({{'files': [{{'path': 'lib/a.dart', 'line': 3, 'platform': 'android',"
                         f" 'findings': [{{'code': 'unknown-sound-name', 'severity': 'error',"
                         f" 'message': \"the sound '{name}'\"}}]}}] if found else []}}))\n")
        os.chmod(stand_ins[kind], 0o755)

    def run(*arguments):
        output = io.StringIO()
        with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
            code = main([*arguments, "--check", "--labels", labels_dir, "--work", work])
        return code, output.getvalue()

    saved = os.environ.pop(REPOSITORIES_VARIABLE, None)
    try:
        code, output = run(stand_ins["right"])
        for line in (f"git clone --bare {CLONE_URL.format('someone/app')} someone+app",
                     f"git clone --bare {CLONE_URL.format('other/missing')} other+missing"):
            if code != 0 or line not in output or "nothing scored" not in output:
                failures.append(f"without a folder of clones: exit {code}, wanted 0 and '{line}' in: {output!r}")
        git("clone", "-q", "--bare", source, os.path.join(clones, "someone+app"), cwd=folder)
        code, output = run(stand_ins["right"], "--repositories", clones)
        if code != 0 or "check passed" not in output or "not present (1): other/missing" not in output \
                or f"git clone --bare {CLONE_URL.format('other/missing')} other+missing" not in output:
            failures.append(f"a bare clone, its defect reported: exit {code}, wanted 0 and the missing one listed: {output!r}")
        os.environ[REPOSITORIES_VARIABLE] = clones
        code, output = run(stand_ins["wrong"])
        if code != 1 or "1 unlabelled error(s)" not in output or "recall 0/1" not in output:
            failures.append(f"a wrong name from the variable's folder: exit {code}, wanted 1 naming why: {output!r}")
        code, output = run(stand_ins["right"], "--repositories", os.path.join(folder, "nowhere"))
        if code != 2 or "is not a folder" not in output:
            failures.append(f"a folder of clones that is not there: exit {code}, wanted 2: {output!r}")
    finally:
        os.environ.pop(REPOSITORIES_VARIABLE, None)
        if saved is not None:
            os.environ[REPOSITORIES_VARIABLE] = saved
    nested = os.path.join(folder, "nested")
    git("clone", "-q", source, os.path.join(nested, "someone+app", "repo"), cwd=folder)
    found = clone_of(nested, "someone/app")
    if found != os.path.join(nested, "someone+app", "repo", ".git"):
        failures.append(f"a clone at OWNER+NAME/repo was not found: {found}")
    return failures


def self_test():
    """The scorer against a tiny fixture whose numbers are worked out by hand."""
    folder = tempfile.mkdtemp()
    try:
        path = os.path.join(folder, "someone+app.tsv")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("# repo: someone/app\n# commit: " + "a" * 40 + "\n# kind: flutter\n# note: fixture\n")
            handle.write("\t".join(COLUMNS) + "\n")
            handle.write("lib/a.dart\t3\tandroid\tping\tdefect\terror\tfound\tno raw ping\n")
            handle.write("lib/a.dart\t9\tios\tping.caf\tdefect\terror\tconditional\tiOS ships no ping\n")
            handle.write("test/a_test.dart\t5\tios\tx.mp3\tfalse\tnone\ttest-code\ta test fixture\n")
            handle.write("lib/b.dart\t7\tandroid\tmaybe\tuncertain\twarning\t\tgeneric sound key\n")
            handle.write("macos/Runner/N.swift\t2\tmacos\tbell\tdefect\terror\tfound\tmacOS ships no bell\n")
        labels = read_labels(path)
        findings = findings_of({"files": [
            {"path": "lib/a.dart", "line": 3, "platform": "android",
             "findings": [{"code": "unknown-sound-name", "severity": "error", "message": "asks Android for the sound 'ping', which"}]},
            {"path": "./test/a_test.dart", "line": 5, "platform": "ios",
             "findings": [{"code": "unknown-sound-name", "severity": "error", "message": "asks iOS for the sound 'x.mp3'"}]},
            {"path": "lib/b.dart", "line": 7, "platform": "both",
             "findings": [{"code": "unknown-sound-name", "severity": "warning", "message": "the sound 'maybe'"}]},
            {"path": "macos/Runner/N.swift", "line": 2, "platform": "ios",
             "findings": [{"code": "unknown-sound-name", "severity": "error", "message": "asks iOS for the sound 'bell'"}]},
            {"path": "lib/c.dart", "line": 1, "platform": "ios",
             "findings": [{"code": "unknown-sound-name", "severity": "error", "message": "the sound 'other'"},
                          {"code": "names-at-run-time", "severity": "note", "message": "'ignored'"}]},
            {"path": "lib/a.dart", "line": 4, "platform": "android",
             "findings": [{"code": "unknown-sound-name", "severity": "warning", "message": "the sound 'ping'"}]},
        ]})
        result = score(labels.rows, findings)
        checks = [
            (len(findings), 6), (result.errors, 4), (result.warnings, 2),
            (result.true_errors, 2),            # ping on its line, bell (macOS reported as ios)
            (result.expected_errors, 3), (result.recalled_errors, 2),  # the conditional one is missed
            (result.true_warnings, 1), (result.expected_warnings, 1), (result.recalled_warnings, 1),
            (len(result.false_errors), 1),      # the test fixture
            (sorted(describe(f) for f in result.unlabelled),
             ["lib/a.dart:4 (android) warning 'ping'", "lib/c.dart:1 (ios) error 'other'"]),
            (result.classes["test-code"], [1, 1, 0, 0]), (result.classes["conditional"], [1, 0, 0, 1]),
            (result.classes["found"], [2, 2, 0, 0]), (result.classes["(none)"], [1, 0, 1, 0]),
        ]
        failures = [f"check {index}: got {got!r}, expected {want!r}" for index, (got, want) in enumerate(checks)
                    if got != want]
        # A package mismatch in an android.resource URI is a request finding named by its fix's raw resource.
        package = findings_of({"files": [
            {"path": "app/src/main/java/P.kt", "line": 11, "platform": "android",
             "findings": [{"code": "android-resource-package", "severity": "error",
                           "message": "the URI names the package com.example, but 'free' installs com.example.free",
                           "fix": 'build it from the running app\'s package: "android.resource://" + context.packageName + "/raw/chime"'}]},
        ]})
        if [(f["name"], f["line"], f["severity"]) for f in package] != [("chime", 11, "error")]:
            failures.append(f"android-resource-package finding read as {package}")
        # --check: the fixture fails for its false error, its unlabelled error and its recall (2 of 3).
        reasons = check_failures(result)
        if len(reasons) != 3 or "1 error(s) on rows" not in reasons[0] or "1 unlabelled" not in reasons[1] \
                or "recall 2/3" not in reasons[2]:
            failures.append(f"check_failures on the fixture: {reasons}")
        # Every expected error reported, nothing else: it passes; one of 20 missed (95 %) still passes.
        clean = score([dict(labels.rows[0], line=line) for line in range(1, 21)],
                      [{"path": "lib/a.dart", "line": line, "platform": "android", "name": "ping",
                        "severity": "error"} for line in range(1, 20)])
        if check_failures(clean) or clean.recalled_errors != 19:
            failures.append(f"19 of 20 errors recalled should pass: {check_failures(clean)}")
        clean.recalled_errors = 18
        if not check_failures(clean):
            failures.append("18 of 20 errors recalled (90 %) should fail")
        bad = os.path.join(folder, "someone+bad.tsv")
        for text, fragment in [
            ("# repo: someone/bad\n# commit: " + "b" * 40 + "\n", "no column line"),
            ("# repo: someone/bad\n# commit: 123\n" + "\t".join(COLUMNS) + "\n", "40 hex"),
            ("# repo: someone/bad\n# commit: " + "b" * 40 + "\n" + "\t".join(COLUMNS) + "\na\t1\tios\tn\tfalse\tnone\tfound\tr\n",
             "does not fit truth"),
            ("# repo: someone/bad\n# commit: " + "b" * 40 + "\n" + "\t".join(COLUMNS) + "\na\tx\tios\tn\tfalse\tnone\tother\tr\n",
             "1-based line"),
            ("# repo: someone/other\n# commit: " + "b" * 40 + "\n" + "\t".join(COLUMNS) + "\n", "is named someone+other.tsv"),
        ]:
            with open(bad, "w", encoding="utf-8") as handle:
                handle.write(text)
            try:
                read_labels(bad)
                failures.append(f"a bad labels file was accepted (wanted '{fragment}')")
            except LabelsError as error:
                if fragment not in str(error) or bad not in str(error):
                    failures.append(f"wanted '{fragment}' naming the file, got: {error}")
        failures += folder_of_clones_failures(os.path.join(folder, "whole-job"))
    finally:
        shutil.rmtree(folder)
    if failures:
        print("bench_precision self-test failed:\n  " + "\n  ".join(failures), file=sys.stderr)
        return 1
    print("bench_precision self-test: the scorer's counts, the labels checks and the folder of clones are right")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
