/**
 * A company's delete through the package's provider runtime (`src/runtime.ts`) first warns of what
 * the platform deletes with the company that the stack does not manage: custom fields and user
 * groups made by hand, and a tenant key the same run removed from the stack. Outside the engine the
 * warning goes to stderr (test/e2e/destroy-warnings.test.ts checks the engine's warnings).
 * Before the first delete under a company (`provider/operations/company-delete-gate.ts`), an API
 * user administering it included: a company the run diffed is not being deleted, so its children's deletes go on with no check; a delete whose
 * state names no stack (written by an older release) cannot have the checkpoint read, so the run
 * warns once for the company and goes on (test/e2e/destroy-blockers.test.ts checks the refusal
 * through the real engine on both hosts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiPath, clearSharedTokens, isNotFound, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { configure, runtimeProvider } from "../../src/runtime";
import { clientFor, createCustomGroup, liveEmulator } from "../support/live-emulator";

describe("the warning a company's delete gives first", () => {
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

  /** Captures what the runtime writes to stderr from now on. */
  const captureStderr = () => {
    stderr = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      stderr.push(String(chunk));
      return true;
    });
  };

  /**
   * A company made outside the run (one the run creates is left alone by the run's deletes), and
   * its recorded outputs.
   */
  const company = async (name: string) => {
    const { id } = await client.post<{ id: string }>("/v2/companies", {
      body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    return { id, outs: { name, billingCurrency: "USD", companyRoles: ["ORG"], companyId: id } };
  };

  /** A custom field made through the API. */
  const customField = (companyId: string, name: string) =>
    client.post<{ id: string }>(apiPath`/v3/companies/${companyId}/custom-fields`, {
      query: { companyRole: "ORG" },
      body: { name },
    });

  const exists = async (path: string) => {
    try {
      await client.get(path);
      return true;
    } catch (error) {
      if (isNotFound(error, ["COMPANY_NOT_FOUND"])) return false;
      throw error;
    }
  };

  it("names the custom fields and user groups made by hand, not the stack's objects", async () => {
    const co = await company("Cascade Co");
    const companyId = co.id;
    // A field of the stack: the run's diff of its resource sees it, as `pulumi up` does.
    const stackField = await customField(companyId, "Stack field");
    const declared = { companyId, name: "Stack field", companyRole: "ORG" };
    await runtimeProvider("CustomField").diff(stackField.id, declared, declared);
    const handField = await customField(companyId, "Hand field");
    const groupId = await createCustomGroup(emulator, companyId, "Hand group");

    captureStderr();
    await runtimeProvider("Company").delete(companyId, co.outs);
    expect(stderr.join("")).toBe(
      [
        `warning: deleting company ${companyId} "Cascade Co" also deletes, on the platform, what no resource of this stack manages:`,
        `  CustomField ${handField.id} "Hand field"`,
        `  user group ${groupId} "Hand group"`,
        "",
      ].join("\n"),
    );
    expect(stderr.join("")).not.toContain(stackField.id);
    expect(await exists(apiPath`/v2/companies/${companyId}`)).toBe(false);
  });

  it("says a tenant key removed earlier in the run goes with its company, and is silent when nothing else goes", async () => {
    const co = await company("Keyed Co");
    const companyId = co.id;
    const key = await client.post<{ configId: string }>(apiPath`/v3/tenant-encryption/${companyId}/key`, {});
    const keyId = key.configId;

    // The key's state names no stack, so the check before the first delete under the company would
    // warn that it cannot read the checkpoint (test/provider/company-delete-gate.test.ts): off here.
    vi.stubEnv("TRAVEL_DESTROY_PRECHECK", "off");
    captureStderr();
    await runtimeProvider("TenantKey").delete(keyId, { companyId, configId: keyId });
    vi.unstubAllEnvs();
    expect(stderr.join("")).toBe(
      `warning: TenantKey ${keyId} of company ${companyId} was removed from the stack only: the platform has no ` +
        "delete for tenant keys, so the key stays provisioned and in use for as long as the company exists " +
        "(if this run deletes the company too, the key goes with it, and the company's delete says so).\n",
    );
    captureStderr();
    await runtimeProvider("Company").delete(companyId, co.outs);
    expect(stderr.join("")).toBe(
      [
        `warning: deleting company ${companyId} "Keyed Co" also deletes, on the platform, what no resource of this stack manages:`,
        `  TenantKey ${keyId}: removed from the stack earlier in this run (the platform has no delete for tenant keys), it goes now`,
        "",
      ].join("\n"),
    );

    const bare = await company("Bare Co");
    captureStderr();
    await runtimeProvider("Company").delete(bare.id, bare.outs);
    expect(stderr).toEqual([]);
  });

  describe("the check before the first delete under a company", () => {
    /** A company with `count` cost centers and a hand-made one, made through the API. */
    const companyWithCostCenters = async (name: string, count: number) => {
      const co = await company(name);
      const make = (ccName: string) =>
        client.post<{ id: string }>(apiPath`/v2/companies/${co.id}/cost-centers`, { body: { name: ccName } });
      const costCenters = await Promise.all(Array.from({ length: count }, (_, i) => make(`Stack cc ${i}`)));
      await make("Hand cc");
      return { companyId: co.id, outs: co.outs, costCenterIds: costCenters.map(({ id }) => id) };
    };
    const deleteAll = (companyId: string, ids: readonly string[]) =>
      Promise.all(
        ids.map((id, i) => runtimeProvider("CostCenter").delete(id, { companyId, name: `Stack cc ${i}` })),
      );
    const costCenterPath = (companyId: string, id: string) =>
      apiPath`/v2/companies/${companyId}/cost-centers/${id}`;

    it("lets the deletes under a company the run diffed go on, with no check and no warning", async () => {
      const { companyId, outs, costCenterIds } = await companyWithCostCenters("Diffed Co", 2);
      await runtimeProvider("Company").diff(companyId, outs, outs);
      captureStderr();
      const before = emulator.admin.lastRequestSeq;
      await deleteAll(companyId, costCenterIds);
      expect(stderr).toEqual([]);
      // Only the two deletes: no listing of what blocks the company, no other read.
      expect(emulator.admin.requests(before).map((e) => e.method)).toEqual(["DELETE", "DELETE"]);
      for (const id of costCenterIds) expect(await costCenterExists(companyId, id)).toBe(false);
    });

    it("warns once for the company when the state names no stack, and the deletes go on", async () => {
      const { companyId, costCenterIds } = await companyWithCostCenters("Old state Co", 3);
      captureStderr();
      await deleteAll(companyId, costCenterIds);
      const warnings = stderr.filter((line) => line.includes(`objects under company ${companyId}`));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("does not name its stack");
      for (const id of costCenterIds) expect(await costCenterExists(companyId, id)).toBe(false);
    });

    it("holds the delete of an API user administering the company behind the same check", async () => {
      const { id: companyId } = await company("Administered Co");
      const user = await client.post<{ clientId: string }>("/v2/api-users", {
        body: { role: "COMPANY_ADMIN", credentialType: "CLIENT_CREDENTIALS", orgId: companyId },
      });
      captureStderr();
      await runtimeProvider("ApiUser").delete(user.clientId, {
        role: "COMPANY_ADMIN",
        credentialType: "CLIENT_CREDENTIALS",
        orgId: companyId,
        clientId: user.clientId,
      });
      const warnings = stderr.filter((line) => line.includes(`objects under company ${companyId}`));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("does not name its stack");
    });

    const costCenterExists = async (companyId: string, id: string) => {
      try {
        await client.get(costCenterPath(companyId, id));
        return true;
      } catch (error) {
        if (isNotFound(error, ["COST_CENTER_NOT_FOUND"])) return false;
        throw error;
      }
    };
  });
});
