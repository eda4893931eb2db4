/**
 * The check that the committed SDKs (sdk/go, sdk/python, sdk/dotnet, sdk/nodejs) are what scripts/gen-sdk
 * writes from schemas/pulumi-package.json now: it regenerates into a temporary folder and names
 * every file that differs, is missing or is extra. scripts/gen-sdk/generate builds the generator
 * once per version of its sources into the per-user cache, so a later check only runs it (~1 s).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { findOnPath } from "./on-path";

/** The languages scripts/gen-sdk writes, each a directory of sdk/. */
export const SDK_LANGUAGES = ["go", "python", "dotnet", "nodejs"] as const;

/** The Go toolchain's `go`: on PATH, else Go's default install directory; undefined when absent. */
export function goBinary(): string | undefined {
  return findOnPath("go") ?? (existsSync("/usr/local/go/bin/go") ? "/usr/local/go/bin/go" : undefined);
}

/** Every file below `dir`, relative to it, sorted. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * How the SDKs in `committed` differ from `generated` (both holding go/, python/, dotnet/, nodejs/): one
 * line per file, `<language>/<path>: differs | missing | not generated`.
 */
export function sdkDifferences(committed: string, generated: string): string[] {
  const out: string[] = [];
  for (const language of SDK_LANGUAGES) {
    const want = filesBelow(join(generated, language));
    const have = filesBelow(join(committed, language));
    for (const file of want) {
      if (!have.includes(file)) out.push(`${language}/${file}: missing`);
      else if (
        !readFileSync(join(generated, language, file)).equals(readFileSync(join(committed, language, file)))
      )
        out.push(`${language}/${file}: differs`);
    }
    for (const file of have.filter((name) => !want.includes(name)))
      out.push(`${language}/${file}: not generated`);
  }
  return out;
}

/**
 * Regenerates the SDKs of the repository at `root` into a temporary folder and returns how the
 * SDKs in `committed` (default: `root`/sdk) differ from them. Throws when there is no Go toolchain.
 */
export function checkSdks(root: string, committed: string = join(root, "sdk")): string[] {
  const go = goBinary();
  if (go === undefined)
    throw new Error("no Go toolchain (go) on PATH or in /usr/local/go/bin to build scripts/gen-sdk");
  const out = mkdtempSync(join(tmpdir(), "pulumi-travel-sdk-"));
  try {
    execFileSync("bash", [join(root, "scripts", "gen-sdk", "generate"), out], {
      env: { ...process.env, PATH: `${join(go, "..")}:${process.env.PATH ?? ""}` },
      stdio: ["ignore", "ignore", "pipe"],
    });
    return sdkDifferences(committed, out);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
