/**
 * A record of a create in flight (`src/provider/operations/create-journal.ts`) meets a platform
 * that changed before the next `up`: its parent deleted, or the resource now under another parent.
 * The record is written as the killed provider would have left it; the emulator is real.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CreateJournal, type ResourceRef } from "../../src/provider/operations/create-journal";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { definitions } from "../../src/resources/registry";
import { DEPARTMENTS } from "../../src/emulator/org/records";
import { useLiveEmulator } from "../support/live-emulator";
import { checked } from "./harness";
import { testRun } from "../support/test-run";

const live = useLiveEmulator();
const definition = definitions.Department as ResourceDefinition<Values, Values>;
const resource: ResourceRef = { project: "kit", stack: "kit", type: "Department", name: "sales" };

async function company(name: string): Promise<string> {
  const { id } = await live.client.post<{ id: string }>("/v2/companies", {
    body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
  });
  return id;
}

/** The departments the platform holds under `companyId`. */
const departments = (companyId: string) =>
  live.emulator.context.store.records(DEPARTMENTS).of(companyId).values();

/** A journal holding the record a killed create of `resource` left, sent to `sentCompanyId`. */
function journalLeftFor(sentCompanyId: string): CreateJournal {
  const journal = new CreateJournal(mkdtempSync(join(tmpdir(), "settle-journal-")));
  journal.slot(resource, live.client.baseUrl).write({
    type: "Department",
    startedAt: new Date().toISOString(),
    inputs: { companyId: sentCompanyId, name: "Sales" },
    before: [],
  });
  return journal;
}

describe("a record of a create in flight on a platform that changed since", () => {
  it("whose parent was deleted: the next create makes the object once and clears the record", async () => {
    const gone = await company("Gone Co");
    await live.client.delete(`/v2/companies/${gone}`);
    const companyId = await company("Kept Co");
    const journal = journalLeftFor(gone);
    const provider = buildTypeProvider(definition, testRun(live.client), journal);
    const inputs = await checked(provider, { companyId, name: "Sales" });
    await provider.create(inputs, resource);
    expect(departments(companyId)).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(journal.slot(resource, live.client.baseUrl).left()).toBeUndefined();
  });

  it("whose object appeared under a company the resource no longer declares: fails naming it, before any write", async () => {
    const before = await company("Before Co");
    const now = await company("Now Co");
    const journal = journalLeftFor(before);
    // What the killed create made, under the company it was sent to.
    const { id: made } = await live.client.post<{ id: string }>(`/v2/companies/${before}/departments`, {
      body: { name: "Sales" },
    });
    const provider = buildTypeProvider(definition, testRun(live.client), journal);
    const inputs = await checked(provider, { companyId: now, name: "Sales" });
    const seq = live.emulator.admin.lastRequestSeq;
    const message = await provider.create(inputs, resource).then(
      () => "",
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(message).toContain(made);
    expect(message).toContain(`companyId "${before}"`);
    expect(message).toContain(`--delete Department:${made}`);
    expect(live.emulator.admin.requests(seq).filter((r) => r.method !== "GET")).toEqual([]);
    expect(departments(now)).toHaveLength(0);
    expect(journal.slot(resource, live.client.baseUrl).left()).toBeDefined();
  });

  it("whose object the killed create made, read with properties the request does not declare: adopted and converged", async () => {
    const companyId = await company("Varied Co");
    const journal = journalLeftFor(companyId);
    const { id: made } = await live.client.post<{ id: string }>(`/v2/companies/${companyId}/departments`, {
      body: { name: "Sales" },
    });
    const provider = buildTypeProvider(definition, testRun(live.client), journal);
    const inputs = await checked(provider, { companyId, name: "Sales", externalId: "dep-sales" });
    // Every answer carries `variationExtra` where the vendor's answer schema is open.
    live.emulator.admin.setResponseVariation({ seed: 3, families: ["undeclaredProperties"], rate: 1 });
    try {
      const created = await provider.create(inputs, resource);
      expect(created.id).toBe(made);
    } finally {
      live.emulator.admin.setResponseVariation(undefined);
    }
    expect(departments(companyId).map((record) => record.entity)).toEqual([
      { id: made, name: "Sales", externalId: "dep-sales" },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(journal.slot(resource, live.client.baseUrl).left()).toBeUndefined();
  });

  it("of the same stack on another platform: never consulted", async () => {
    const companyId = await company("Other Platform Co");
    // A department of the same name someone made here: another platform's record must not take it.
    await live.client.post(`/v2/companies/${companyId}/departments`, { body: { name: "Sales" } });
    const journal = new CreateJournal(mkdtempSync(join(tmpdir(), "settle-journal-")));
    journal.slot(resource, "https://other.travel.example").write({
      type: "Department",
      startedAt: new Date().toISOString(),
      inputs: { companyId, name: "Sales" },
      before: [],
    });
    const provider = buildTypeProvider(definition, testRun(live.client), journal);
    const inputs = await checked(provider, { companyId, name: "Sales" });
    await provider.create(inputs, resource);
    expect(departments(companyId)).toHaveLength(2);
    expect(journal.slot(resource, "https://other.travel.example").left()).toBeDefined();
  });
});
