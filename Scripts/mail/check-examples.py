#!/usr/bin/env python3
"""Checks the cron and systemd examples in Examples/ and runs their commands.

    check-examples.py BINARY

- docs/nightly-email.md shows each example file exactly, in a code block.
- Examples/cron.conf: every line is a comment, blank, or "name = value"
  with a name that is a long option of `posttim-report --help` (flags take
  true/false).
- Examples/systemd/*: `systemd-analyze verify` (skipped with a message
  where systemd-analyze is missing), ExecStart run as systemd would.
- Examples/crontab: variable lines and one job line with five schedule
  fields; the job's command run by /bin/sh with exactly the crontab's
  environment (plus HOME), as cron does. MAILTO must not throw cron's mail
  away, and the job with a missing task list must fail with a message (the
  one cron mails). The commented evening job ("# 0 21 * * * …") and the
  config's commented from/to lines run too, and their mails are delivered.

Both commands run in a temporary HOME holding the example task list and
the config (at ~/.config/posttim-report/config), with /usr/local/bin/
posttim-report replaced by BINARY and the recipient replaced by
posttimtest@localhost, and must deliver through the local MTA. Where the
binary has no --config option yet, the config's lines are passed as the
equivalent options instead.
"""
import email
import mailbox
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from email import policy
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, str(Path(__file__).resolve().parent))
from checks import check, finish  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BINARY = os.path.abspath(sys.argv[1])
EXAMPLES = ROOT / "Examples"


help_text = subprocess.run([BINARY, "--help"], capture_output=True, text=True).stdout
# Option lines: "  -f, --format NAME   help" or "      --send   help".
options = {m.group(1): m.group(2) is not None
           for m in re.finditer(r"^\s*(?:-\w, )?--([a-z][a-z-]+)(?: (\S+))?(?: {2,}|$)", help_text, re.M)}
has_config = "config" in options


def read_config(path):
    """The config format: [(name, value)], checked line by line."""
    entries = []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = re.fullmatch(r"([a-z][a-z-]*)\s*=\s*(.*)", stripped)
        check(match is not None, f"cron.conf:{number}: name = value", line)
        if match:
            name, value = match.groups()
            check(name in options, f"cron.conf:{number}: '{name}' is an option in --help")
            if name in options and not options[name]:
                check(value in ("true", "false"), f"cron.conf:{number}: flag '{name}' is true or false", value)
            entries.append((name, value))
    return entries


def config_arguments(entries):
    """The config as explicit options (until --config exists)."""
    args = []
    for name, value in entries:
        if value == "true":
            args.append(f"--{name}")
        elif value != "false":
            args += [f"--{name}", value]
    return args


readme = (ROOT / "docs" / "nightly-email.md").read_text(encoding="utf-8")
for name in ["cron.conf", "crontab", "systemd/posttim-report.service", "systemd/posttim-report.timer"]:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    check(f"```\n{text}```\n" in readme, f"docs/nightly-email.md shows Examples/{name} exactly, in a code block")

entries = read_config(EXAMPLES / "cron.conf")
names = [n for n, _ in entries]
for required in ["locale", "time-zone", "format", "mail-from", "mail-to", "send", "sendmail", "skip-empty"]:
    check(required in names, f"cron.conf sets {required}")

home = Path(tempfile.mkdtemp(prefix="posttim-home-"))
shutil.copy(EXAMPLES / "listeDesTaches.plist", home / "listeDesTaches.plist")
(home / ".config/posttim-report").mkdir(parents=True)
local = [(n, "posttimtest@localhost" if n == "mail-to" else v) for n, v in entries]
(home / ".config/posttim-report/config").write_text("".join(f"{n} = {v}\n" for n, v in local), encoding="utf-8")
os.chmod(home, 0o755)


def command_line(command):
    """The example's command with the built binary, and the config as
    options where --config does not exist yet."""
    command = command.replace("/usr/local/bin/posttim-report", shlex.quote(BINARY))
    if not has_config:
        print("NOTE --config is not in this binary yet: passing cron.conf's lines as options")
        command = re.sub(r'--config ("[^"]*"|\S+)', " ".join(shlex.quote(a) for a in config_arguments(local)), command)
    return command


spool = Path("/var/mail/posttimtest")
if spool.exists():
    spool.write_bytes(b"")
sent = 0

# crontab
lines = [l for l in (EXAMPLES / "crontab").read_text().split("\n") if l.strip() and not l.startswith("#")]
environment = {}
jobs = []
for line in lines:
    variable = re.fullmatch(r"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)", line)
    if variable:
        value = variable.group(2)
        environment[variable.group(1)] = value[1:-1] if value[:1] == value[-1:] == '"' and len(value) >= 2 else value
    else:
        jobs.append(line)
check(len(jobs) == 1, "crontab: one job line", jobs)
check("LANG" in environment and "TZ" in environment and "CRON_TZ" in environment,
      "crontab: LANG, TZ and CRON_TZ are set", environment)
check(environment.get("MAILTO", "unset") != "", "crontab: MAILTO does not throw cron's mail (and so errors) away",
      environment.get("MAILTO"))
crontab_text = (EXAMPLES / "crontab").read_text()
check("Debian's cron ignores CRON_TZ" in crontab_text.replace("\n# ", " ") and "America/Toronto" in crontab_text
      and "OnCalendar=" in crontab_text, "crontab: says up front that Debian's cron ignores CRON_TZ, and the timer")
check(environment.get("PATH", "").endswith("/usr/bin:/bin"), "crontab: PATH line")
fields = jobs[0].split(None, 5)
check(len(fields) == 6 and all(re.fullmatch(r"[0-9*/,-]+", f) for f in fields[:5]), "crontab: five schedule fields")
check(fields[5].startswith("/usr/local/bin/posttim-report "), "crontab: the program by absolute path")
env = dict(environment, HOME=str(home))
result = subprocess.run(["/bin/sh", "-c", command_line(fields[5])], env=env, capture_output=True, text=True)
check(result.returncode == 0 and result.stdout == "" and result.stderr == "", "crontab: the job runs, exit 0, silent",
      result.stderr)
sent += 1

# A failure reaches the user: cron mails what a job prints.
missing = command_line(fields[5]).replace('"$HOME/listeDesTaches.plist"', '"$HOME/missing.plist"')
result = subprocess.run(["/bin/sh", "-c", missing], env=env, capture_output=True, text=True)
check(result.returncode == 66 and "missing.plist" in result.stderr,
      "crontab: a missing task list exits 66 with a message naming it (cron mails it)", result.stderr)

# The evening mail, once the binary takes relative days.
evening = [line[2:] for line in crontab_text.split("\n") if re.match(r"# [0-9*/,-]+ [0-9*/,-]+ [*] [*] [*] /", line)]
check(len(evening) == 1 and "--from tomorrow --to next-workday" in evening[0], "crontab: the evening job, commented",
      evening)
config_text = (EXAMPLES / "cron.conf").read_text(encoding="utf-8")
check("# from = tomorrow\n# to = next-workday\n" in config_text, "cron.conf: the evening window, commented")
probe = subprocess.run([BINARY, str(EXAMPLES / "listeDesTaches.plist"), "--from", "tomorrow", "--to", "next-workday",
                        "--format", "json"], capture_output=True, text=True)
check(probe.returncode == 0, "the binary takes --from tomorrow --to next-workday", probe.stderr)
if probe.returncode == 0 and evening:
    result = subprocess.run(["/bin/sh", "-c", command_line(evening[0].split(None, 5)[5])], env=env,
                            capture_output=True, text=True)
    check(result.returncode == 0 and result.stdout == "" and result.stderr == "",
          "crontab: the evening job runs, exit 0, silent", result.stderr)
    sent += 1
    config = home / ".config/posttim-report/config"
    morning = config.read_text(encoding="utf-8")
    config.write_text(morning.replace("days = 2\n", "from = tomorrow\nto = next-workday\n"), encoding="utf-8")
    result = subprocess.run(["/bin/sh", "-c", command_line(fields[5])], env=env, capture_output=True, text=True)
    check(result.returncode == 0 and result.stdout == "" and result.stderr == "",
          "cron.conf with from = tomorrow and to = next-workday: the job runs, exit 0, silent", result.stderr)
    config.write_text(morning, encoding="utf-8")
    sent += 1

# systemd
service = (EXAMPLES / "systemd/posttim-report.service").read_text()
timer = (EXAMPLES / "systemd/posttim-report.timer").read_text()
if shutil.which("systemd-analyze"):
    folder = Path(tempfile.mkdtemp(prefix="posttim-units-"))
    (folder / "posttim-report.service").write_text(service.replace("/usr/local/bin/posttim-report", BINARY))
    (folder / "posttim-report.timer").write_text(timer)
    # System mode: a user manager needs a login session (XDG_RUNTIME_DIR).
    verify = subprocess.run(["systemd-analyze", "verify", str(folder / "posttim-report.timer"),
                             str(folder / "posttim-report.service")], capture_output=True, text=True)
    check(verify.returncode == 0 and verify.stderr.strip() == "", "systemd-analyze verify: both units",
          verify.stderr)
    calendar = subprocess.run(["systemd-analyze", "calendar", re.search(r"^OnCalendar=(.*)$", timer, re.M).group(1)],
                              capture_output=True, text=True)
    check(calendar.returncode == 0, "systemd-analyze calendar: OnCalendar parses", calendar.stderr)
    shutil.rmtree(folder)
else:
    print("SKIP systemd-analyze verify: systemd-analyze is not installed (Debian package systemd)")
exec_start = re.search(r"^ExecStart=(.*)$", service, re.M).group(1).replace("%h", str(home))
unit_env = {}
for assignment in re.findall(r"^Environment=(.*)$", service, re.M):
    for item in shlex.split(assignment):
        name, _, value = item.partition("=")
        unit_env[name] = value
check("LANG" in unit_env and "TZ" in unit_env, "service: LANG and TZ set")
# systemd runs ExecStart without a shell: split the words itself.
result = subprocess.run(shlex.split(command_line(exec_start)), env=dict(unit_env, HOME=str(home)),
                        capture_output=True, text=True)
check(result.returncode == 0 and result.stdout == "" and result.stderr == "", "service: ExecStart runs, exit 0, silent",
      result.stderr)
sent += 1

messages = []
for _ in range(120):
    if spool.exists() and spool.stat().st_size:
        box = mailbox.mbox(str(spool), create=False)
        messages = [email.message_from_bytes(box.get_bytes(k), policy=policy.default) for k in box.keys()]
        if len(messages) >= sent:
            break
    time.sleep(0.5)
check(len(messages) == sent, f"both example runs delivered ({sent})", len(messages))
for msg in messages:
    defects = [d for part in msg.walk() for d in part.defects]
    check(defects == [], "delivered: no defects")
    check(str(msg["Subject"]).startswith("Agenda du "), "delivered: French subject from the catalog", str(msg["Subject"]))
    check(msg["From"].addresses[0].display_name == "Agenda Post'TIM", "delivered: From display name")
    check([p.get_content_type() for p in msg.iter_parts()] == ["text/plain", "text/html"], "delivered: both parts")
shutil.rmtree(home)
finish()
