/** The files a git range changed, for `fleet matrix --changed <range>`. */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

function git(args: readonly string[], cwd: string): string {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    const stderr = (error as { stderr?: unknown }).stderr;
    const detail = typeof stderr === "string" && stderr.trim() !== "" ? stderr.trim() : String(error);
    throw new Error(`git ${args.join(" ")}: ${detail}`, { cause: error });
  }
}

/**
 * The absolute paths of the files `git diff --name-only <range>` lists, run in `cwd` (a range
 * such as `origin/main...HEAD` or `<before>..<after>`). Renames count as a deletion and an
 * addition, so both the old and the new path are listed.
 */
export function gitChangedFiles(range: string, cwd: string = process.cwd()): string[] {
  if (range.trim() === "" || range.startsWith("-"))
    throw new Error(`--changed: "${range}" is not a git range (such as origin/main...HEAD)`);
  const top = git(["rev-parse", "--show-toplevel"], cwd).trim();
  return git(["diff", "--name-only", "--no-renames", "-z", range, "--"], cwd)
    .split("\0")
    .filter((path) => path !== "")
    .map((path) => resolve(top, path));
}
