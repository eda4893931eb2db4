/**
 * State written by the 0.1.0 package keeps working after an upgrade to this one: the stack is
 * created with 0.1.0 (built and packed from its release commit in git at test time, cached per
 * user as scripts/bootstrap caches its builds), then the current packed package is installed over it and the real engine
 * refreshes, updates and destroys it.
 *
 * Why not a committed fixture state file: a checkpoint carries the emulator's ids, URL and
 * encrypted secrets of the run that made it, and its `__provider` code is whatever the 0.1.0
 * build emitted; regenerating it from the release commit tests the real artefact and cannot go
 * stale.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { createFileStack } from "../support/file-stack";
import { toolCacheDir } from "../../scripts/tool-cache";
import { installProject, npmInstall, packedTarball, repoRoot } from "../support/packed-project";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { countCalls, e2eSkipReason, startE2eRecorder } from "./harness";

/** The 0.1.0 release commit. */
const RELEASE_0_1_0 = "0f0fd61";
const root = repoRoot();
const TOKEN = "POST /v2/auth/oauth2-token";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const config = new pulumi.Config();
const address = { addressLines: ["1 Main Street"], regionCode: "US" };
const company = new travel.Company("acme", { name: config.require("companyName"), billingCurrency: "USD", externalId: "compat" });
const companyId = company.companyId;
const entity = new travel.LegalEntity("us", { companyId, name: "Acme US", billingCurrency: "USD", address, externalId: "le-us" });
new travel.CostCenter("sales", { companyId, name: "Sales", externalId: "cc-sales" });
new travel.Office("hq", { companyId, legalEntityId: entity.legalEntityId, name: "HQ", address });
exports.companyId = companyId;
`;

/** Builds and packs 0.1.0 from git once per user (the per-user cache); returns the tarball's path. */
function packRelease(): string {
  const cache = join(toolCacheDir(), `release-${RELEASE_0_1_0}`);
  const tarball = join(cache, "pulumi-travel-0.1.0.tgz");
  if (existsSync(tarball)) return tarball;
  const work = mkdtempSync(join(tmpdir(), "pulumi-travel-release-"));
  try {
    const archive = execFileSync("git", ["archive", RELEASE_0_1_0], {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    });
    execFileSync("tar", ["-x", "-C", work], { input: archive });
    symlinkSync(join(root, "node_modules"), join(work, "node_modules"));
    execFileSync(
      process.execPath,
      [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"],
      {
        cwd: work,
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    mkdirSync(cache, { recursive: true });
    execFileSync("npm", ["pack", "--silent", "--pack-destination", cache], {
      cwd: work,
      stdio: ["ignore", "ignore", "inherit"],
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(tarball)) throw new Error(`npm pack of ${RELEASE_0_1_0} did not write ${tarball}`);
  return tarball;
}

interface StateResource {
  type: string;
  outputs?: { __provider?: string };
}

describe.skipIf(e2eSkipReason() !== "")("state written by 0.1.0 after an upgrade", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let stack: Stack;
  let dir: string;
  let companyId: string;

  const providers = async (): Promise<string[]> => {
    const state = (await stack.exportStack()) as { deployment: { resources: StateResource[] } };
    return state.deployment.resources
      .filter((r) => r.type.includes("travel:"))
      .map((r) => r.outputs?.__provider ?? "");
  };

  beforeAll(async () => {
    const oldTarball = packRelease();
    emulator = await startEmulator({ logErrors: false });
    // Both packages' requests (0.1.0's, then this one's) are checked against the vendor documents.
    recorder = await startE2eRecorder(emulator.url, "e2e state-compat");
    ({ stack, programDir: dir } = await createFileStack({
      under: inject("packedProjectDir"),
      project: "compat",
      program: PROGRAM,
      emulator: { ...emulator, url: recorder.url },
      stackName: "compat",
      config: { "compat:companyName": "Acme" },
    }));
    // The program's own node_modules, with 0.1.0, shadow the packed project's current package.
    installProject(dir, "compat", { "pulumi-travel": `file:${oldTarball}` });
  });
  afterAll(async () => {
    await recorder?.close();
    await emulator?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e state-compat");
  });

  it("creates the stack with 0.1.0 (seven serialized methods calling runtimeProvider)", async () => {
    const result = await stack.up();
    expect(result.summary.resourceChanges).toEqual({ create: 5 });
    companyId = result.outputs.companyId?.value as string;
    const written = await providers();
    expect(written).toHaveLength(4);
    for (const provider of written) {
      expect(provider).toContain("runtimeProvider(type)");
      expect(provider.length).toBeGreaterThan(2000);
    }
  });

  it("refreshes the 0.1.0 state with the current package, one read per resource", async () => {
    npmInstall(dir, packedTarball(inject("packedProjectDir")));
    const { result, calls } = await countCalls(emulator, () => stack.refresh({ expectNoChanges: true }));
    expect(result.summary.resourceChanges).toEqual({ same: 5 });
    expect(calls[TOKEN]).toBe(1);
    expect(Object.values(calls).reduce((a, b) => a + b, 0)).toBe(1 + 4);
  });

  it("previews without changes and updates a renamed resource in place", async () => {
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: 5 });
    await stack.setConfig("compat:companyName", { value: "Acme Renamed" });
    const { result, calls } = await countCalls(emulator, () => stack.up());
    expect(result.summary.resourceChanges).toEqual({ same: 4, update: 1 });
    expect(result.outputs.companyId?.value).toBe(companyId);
    expect(calls["PUT /v2/companies/:companyId"]).toBe(1);
    expect(JSON.stringify(emulator.admin.snapshot())).toContain("Acme Renamed");
    // The updated resource now carries the current, small provider.
    const written = await providers();
    expect(written.some((p) => p.includes(".invoke(type, 0, a)") && p.length <= 1024)).toBe(true);
    // Unchanged resources keep the outputs, and so the provider, that 0.1.0 wrote: destroy below
    // runs both.
    expect(written.filter((p) => p.includes("runtimeProvider(type)")).length).toBeGreaterThan(0);
  });

  it("destroys everything, old and new providers alike", async () => {
    const { result } = await countCalls(emulator, () => stack.destroy());
    expect(result.summary.resourceChanges).toEqual({ delete: 5 });
    expect(JSON.stringify(emulator.admin.snapshot())).not.toContain(companyId);
  });
});
