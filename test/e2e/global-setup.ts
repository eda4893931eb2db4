/**
 * Packs this package with `npm pack` and installs the tarball into a temporary Pulumi project
 * directory, the way users consume it (test/support/packed-project.ts). E2E tests put their
 * programs below that directory. The repository's TypeScript is linked into its node_modules, for
 * programs run with `typescript: true` (a user's project installs it, as the README's quick start
 * does: the TypeScript `@pulumi/pulumi` vendors is 3.8, which reads no `nodenext` tsconfig).
 * Under CI=true a missing Pulumi CLI fails the run instead of skipping the tests.
 *
 * Every e2e file sends the provider's requests through a contract recorder (harness.ts,
 * `startE2eRecorder`), and each recorder appends what it saw to one log as it closes. The teardown
 * prints the suite's tally and fails the run on any request that broke the vendor's documents,
 * whichever file sent it (each file also fails on its own). It also fails the run when a test
 * left a record of a create in flight in the user's own journal (`userJournalRecordsSince`): every
 * program the suite runs journals in its test file's directory (test/support/clean-env.ts).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { findOnPath } from "../support/on-path";
import { createPackedProject, repoRoot } from "../support/packed-project";
import { createJournalDir } from "../../src/provider/operations/create-journal";

declare module "vitest" {
  export interface ProvidedContext {
    /** Directory whose node_modules holds the packed pulumi-travel and @pulumi/pulumi. */
    packedProjectDir: string;
    /** Set when the e2e tests cannot run here (never under CI=true). */
    e2eSkipReason: string;
    /** The file every contract recorder of the suite appends its tally to. */
    contractLog: string;
  }
}

/** One closed recorder's line in the log. */
interface RecorderLine {
  label: string;
  checked: number;
  violations: { method: string; path: string; issues: string[] }[];
}

/** Prints the suite's tally of the contract recorders; throws when one saw a violation. */
function assertContractLog(file: string): void {
  const lines = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as RecorderLine)
    : [];
  const checked = lines.reduce((sum, line) => sum + line.checked, 0);
  const broken = lines.flatMap((line) =>
    line.violations.map((v) => `${line.label}: ${v.method} ${v.path}: ${v.issues.join("; ")}`),
  );
  console.log(
    `contract recorder: ${checked} requests to vendor-documented routes checked by ${lines.length} recorders; ${broken.length} violations`,
  );
  if (broken.length > 0)
    throw new Error(
      `${broken.length} request(s) of the e2e suite broke the vendor's documents:\n${broken.join("\n")}`,
    );
}

export default async function setup(project: TestProject): Promise<() => void> {
  const missing = [
    "pulumi",
    "pulumi-language-nodejs",
    "pulumi-language-yaml",
    "pulumi-resource-pulumi-nodejs",
  ].filter((p) => !findOnPath(p));
  if (missing.length > 0) {
    const reason = `${missing.join(", ")} not found on PATH; run scripts/bootstrap (npm test does)`;
    if (process.env.CI === "true") throw new Error(`CI=true: the e2e tests need the Pulumi CLI: ${reason}`);
    project.provide("e2eSkipReason", reason);
    project.provide("packedProjectDir", "");
    project.provide("contractLog", "");
    return () => undefined;
  }
  const dir = createPackedProject("pulumi-travel-e2e-");
  symlinkSync(join(repoRoot(), "node_modules", "typescript"), join(dir, "node_modules", "typescript"));
  const logDir = mkdtempSync(join(tmpdir(), "pulumi-travel-contract-"));
  const contractLog = join(logDir, "recorders.jsonl");
  project.provide("packedProjectDir", dir);
  project.provide("e2eSkipReason", "");
  project.provide("contractLog", contractLog);
  const startedAt = Date.now();
  return () => {
    rmSync(dir, { recursive: true, force: true });
    try {
      assertContractLog(contractLog);
    } finally {
      rmSync(logDir, { recursive: true, force: true });
    }
    const left = userJournalRecordsSince(startedAt);
    if (left.length > 0)
      throw new Error(
        `e2e tests wrote ${left.length} record(s) of creates in flight into the user's journal (${left.join(", ")}): ` +
          "a program a test runs must journal in its file's directory (test/support/clean-env.ts)",
      );
  };
}

/** The records in the user's own journal of creates in flight written since `since` (ms). */
function userJournalRecordsSince(since: number): string[] {
  const { TRAVEL_CREATE_JOURNAL_DIR: _ignored, ...userEnv } = process.env;
  const root = createJournalDir(userEnv);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((name) => join(root, name))
    .filter((path) => path.endsWith(".json") && statSync(path).mtimeMs >= since);
}
