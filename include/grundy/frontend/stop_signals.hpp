#pragma once
// Ctrl-C (SIGINT) and SIGTERM: grundy stops cleanly. It takes back what it
// wrote to a regular file on standard output (output.hpp), finishes a
// progress line, says "grundy: interrupted" on stderr, and ends by the
// signal itself: the shell reports exit status 130 (143 for SIGTERM).
//
// Why a thread waiting in sigwait rather than a signal handler: the signals
// are blocked in every thread, so the clean-up runs as ordinary code, which
// may take the output's lock and wait for a write in progress to finish
// before it truncates the file. A handler could interrupt any thread at any
// point, including another thread's write into the file it truncates, and
// could use only async-signal-safe calls. The thread also acts while the
// main thread is deep in a computation that cannot be interrupted
// (primecount's), which a flag checked by the computation could not.
//
// Work that keeps what it found when interrupted (a search saving its table
// file, interrupt.hpp's KeepOnInterrupt) is asked to stop rather than cut
// short: the thread then waits for it before it ends the process (a second
// signal ends it at once).
//
// Why end by the signal rather than exit(130): a shell running a script or
// a loop stops it when a command was killed by SIGINT, and goes on when the
// command exited normally (it then assumes the command handled Ctrl-C as
// part of its work, as an editor does).

namespace grundy::frontend {

// Blocks SIGINT and SIGTERM and starts the thread that waits for them. Call
// at the start of main, before any other thread exists, so that every later
// thread (progress, primecount's) inherits the blocked signals. A signal
// ignored when grundy starts (SIGINT is, for a command a script starts with
// '&') stays ignored.
void handle_interruptions();

// Whether SIGINT was ignored when grundy started, as handle_interruptions
// found it: then Ctrl-C cannot stop this process, and a program that would
// say it does (serve) says how to stop it instead.
[[nodiscard]] bool interrupt_ignored();

// For `grundy play`: standard output is a transcript of the game so far,
// kept as it is, and on a terminal its prompt is showing, so the message
// starts on a new line.
void keep_transcript_when_interrupted();

// For the main thread when Interrupted reaches it: the thread handling the
// signal asked for it and is about to end the process, so this one waits
// for that rather than exit with another status. Returns at once when no
// signal is being handled.
void wait_to_be_ended();

}  // namespace grundy::frontend
