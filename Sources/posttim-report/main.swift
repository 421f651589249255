// posttim-report: everything but this file lives in PosttimReportCLI, so
// tests drive the same code in-process.
import FoundationEssentials
import Glibc
import PosttimReportCLI

// A stack below what a run needs (`ulimit -s 32`) was raised, the binary
// started again with it, by CStackLimit's constructor, before the Swift
// runtime's initialisers (which overflow a stack of 16 KiB).
// ICU_DATA, ICU_TIMEZONE_FILES_DIR, SWIFT_BACKTRACE and SWIFT_ROOT were
// removed from the environment by CStartupEnvironment's constructor, before
// ICU or the Swift runtime read them.
// A closed 0, 1 or 2 is held by /dev/null before anything is opened.
StandardDescriptors.reserve()
// A reader that goes away (`| head`, a closed FIFO) is a write error,
// exit 74 with a message, rather than death by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
// Under `ulimit -v`, threads must not each reserve a malloc arena; without
// a limit, heaps grow in large steps, in huge pages.
MemoryReserve.configureAllocator()
// Past `ulimit -f`, a write fails with EFBIG, so the temporary file is
// removed and the run exits 74, rather than being killed by SIGXFSZ.
signal(SIGXFSZ, SIG_IGN)
// SIGHUP, SIGINT, SIGQUIT, SIGTERM: clean up, then die of the signal.
SignalCleanup.install()
// Arguments and variables that are not UTF-8 are refused, never used
// repaired with U+FFFD as another file's name.
var command = UndecodableInput.processCommand()
command.exitsAfterRun = true
exit(command.run().rawValue)
