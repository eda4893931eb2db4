/**
 * The check before the first delete under a company (`provider/operations/company-delete-gate.ts`),
 * through the package's provider runtime (`src/runtime.ts`) against the emulator: a company the run
 * diffed is not being deleted, so its children's deletes go on with no check; a delete whose state
 * names no stack (written by an older release) cannot have the checkpoint read, so the run warns
 * once for the company and goes on. test/e2e/destroy-blockers.test.ts checks the refusal through the
 * real engine on both hosts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiPath, clearSharedTokens, isNotFound, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { configure, runtimeProvider } from "../../src/runtime";
import { clientFor, liveEmulator } from "../support/live-emulator";

describe("the check before the first delete under a company", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let stderr: string[];

  beforeAll(async () => {
    clearSharedTokens();
    emulator = await liveEmulator();
    client = clientFor(emulator);
    const config: Record<string, string> = {
      "travel:baseUrl": emulator.url,
      "travel:clientId": emulator.bootstrap.clientId,
      "travel:clientSecret": emulator.bootstrap.clientSecret,
    };
    await configure({ get: (key) => config[key] });
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const captureStderr = () => {
    stderr = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
  };

  /** A company with `count` cost centers and a hand-made one, made through the API. */
  const companyWithCostCenters = async (name: string, count: number) => {
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const make = (ccName: string) =>
      client.post<{ id: string }>(apiPath`/v2/companies/${companyId}/cost-centers`, {
        body: { name: ccName },
      });
    const costCenters = await Promise.all(Array.from({ length: count }, (_, i) => make(`Stack cc ${i}`)));
    await make("Hand cc");
    const outs = { name, billingCurrency: "USD", companyRoles: ["ORG"], companyId };
    return { companyId, outs, costCenterIds: costCenters.map(({ id }) => id) };
  };

  const exists = async (companyId: string, id: string) => {
    try {
      await client.get(apiPath`/v2/companies/${companyId}/cost-centers/${id}`);
      return true;
    } catch (error) {
      if (isNotFound(error, ["COST_CENTER_NOT_FOUND"])) return false;
      throw error;
    }
  };

  it("lets the deletes under a company the run diffed go on, with no check and no warning", async () => {
    const { companyId, outs, costCenterIds } = await companyWithCostCenters("Diffed Co", 2);
    await runtimeProvider("Company").diff(companyId, outs, outs);
    captureStderr();
    const before = emulator.admin.lastRequestSeq;
    await Promise.all(
      costCenterIds.map((id, i) =>
        runtimeProvider("CostCenter").delete(id, { companyId, name: `Stack cc ${i}` }),
      ),
    );
    expect(stderr).toEqual([]);
    // Only the two deletes: no listing of what blocks the company, no other read.
    expect(emulator.admin.requests(before).map((e) => e.method)).toEqual(["DELETE", "DELETE"]);
    for (const id of costCenterIds) expect(await exists(companyId, id)).toBe(false);
  });

  it("warns once for the company when the state names no stack, and the deletes go on", async () => {
    const { companyId, costCenterIds } = await companyWithCostCenters("Old state Co", 3);
    captureStderr();
    await Promise.all(
      costCenterIds.map((id, i) =>
        runtimeProvider("CostCenter").delete(id, { companyId, name: `Stack cc ${i}` }),
      ),
    );
    const warnings = stderr.filter((line) => line.includes(`objects under company ${companyId}`));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("does not name its stack");
    for (const id of costCenterIds) expect(await exists(companyId, id)).toBe(false);
  });
});
