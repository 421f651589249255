"""PASS/FAIL bookkeeping shared by the mail check scripts."""
import fcntl

counts = {"passed": 0, "failed": 0}

# Every mail check empties and reads the one test mailbox,
# /var/mail/posttimtest, and the test suites run side by side: each script
# holds this lock for its whole life, so no other check's message lands in
# the mailbox it is reading.
_mailbox_lock = open("/tmp/posttim-mail-checks.lock", "w")
fcntl.flock(_mailbox_lock, fcntl.LOCK_EX)


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
