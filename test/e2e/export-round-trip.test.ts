/**
 * Issue 13's round trip through the real engine: a tenant built through the API alone is exported
 * with `pulumi-travel export`; `pulumi up` with that manifest adopts every object (no create, no
 * delete on the platform, the tenant unchanged); and the next up, of an edit to the YAML, makes
 * exactly that change and nothing else (every other resource the same: no preview of its own). Issue 23's TypeScript round trip of the same tenant:
 * `export --format typescript` writes a project, which gets the packed package with `npm install`,
 * type-checks with `tsc --noEmit`, adopts the tenant on a stack of its own in the same way, and
 * shows no changes on a second preview.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { StateSnapshot } from "../../src/emulator";
import { CLI, runNode, runProgram, travelEnv } from "../cli/harness";
import { type BuiltTenant, buildTenant } from "../support/build-tenant";
import { openFileStack } from "../support/file-stack";
import { clientFor } from "../support/live-emulator";
import { npmInstall, packedTarball } from "../support/packed-project";
import { createEnvironment, e2eSkipReason, type E2eEnvironment } from "./harness";

const PROGRAM = `const { tenantFromManifest } = require("pulumi-travel");
const tenant = tenantFromManifest(require("path").join(__dirname, "tenant.yaml"));
exports.companyId = tenant.company.companyId;
`;

/** Calls that read, list or converge: anything else (a POST that creates, a DELETE) is a change. */
const NON_CREATING_POST = /\/(list|roles|reorder|per-trip|oauth2-token)$/;

/** Bookkeeping an adopting update may touch: not part of the tenant. */
const BOOKKEEPING = new Set(["updatedAtMs", "updatedBy", "atMs"]);

/** `value` as JSON with keys sorted and bookkeeping left out, so key order does not count. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "object" && item !== null && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item)
            .filter(([key]) => !BOOKKEEPING.has(key))
            .sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );
}

/**
 * The records (`collection/id`) that differ between two snapshots, tokens aside. A config document
 * the platform always has reads as its default until stored: adopting it stores that same
 * document, so a new `companyConfigs` record is not a change (the re-export proves it reads the same).
 */
function changedRecords(before: StateSnapshot, after: StateSnapshot): string[] {
  const names = new Set([...Object.keys(before.collections), ...Object.keys(after.collections)]);
  names.delete("tokens");
  return [...names].flatMap((name) => {
    const a = before.collections[name] ?? {};
    const b = after.collections[name] ?? {};
    return [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((id) => canonical(a[id]) !== canonical(b[id]))
      .filter((id) => !(name === "companyConfigs" && a[id] === undefined))
      .map((id) => `${name}/${id}: ${canonical(a[id])} -> ${canonical(b[id])}`);
  });
}

describe.skipIf(e2eSkipReason() !== "")("export round trip (real engine)", () => {
  let env: E2eEnvironment;
  let client: TravelClient;
  let built: BuiltTenant;
  let manifestFile: string;
  /** The TypeScript project's parent directory. */
  let typescriptRoot: string;

  beforeAll(async () => {
    env = await createEnvironment("export-round-trip", PROGRAM);
    client = clientFor(env.emulator);
    built = await buildTenant(env.emulator, client);
    manifestFile = join(env.programDir, "tenant.yaml");
    typescriptRoot = mkdtempSync(join(tmpdir(), "export-typescript-"));
  });
  afterAll(async () => {
    await client?.close();
    await env?.dispose();
    rmSync(typescriptRoot, { recursive: true, force: true });
  });

  /**
   * Platform calls since `before` that create or delete (a POST that is not a read or a
   * convergence, a DELETE), and the records that differ from `state`: both empty on an adoption.
   */
  const changesSince = (before: number, state: StateSnapshot) => ({
    calls: env.emulator.admin
      .requests(before)
      .filter(
        (call) => call.method === "DELETE" || (call.method === "POST" && !NON_CREATING_POST.test(call.route)),
      )
      .map((call) => call.route),
    records: changedRecords(state, env.emulator.admin.snapshot()),
  });

  it("exports the tenant built through the API", async () => {
    const exported = await runNode(
      CLI,
      ["export", "--company", built.companyId, "--out", manifestFile],
      travelEnv(env.emulator),
    );
    expect(exported.stderr).toContain("read costCenters: 20");
    expect(exported.code).toBe(0);
    // The one value the export cannot read back, as its output asks.
    await env.stack.setConfig("partnerKeys-partner-a-2026-publicKeyPem", { value: built.partnerKeyPem });
  });

  it("adopts everything on the first up: no create, no delete, the tenant unchanged", async () => {
    const before = env.emulator.admin.lastRequestSeq;
    const state = env.emulator.admin.snapshot();
    const result = await env.stack.up();
    // Company, features, 4 configs, per-trip charge, 2 legal entities, 4 offices, 20 cost centers,
    // 5 departments, 4 grades, 3 custom fields with 3 arms and 3 option groups, the field order,
    // the group's roles, the partner key, one object of each other company child, and the stack
    // itself: each adopted, which the engine counts as a create.
    expect(result.summary.resourceChanges).toEqual({ create: 55 + built.otherChildren });
    expect(changesSince(before, state)).toEqual({ calls: [], records: [] });
    const reexported = await runNode(CLI, ["export", "--company", built.companyId], travelEnv(env.emulator));
    expect(reexported.stdout).toBe(readFileSync(manifestFile, "utf8"));
  });

  it("makes exactly the change of an edit to the YAML on the next up, every other resource the same", async () => {
    const text = readFileSync(manifestFile, "utf8");
    const renamed = text.replace("name: Cost center 3\n", "name: Cost center 3 (renamed)\n");
    expect(renamed).not.toBe(text);
    writeFileSync(manifestFile, renamed);
    const before = env.emulator.admin.lastRequestSeq;
    const result = await env.stack.up();
    expect(result.summary.resourceChanges).toEqual({ same: 54 + built.otherChildren, update: 1 });
    const writes = env.emulator.admin
      .requests(before)
      .filter((call) => call.method !== "GET" && !NON_CREATING_POST.test(call.route));
    expect(writes.map((call) => call.path)).toEqual([
      apiPath`/v2/companies/${built.companyId}/cost-centers/${built.costCenterIds[2] ?? ""}`,
    ]);
    const costCenter = await client.get<{ name: string }>(
      apiPath`/v2/companies/${built.companyId}/cost-centers/${built.costCenterIds[2] ?? ""}`,
    );
    expect(costCenter.name).toBe("Cost center 3 (renamed)");
  });

  describe("--format typescript", () => {
    let project: string;
    let stack: Stack;

    it("exports the same tenant as a TypeScript project that type-checks against the packed package", async () => {
      project = join(typescriptRoot, "initech");
      // The installed package's own bin, as a user runs it: its project names the tarball it was
      // installed from, so the advice it prints (`npm install`) works before any release.
      const exported = await runProgram(
        join(inject("packedProjectDir"), "node_modules", ".bin", "pulumi-travel"),
        ["export", "--company", built.companyId, "--format", "typescript", "--out", project],
        travelEnv(env.emulator),
      );
      expect(exported.code).toBe(0);
      expect(exported.stdout).toContain("pulumi config set partnerKeys-partner-a-2026-publicKeyPem");
      expect(exported.stdout).toContain(`then: cd ${project} && npm install`);
      const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as {
        dependencies: Record<string, string>;
      };
      expect(manifest.dependencies["pulumi-travel"]).toBe(
        `file:${packedTarball(inject("packedProjectDir"))}`,
      );
      npmInstall(project);
      // The project's own TypeScript (its devDependency), as its user runs it.
      const check = spawnSync(join(project, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", project], {
        encoding: "utf8",
      });
      expect({ status: check.status, errors: check.stdout }).toEqual({ status: 0, errors: "" });
    });

    it("adopts everything on the first up: no create, no delete, the tenant unchanged", async () => {
      ({ stack } = await openFileStack(project, {
        emulator: { ...env.emulator, url: env.recorder.url },
        stackName: "e2e",
      }));
      await stack.setConfig("partnerKeys-partner-a-2026-publicKeyPem", { value: built.partnerKeyPem });
      const before = env.emulator.admin.lastRequestSeq;
      const state = env.emulator.admin.snapshot();
      const result = await stack.up();
      expect(result.summary.resourceChanges).toEqual({ create: 55 + built.otherChildren });
      expect(result.outputs.companyId?.value).toBe(built.companyId);
      expect(changesSince(before, state)).toEqual({ calls: [], records: [] });
    });

    it("shows no changes on a second preview", async () => {
      const preview = await stack.preview({ expectNoChanges: true });
      expect(preview.changeSummary).toEqual({ same: 55 + built.otherChildren });
    });
  });
});
