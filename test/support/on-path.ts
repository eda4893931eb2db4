/** Programs on PATH: the tools the e2e suite and the benches need from the pinned toolchain. */
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The path of `program` in the first PATH directory holding it; undefined when none does. */
export function findOnPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, program))) return join(dir, program);
  }
  return undefined;
}
