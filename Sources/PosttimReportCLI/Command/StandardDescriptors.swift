import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Descriptors 0, 1 and 2 are never left closed: a run started with one
/// closed (`>&-` in a cron line) would otherwise get it back from the next
/// `open` or `memfd_create`, and write its report into its own staging file,
/// or its diagnostics into a journal. Each closed one is `/dev/null` opened
/// the other way round, so that using it fails as a closed one does (EBADF:
/// a report not written is exit 74) and nothing else can take its number;
/// diagnostics on a closed standard error are dropped.
public enum StandardDescriptors {
  public static func reserve() {
    for (descriptor, flags) in [(Int32(0), O_WRONLY), (1, O_RDONLY), (2, O_WRONLY)]
    where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
      let opened = open("/dev/null", flags | O_CLOEXEC)
      // open returns the lowest free number: the closed one, as 0–2 go in order.
      if opened >= 0, opened != descriptor {
        _ = dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
