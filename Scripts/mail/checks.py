"""PASS/FAIL bookkeeping shared by the mail check scripts, and the wait for
a run's own messages in the test mailbox."""
import email
import fcntl
import mailbox
import time
from email import policy
from pathlib import Path

SPOOL = Path("/var/mail/posttimtest")

counts = {"passed": 0, "failed": 0}

# Every mail check empties and reads the one test mailbox,
# /var/mail/posttimtest, and the test suites run side by side: each script
# holds this lock for its whole life, so no other check's message lands in
# the mailbox it is reading.
_mailbox_lock = open("/tmp/posttim-mail-checks.lock", "w")
fcntl.flock(_mailbox_lock, fcntl.LOCK_EX)


def delivered(marker, count=1):
    """The messages in the test mailbox that carry `marker` (a check's own
    Reply-To), as (raw bytes, parsed message), once `count` of them are there
    or after 60 s. The MTA delivers in the background: another check's
    message may land after a mailbox was emptied, and on a fresh machine the
    first delivery makes the mailbox."""
    messages = []
    for _ in range(120):
        if SPOOL.exists():
            box = mailbox.mbox(str(SPOOL), factory=None, create=False)
            stored = [box.get_bytes(key) for key in box.keys()]
            box.close()
            messages = [(raw, email.message_from_bytes(raw, policy=policy.default)) for raw in stored
                        if marker.encode() in raw]
            if len(messages) >= count:
                break
        time.sleep(0.5)
    return messages


def check(condition, label, detail=""):
    """Prints PASS or FAIL (with the detail) for one check."""
    if condition:
        counts["passed"] += 1
        print(f"PASS {label}")
    else:
        counts["failed"] += 1
        print(f"FAIL {label} {detail}"[:4000])


def finish():
    """Prints the totals and exits 1 when anything failed."""
    import sys
    print(f"{counts['passed']} passed, {counts['failed']} failed")
    sys.exit(1 if counts["failed"] else 0)
