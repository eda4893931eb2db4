/**
 * README's quick start as written: its commands and files are read from README.md itself (so this
 * test breaks when the README drifts) and run in a new, empty directory outside the repository
 * against the emulator, with the real npm and Pulumi CLI. The package is the tarball the e2e
 * setup packed (`npm pack` of the built package, as the README tells a user to make one). The
 * only edits are the README's own placeholders (`<base URL>`, `<client id>`, `<client secret>`),
 * filled with the emulator's values. The calls the README says a preview makes are checked
 * against the emulator's request log. The program is examples/typescript-tenant word for word, so
 * this file also proves the example: the preview and the up each count its five resources, the
 * company it made is the platform's only one, a second preview shows no changes, and a mistyped
 * input fails the preview with the TypeScript error, as the README says. Its destroy is no
 * different from organization.test.ts's (same host, same types, tenant left empty).
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { COMPANIES } from "../../src/emulator/org/records";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { newProjectEnv } from "../support/file-stack";
import { packedTarball, repoRoot } from "../support/packed-project";
import { e2eSkipReason, startE2eRecorder } from "./harness";

/** What the quick start tells a user to run and write, in order. */
interface QuickStart {
  /** The lines of each `sh` block, comments and blank lines left out. */
  commands: string[][];
  /** The files, by the name written before their block (`Pulumi.yaml`:). */
  files: Record<string, string>;
  /** The routes the README says a preview of the program calls, once each. */
  previewCalls: string[];
}

/** Reads the quick start out of README.md. */
function readQuickStart(readme: string): QuickStart {
  const start = readme.indexOf("\n## Quick start (TypeScript)");
  if (start < 0) throw new Error('README.md has no "## Quick start (TypeScript)" section');
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const quickStart: QuickStart = { commands: [], files: {}, previewCalls: [] };
  for (const match of section.matchAll(/(?:`([^`\n]+)`:\n\n)?```(\w+)\n([\s\S]*?)```/g)) {
    const [, file, language, body = ""] = match;
    if (file !== undefined) quickStart.files[file] = body;
    else if (language === "sh")
      quickStart.commands.push(
        body.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#")),
      );
  }
  const calls = /The preview of this program sends exactly ([^\n]+(?:\n[^\n]+)*)/.exec(section)?.[1] ?? "";
  quickStart.previewCalls = [...calls.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE) \/[^`]*)`/g)].map(
    (m) => m[1] ?? "",
  );
  return quickStart;
}

describe.skipIf(e2eSkipReason() !== "")("README quick start, run as written in a new directory", () => {
  const quickStart = readQuickStart(readFileSync(join(repoRoot(), "README.md"), "utf8"));
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let dir = "";
  let env: NodeJS.ProcessEnv = {};
  /** Platform calls by route, per command that made any. */
  const calls: Record<string, Record<string, number>> = {};
  /** The stdout of each command run. */
  const printed: Record<string, string> = {};

  /**
   * Runs one README command line in the project directory with the placeholders filled in
   * (asynchronously: the emulator answers from this process).
   */
  const run = async (line: string): Promise<string> => {
    const filled = line
      .replaceAll("<base URL>", recorder.url)
      .replaceAll("<client id>", emulator.bootstrap.clientId)
      .replaceAll("<client secret>", emulator.bootstrap.clientSecret);
    expect(filled, "a placeholder the test does not know").not.toMatch(/<[^>]+>/);
    const before = emulator.admin.lastRequestSeq;
    try {
      const { stdout } = await promisify(execFile)("bash", ["-c", filled], {
        cwd: dir,
        env,
        maxBuffer: 64 << 20,
      });
      printed[line] = stdout;
      return stdout;
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`README command failed: ${line}\n${stdout ?? ""}\n${stderr ?? ""}`, { cause: error });
    } finally {
      const made = emulator.admin.requestCounts(before);
      if (Object.keys(made).length > 0) calls[line] = made;
    }
  };

  beforeAll(async () => {
    emulator = await startEmulator();
    recorder = await startE2eRecorder(emulator.url, "e2e readme-quick-start");
    dir = mkdtempSync(join(tmpdir(), "pulumi-travel-quick-start-"));
    const backend = join(dir, ".pulumi-backend");
    mkdirSync(backend);
    env = newProjectEnv(backend, "quick-start");
  });
  afterAll(async () => {
    await recorder?.close();
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e readme-quick-start");
  });

  it("has install commands, the project's files, deploy commands and the preview's calls", () => {
    expect(quickStart.commands).toHaveLength(2);
    expect(Object.keys(quickStart.files).sort()).toEqual(["Pulumi.yaml", "index.ts", "tsconfig.json"]);
    expect(quickStart.previewCalls.length).toBeGreaterThan(0);
  });

  it("installs the package from the tarball `npm pack` writes", async () => {
    const tarball = packedTarball(inject("packedProjectDir"));
    expect(quickStart.commands[0]?.join("\n")).toContain(`./${basename(tarball)}`);
    copyFileSync(tarball, join(dir, basename(tarball)));
    for (const line of quickStart.commands[0] ?? []) await run(line);
    for (const [file, text] of Object.entries(quickStart.files)) writeFileSync(join(dir, file), text);
  });

  it("previews with the calls the README states, and deploys", async () => {
    const deploy = quickStart.commands[1] ?? [];
    expect(deploy).toContain("pulumi preview");
    for (const line of deploy) await run(line);
    expect(calls["pulumi preview"]).toEqual(Object.fromEntries(quickStart.previewCalls.map((r) => [r, 1])));
    const outputs = JSON.parse(await run("pulumi stack output --json")) as Record<string, string>;
    expect(Object.keys(outputs).sort()).toEqual(["companyId", "officeId"]);
    const companies = emulator.admin.requestCounts(0)["POST /v2/companies"];
    expect(companies).toBe(1);
    // The example's five resources (the stack and four of the package's), created once each.
    expect(printed["pulumi preview"]).toMatch(/\+ 5 to create/);
    expect(printed["pulumi up --yes"]).toMatch(/\+ 5 created/);
    const acme = emulator.context.store
      .records(COMPANIES)
      .values()
      .filter((c) => c.externalId === "acme");
    expect(acme.map((c) => c.id.id)).toEqual([outputs.companyId]);
    await run("pulumi preview --expect-no-changes");
    // README's configuration section: a preview and then the change, one token request each.
    await run("pulumi refresh --yes");
    console.log(`README quick start: platform calls per command: ${JSON.stringify(calls, null, 2)}`);
    for (const command of ["pulumi up --yes", "pulumi refresh --yes"])
      expect(calls[command]?.[quickStart.previewCalls[0] ?? ""], command).toBe(2);
  });

  it("fails the preview with the TypeScript error when the program is mistyped, naming the Args interface", async () => {
    const source = join(dir, "index.ts");
    const good = readFileSync(source, "utf8");
    writeFileSync(
      source,
      [
        `import { CompanyConfig, CostCenter } from "pulumi-travel";`,
        `new CompanyConfig("c", { companyId: "x", kind: "color", companyRole: "ORG", config: { profileColours: [] } });`,
        `new CostCenter("cc", { companyId: "x", nmae: "Sales" });`,
        "",
      ].join("\n"),
    );
    try {
      const failure = run("pulumi preview");
      await expect(failure).rejects.toThrow(/TS2353|profileColours/);
      await expect(failure).rejects.toThrow("'nmae' does not exist in type 'CostCenterArgs'");
    } finally {
      writeFileSync(source, good);
    }
  });
});
