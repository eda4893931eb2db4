/**
 * The plugin's start, spawn to serving (its port on stdout, which is when the engine can talk to
 * it), for the two forms a user gets: the single executable of `npm run plugin:release` and the
 * npm-installed plugin of `npx pulumi-travel plugin install` (a sh launcher running node on the
 * installed package). Each is started `runs` times in turn after one warm-up each, and killed once
 * it serves. Figures only; nothing here asserts a timing.
 */
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writePluginRelease } from "../scripts/plugin-release/release";
import { repoRoot } from "../test/support/packed-project";
import { releaseExecutable } from "../test/support/release-executable";

/** The two forms, in the order of the table. */
export const START_FORMS = ["single executable", "npm-installed plugin"] as const;
export type StartForm = (typeof START_FORMS)[number];

/** The start times of one bench run. */
export interface StartFigures {
  runs: number;
  /** Every start, in milliseconds, sorted, per form. */
  ms: Record<StartForm, number[]>;
  /** The release tarball's and the executable's sizes in bytes. */
  tarballBytes: number;
  executableBytes: number;
}

/** Milliseconds from spawning `program` to the first line on its stdout; the process is then killed. */
export function timeToServe(program: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = process.hrtime.bigint();
  const child = spawn(program, [], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  return new Promise<number>((resolve, reject) => {
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
    child.on("error", reject);
    child.on("close", (code) => reject(new Error(`${program} exited ${code} before serving: ${stderr}`)));
  }).finally(() => child.kill());
}

/** The middle value of sorted `values` (the mean of the two middle ones for an even count). */
export function median(sorted: readonly number[]): number {
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Starts both forms `runs` times each: the release's executable (built, or taken from the per-user
 * cache) and the plugin `plugin install --dir` writes from the package installed in
 * `packedProjectDir`.
 */
export async function measurePluginStart(packedProjectDir: string, runs: number): Promise<StartFigures> {
  const work = mkdtempSync(join(tmpdir(), "pulumi-travel-bench-start-"));
  try {
    const release = await writePluginRelease(repoRoot(), join(work, "release"));
    const executable = join(work, "pulumi-resource-travel");
    writeFileSync(executable, releaseExecutable(release.tarball).content);
    chmodSync(executable, 0o755);
    const installed = join(work, "npm-plugin");
    execFileSync("npx", ["pulumi-travel", "plugin", "install", "--dir", installed], {
      cwd: packedProjectDir,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const programs: Record<StartForm, string> = {
      "single executable": executable,
      "npm-installed plugin": join(installed, "pulumi-resource-travel"),
    };
    const ms: Record<StartForm, number[]> = { "single executable": [], "npm-installed plugin": [] };
    for (const form of START_FORMS) await timeToServe(programs[form], process.env);
    for (let i = 0; i < runs; i++)
      // Which form goes first alternates, so neither always starts on the other's heels.
      for (const form of i % 2 === 0 ? START_FORMS : [...START_FORMS].reverse())
        ms[form].push(await timeToServe(programs[form], process.env));
    for (const form of START_FORMS) ms[form].sort((a, b) => a - b);
    return { runs, ms, tarballBytes: release.tarballBytes, executableBytes: release.executableBytes };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The figures as a Markdown table: median, fastest and slowest start of each form, then the sizes. */
export function formatStartResults(figures: StartFigures): string {
  const row = (form: StartForm) => {
    const sorted = figures.ms[form];
    return `| ${form} | ${median(sorted).toFixed(0)} ms | ${(sorted[0] ?? 0).toFixed(0)} ms | ${(sorted.at(-1) ?? 0).toFixed(0)} ms |`;
  };
  return [
    `| plugin start, spawn to serving (${figures.runs} runs each) | median | fastest | slowest |`,
    "|---|---|---|---|",
    ...START_FORMS.map(row),
    "",
    `release tarball ${figures.tarballBytes} bytes (${(figures.tarballBytes / 1e6).toFixed(1)} MB), ` +
      `executable ${figures.executableBytes} bytes (${(figures.executableBytes / 1e6).toFixed(1)} MB)`,
  ].join("\n");
}
