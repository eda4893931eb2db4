/**
 * Writing a file so that it survives a crash of the process or the machine, shared by the
 * emulator's state file and the provider's journal of creates in flight: the text goes to a
 * temporary file beside the target, which is fsynced and renamed over it, and then the directory
 * is fsynced, so the rename itself is on disk.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** The temporary file a write of `path` by this process goes through. */
export function temporaryOf(path: string): string {
  return `${path}.${process.pid}.tmp`;
}

/**
 * Writes `text` to `path` durably and atomically, blocking; the file is private (0600), and its
 * directory is made when missing (with `dirMode`, default the process's).
 */
export function writeFileDurablySync(path: string, text: string, dirMode?: number): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, ...(dirMode === undefined ? {} : { mode: dirMode }) });
  const temporary = temporaryOf(path);
  const fd = openSync(temporary, "w", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  const dirFd = openSync(dir, "r");
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}
