/**
 * A Node.js single executable application of the plugin (Node's `--experimental-sea-config`): a
 * copy of the `node` binary running this script, with a blob injected (by postject) that holds the
 * bundle as its main script, V8's code cache of it, and the package's run-time files as assets
 * (`RUNTIME_PACKAGE_FILES`, read there through `node:sea`). The blob must be made by the same
 * binary it is injected into, so both are `process.execPath`.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RUNTIME_PACKAGE_FILES } from "../../src/package-files/package-file";

/** The fuse Node's binary carries for a single executable's blob (Node's documentation). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** postject's API (the package ships no types). */
interface Postject {
  inject: (
    file: string,
    resource: string,
    data: Buffer,
    options: { sentinelFuse: string; overwrite?: boolean },
  ) => Promise<void>;
}

/** Options of {@link writeSingleExecutable}. */
export interface SingleExecutableOptions {
  /** The bundle (one CommonJS file) the executable runs. */
  bundle: string;
  /** The repository root, whose run-time files become the assets. */
  root: string;
  /** Where to write the executable. */
  output: string;
  /** The Node binary to copy; its version makes the blob. Default: the one running this. */
  node?: string;
}

/** Writes the single executable to `output` (mode 0755). */
export async function writeSingleExecutable(options: SingleExecutableOptions): Promise<void> {
  const node = options.node ?? process.execPath;
  const work = mkdtempSync(join(tmpdir(), "pulumi-travel-sea-"));
  try {
    const main = join(work, "plugin.js");
    const blob = join(work, "plugin.blob");
    const config = join(work, "sea-config.json");
    writeFileSync(main, options.bundle);
    writeFileSync(
      config,
      JSON.stringify({
        main,
        output: blob,
        disableExperimentalSEAWarning: true,
        useCodeCache: true,
        assets: Object.fromEntries(RUNTIME_PACKAGE_FILES.map((path) => [path, join(options.root, path)])),
      }),
    );
    const made = spawnSync(node, ["--experimental-sea-config", config], { cwd: work, encoding: "utf8" });
    if (made.error) throw new Error(`could not run ${node}: ${made.error.message}`, { cause: made.error });
    if (made.status !== 0)
      throw new Error(
        `${node} --experimental-sea-config failed (exit ${made.status}): ${made.stderr.trim()}`,
      );
    copyFileSync(node, options.output);
    chmodSync(options.output, 0o755);
    await injectBlob(options.output, readFileSync(blob));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Injects `blob` into `executable`. postject's ELF library prints a note for each of Node's
 * `.note` sections it cannot name (`Can't find string offset for section name '.note.100'`),
 * harmless; they are kept back and shown only when the injection fails.
 */
async function injectBlob(executable: string, blob: Buffer): Promise<void> {
  const { inject } = require("postject") as Postject;
  const notes: string[] = [];
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => notes.push(args.map(String).join(" "));
  try {
    await inject(executable, "NODE_SEA_BLOB", blob, { sentinelFuse: SEA_FUSE });
  } catch (error) {
    throw new Error(
      `postject could not inject the blob into ${executable}: ${error instanceof Error ? error.message : String(error)}${notes.length > 0 ? `\n${notes.join("\n")}` : ""}`,
      { cause: error },
    );
  } finally {
    console.warn = warn;
  }
}
