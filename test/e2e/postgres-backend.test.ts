/**
 * The shared PostgreSQL backend (scripts/postgres) under the real Pulumi CLI: a second `pulumi up`
 * of a stack whose update is in progress is refused by the backend's lock, and the first one's
 * state comes out whole: the export parses, every resource is in it once, and the platform holds
 * each object once.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { COMPANIES, COST_CENTERS } from "../../src/emulator/org/records";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { createFileStack, type FileStack } from "../support/file-stack";
import { lockKeys, type PostgresServer, startPostgres } from "../support/postgres";
import { e2eSkipReason, startE2eRecorder } from "./harness";

const COST_CENTER_COUNT = 4;

const PROGRAM = `
const { Company, CostCenter } = require("pulumi-travel");
const company = new Company("acme", { name: "Locked Co", billingCurrency: "USD", externalId: "e2e-locked" });
for (let i = 0; i < ${COST_CENTER_COUNT}; i++) {
  new CostCenter("cc" + i, { companyId: company.companyId, name: "Cost center " + i, externalId: "cc-" + i });
}
exports.companyId = company.companyId;
`;

/** Resolves once `check` holds, polling every 100 ms; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(e2eSkipReason() !== "")("the PostgreSQL backend under concurrent runs of one stack", () => {
  let postgres: PostgresServer;
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let project: FileStack;

  beforeAll(async () => {
    postgres = await startPostgres();
    emulator = await startEmulator();
    recorder = await startE2eRecorder(emulator.url, "e2e postgres-backend");
    project = await createFileStack({
      under: inject("packedProjectDir"),
      project: "locked",
      program: PROGRAM,
      emulator: { ...emulator, url: recorder.url },
      stackName: "acme-prod",
      backendUrl: postgres.url,
    });
  });
  afterAll(async () => {
    await recorder?.close();
    await emulator?.close();
    await postgres?.stop();
    if (project) rmSync(project.programDir, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e postgres-backend");
  });

  it("refuses the second up while the first holds the lock, and keeps the first one's state whole", async () => {
    // The company's create waits 3 s, so the first up holds the lock while the second one starts.
    const slow = emulator.admin.addFault({ path: "/v2/companies", methods: ["POST"], latencyMs: 3000 });
    const first = project.stack.up();
    await waitFor("the first up's lock row", async () => (await lockKeys(postgres)).length === 1);
    const [held] = await lockKeys(postgres);
    expect(held).toMatch(/^pulumi\/\.pulumi\/locks\/organization\/locked\/acme-prod\/[0-9a-f-]{36}\.json$/);

    const second = await project.stack.up().then(
      () => new Error("the second up succeeded"),
      (error: unknown) => error,
    );
    expect(String(second)).toContain(
      "the stack is currently locked by 1 lock(s). Either wait for the other process(es) to end",
    );

    const result = await first;
    emulator.admin.removeFault(slow.id);
    expect(result.summary.resourceChanges).toEqual({ create: COST_CENTER_COUNT + 2 });
    expect(await lockKeys(postgres)).toEqual([]);

    const state = (await project.stack.exportStack()) as {
      deployment: { resources: { urn: string; type: string; id?: string }[] };
    };
    const travel = state.deployment.resources.filter((r) =>
      r.type.startsWith("pulumi-nodejs:dynamic/travel:"),
    );
    expect(travel.map((r) => r.type.split(":").at(-1)).sort()).toEqual([
      "Company",
      ...Array.from({ length: COST_CENTER_COUNT }, () => "CostCenter"),
    ]);
    expect(new Set(travel.map((r) => r.urn)).size).toBe(travel.length);

    const companies = emulator.context.store
      .records(COMPANIES)
      .values()
      .filter((c) => c.externalId === "e2e-locked");
    expect(companies.map((c) => c.id.id)).toEqual([result.outputs.companyId?.value]);
    const costCenters = emulator.context.store
      .records(COST_CENTERS)
      .entries()
      .filter(([, r]) => r.companyId === result.outputs.companyId?.value);
    expect(costCenters.map(([, r]) => r.entity.name).sort()).toEqual(
      Array.from({ length: COST_CENTER_COUNT }, (_, i) => `Cost center ${i}`),
    );
    expect(
      travel
        .filter((r) => r.type.endsWith(":CostCenter"))
        .map((r) => r.id)
        .sort(),
    ).toEqual(costCenters.map(([id]) => id).sort());
  });
});
