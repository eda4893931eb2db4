/**
 * Paging by the platform's signals: with the emulator answering every list in
 * pages of one item (`maxPageItems: 1`, the true total reported), every list the provider reads
 * is read whole, as with whole pages: each type's inventory (what export, reconcile and the
 * company-deletion warning walk), the TMC's API users, the companies a Company create lookup
 * lists, and an ApiUser's read among several users.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { apiUserResource, listClientIds } from "../../src/resources/api-user";
import { companyResource } from "../../src/resources/company";
import { definitions } from "../../src/resources/registry";
import { readTenantSnapshot } from "../../src/tenant/read-tenant";
import { readTmcObjects } from "../../src/tenant/tmc-objects";
import { buildTenant } from "../support/build-tenant";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { testRun } from "../support/test-run";
import { standaloneContext } from "../../src/provider/model/resource-context";

describe("every list the provider reads, answered one item per page", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let companyId: string;
  const clientIds: string[] = [];

  beforeAll(async () => {
    emulator = await liveEmulator();
    client = clientFor(emulator);
    ({ companyId } = await buildTenant(emulator, client));
    for (let i = 0; i < 2; i++)
      clientIds.push(
        (await client.post<{ clientId: string }>("/v2/api-users", { body: { role: "TMC_ADMIN" } })).clientId,
      );
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
  });

  /** What each listing returns, by listing. */
  async function everyList() {
    const snapshot = await readTenantSnapshot(client, companyId, definitions);
    const byType = Object.fromEntries(
      Object.entries(snapshot?.objects ?? {}).map(([type, read]) => [
        type,
        read.map(({ entity }) => entity.id).sort(),
      ]),
    );
    const lookup =
      companyResource.recovery.strategy === "natural-key" ? companyResource.recovery.lookup : undefined;
    const companies = await lookup?.find(standaloneContext(client), {} as never, {
      by: "name",
      value: "Initech",
    });
    return {
      byType,
      tmc: (await readTmcObjects(client, definitions, undefined)).map((object) => object.id).sort(),
      companies: companies?.map((company) => company.id),
    };
  }

  it("reads each list whole, as with whole pages", async () => {
    emulator.admin.updateSettings({ maxPageItems: null });
    const whole = await everyList();
    emulator.admin.updateSettings({ maxPageItems: 1 });
    try {
      const paged = await everyList();
      expect(paged).toEqual(whole);
      // The lists hold more than one item, so one-item pages had to be followed.
      const several = Object.entries(whole.byType).filter(([, ids]) => ids.length > 1);
      expect(several.map(([type]) => type)).toEqual(
        expect.arrayContaining(["CostCenter", "Department", "Grade", "LegalEntity", "Office", "CustomField"]),
      );
      expect(whole.tmc.length).toBeGreaterThan(2);
      expect(whole.companies).toEqual([companyId]);
      console.log(
        `one item per page: ${Object.values(whole.byType).flat().length} tenant objects of ` +
          `${Object.keys(whole.byType).length} types, ${whole.tmc.length} API users, read whole`,
      );
    } finally {
      emulator.admin.updateSettings({ maxPageItems: null });
    }
  });

  it("keeps each API user on read when it is not on the first page", async () => {
    emulator.admin.updateSettings({ maxPageItems: 1 });
    try {
      const provider = buildTypeProvider(apiUserResource, testRun(client));
      expect((await listClientIds(client)).slice(-2)).toEqual(clientIds);
      for (const clientId of clientIds) {
        const read = await provider.read(clientId, {
          role: "TMC_ADMIN",
          credentialType: "CLIENT_CREDENTIALS",
        });
        expect(read.id).toBe(clientId);
      }
    } finally {
      emulator.admin.updateSettings({ maxPageItems: null });
    }
  });
});
