/**
 * Errors the program's process throws while it declares resources (an unknown property, a
 * duplicate unique value, an option group on an arm without one). The language host prints an
 * unhandled error's stack, and with the package's source maps its frames point into `src/*.ts`
 * files the package does not ship; the frames of this package and of Node itself are therefore
 * left out, and those of the user's program kept (they say which line declared the resource).
 */
import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { redactText } from "../../../client/redact";

/** The package's directory: the nearest one above this file that holds a package.json. */
function packageRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return `${dir}${sep}`;
}

/** True for a stack line that is a frame of this package or of Node's internals. */
function hiddenFrame(line: string, root: string): boolean {
  return line.includes(root) || /\(node:|at node:/.test(line);
}

/** `stack` without the frames of this package and of Node's internals, below `heading`. */
export function userFrames(stack: string, heading: string, root: string = packageRoot()): string {
  const frames = stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .filter((line) => !hiddenFrame(line, root));
  return [heading, ...frames].join("\n");
}

/** An error for the program's process: its message redacted, its stack the user's frames only. */
export function programError(message: string): Error {
  const error = new Error(redactText(message));
  error.stack = userFrames(error.stack ?? "", `Error: ${error.message}`);
  return error;
}
