// CSpawn: starting a program that dies with the process that started it.
//
// posix_spawn cannot set PR_SET_PDEATHSIG in the child, so a sendmail
// started with it outlived a run killed with SIGKILL. This header has no
// includes (plain C types only), so Swift's Glibc module and it never meet
// one declaration twice.
#ifndef CSPAWN_H
#define CSPAWN_H

#ifdef __cplusplus
extern "C" {
#endif

/// Starts `path` with `argv` (NULL-terminated, argv[0] included) and `envp`
/// as posix_spawn with these file actions and attributes would:
/// - `input` on descriptor 0; descriptors 1 and 2 as they are, or /dev/null
///   (write-only) where closed; every other descriptor closed;
/// - a process group of its own (the child's PID);
/// - no signal blocked; SIGPIPE and SIGXFSZ, and every signal this process
///   handles, at their default action;
/// and also killed (SIGKILL) when the calling thread ends: call it from the
/// thread that then waits for the child, and wait before that thread ends.
/// A child whose parent is already gone when it starts exits with 127.
///
/// Returns 0 and sets `*pid`, or the errno of what failed: starting a
/// process (EAGAIN, ENOMEM), setting the child up, or execve (ENOENT,
/// EACCES, ENOEXEC, …), with no child left behind.
int cspawn_start_tied(const char *path, char *const argv[], char *const envp[], int input,
                      int *pid);

#ifdef __cplusplus
}
#endif

#endif
