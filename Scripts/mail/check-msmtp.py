#!/usr/bin/env python3
"""Mail without a local MTA: --send --sendmail /usr/bin/msmtp, msmtp speaking
SMTP to the exim listening on 127.0.0.1:25, delivered to posttimtest.

    check-msmtp.py BINARY

msmtp reads the test's own ~/.msmtprc (a scratch HOME): host 127.0.0.1,
port 25, no auth, no TLS. The message is found in /var/mail/posttimtest by
its unique Reply-To and read back with mailbox and email, then checked as
check-email.py checks the local MTA's deliveries (headers, both parts equal
to the text and html writers' output), plus the proof of the path: exim's
Received line says it came over SMTP from 127.0.0.1 ("with esmtp"), and
msmtp's log says it sent it. Prints PASS/FAIL lines and "N passed, M
failed"; exit 1 on any failure.
"""
import importlib.util
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
HERE = Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("check_email", HERE / "check-email.py")
check_email = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_email)
from checks import check, delivered, finish  # noqa: E402  (check-email.py put HERE on sys.path)

MSMTPRC = """# The test's account: the local exim, no auth, no TLS.
defaults
logfile ~/msmtp.log
account local
host 127.0.0.1
port 25
auth off
tls off
from agenda@example.org
account default : local
"""


def main():
    home = Path(tempfile.mkdtemp(prefix="posttim-msmtp-"))
    rc = home / ".msmtprc"
    rc.write_text(MSMTPRC)
    rc.chmod(0o600)  # msmtp refuses a configuration others can read
    marker = f"msmtp-{uuid.uuid4().hex}@example.org"
    result = subprocess.run(
        [check_email.BINARY] + check_email.report_args("fr_CA") + [
            "--send", "--sendmail", "/usr/bin/msmtp", "--mail-from", check_email.FROM,
            "--mail-to", "posttimtest@localhost", "--reply-to", marker],
        capture_output=True, env={"PATH": "/usr/bin:/bin", "HOME": str(home)})
    check(result.returncode == 0 and result.stdout == b"", "--send --sendmail /usr/bin/msmtp exits 0, prints nothing",
          result.stderr.decode())
    log = (home / "msmtp.log").read_text() if (home / "msmtp.log").exists() else ""
    check("host=127.0.0.1" in log and "recipients=posttimtest@localhost" in log and "exitcode=EX_OK" in log,
          "msmtp's log: sent to 127.0.0.1 for posttimtest@localhost, EX_OK", log)

    found = delivered(marker)
    message = found[0][1] if found else None
    check(message is not None, "delivered to /var/mail/posttimtest")
    if message is not None:
        check_email.check_message(message, "fr_CA", "msmtp fr_CA", ["posttimtest@localhost"])
        received = " ".join(str(message["Received"]).split())
        check(received.startswith("from [127.0.0.1]") and " with esmtp " in received,
              "exim received it over SMTP from 127.0.0.1, not from a local sendmail", received)
        check(str(message["Return-Path"]) == "<agenda@example.org>", "envelope sender: msmtprc's from",
              str(message["Return-Path"]))
    for leftover in home.iterdir():
        leftover.unlink()
    home.rmdir()
    finish()


if __name__ == "__main__":
    main()
