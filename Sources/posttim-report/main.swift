// posttim-report: everything but this line lives in PosttimReportCLI, so
// tests drive the same code in-process.
import Foundation
import PosttimReportCLI

exit(ReportCommand(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment).run().rawValue)
