/**
 * A reader that stops reading (`pulumi-travel emulator --help | head -1`) closes the pipe under
 * the command's output; the next write fails with EPIPE. Like `git` and `ls`, the command then
 * ends quietly: nothing is left to tell a reader who has gone.
 */

/** Makes a closed pipe on stdout or stderr end the process quietly with `exitCode` (0 by default). */
export function endQuietlyOnClosedPipe(exitCode = 0): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE") process.exit(exitCode);
      throw error;
    });
  }
}
