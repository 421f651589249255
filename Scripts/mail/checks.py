"""PASS/FAIL bookkeeping shared by the mail check scripts."""
counts = {"passed": 0, "failed": 0}


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
