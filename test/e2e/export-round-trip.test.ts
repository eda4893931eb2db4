/**
 * Issue 13's round trip through the real engine: a tenant built through the API alone is exported
 * with `pulumi-travel export`; `pulumi up` with that manifest adopts every object (no create, no
 * delete on the platform, the tenant unchanged); a second preview shows no changes; and an edit
 * to the YAML makes exactly that change.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { StateSnapshot } from "../../src/emulator";
import { CLI, runNode, travelEnv } from "../cli/harness";
import { type BuiltTenant, buildTenant } from "../support/build-tenant";
import { clientFor } from "../support/live-emulator";
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

  beforeAll(async () => {
    env = await createEnvironment("export-round-trip", PROGRAM);
    client = clientFor(env.emulator);
    built = await buildTenant(env.emulator, client);
    manifestFile = join(env.programDir, "tenant.yaml");
  });
  afterAll(async () => {
    await client?.close();
    await env?.dispose();
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
    const calls = env.emulator.admin.requests(before);
    const changes = calls.filter(
      (call) => call.method === "DELETE" || (call.method === "POST" && !NON_CREATING_POST.test(call.route)),
    );
    expect(changes.map((call) => call.route)).toEqual([]);
    expect(changedRecords(state, env.emulator.admin.snapshot())).toEqual([]);
    const reexported = await runNode(CLI, ["export", "--company", built.companyId], travelEnv(env.emulator));
    expect(reexported.stdout).toBe(readFileSync(manifestFile, "utf8"));
  });

  it("shows no changes on a second preview", async () => {
    const preview = await env.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).toEqual({ same: 55 + built.otherChildren });
  });

  it("makes exactly the change of an edit to the YAML", async () => {
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
});
