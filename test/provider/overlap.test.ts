/**
 * Overlap between stacks, through the type providers both hosts serve (no engine), on one
 * emulator: two providers stand for two stacks declaring the same company's setting
 * (CompanyFeatures, a color CompanyConfig, PerTripServiceCharge), each running `up --refresh`
 * (read, then update). The first overwrite of another's value warns with both values; the next
 * one that finds it written back says another writer declares the setting. A natural-key
 * create answered 503 before it was handled never adopts the same-named grade another stack made
 * before it; a new API user's check records the TMC's clientIds for reconcile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { GRADES } from "../../src/emulator/org/records";
import { AmbiguousCreateError } from "../../src/provider/create/create-errors";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { metaOf } from "../../src/provider/model/codec";
import { testRun } from "../support/test-run";
import { buildTypeProvider, type TypeProvider } from "../../src/provider/operations/type-provider";
import { apiUserResource, listClientIds } from "../../src/resources/api-user";
import { companyConfigResource } from "../../src/resources/company-config";
import { companyFeaturesResource } from "../../src/resources/company-features";
import { gradeResource } from "../../src/resources/grade";
import { perTripServiceChargeResource } from "../../src/resources/per-trip-service-charge";
import { clientFor, liveEmulator } from "../support/live-emulator";

let emulator: RunningEmulator;
let client: TravelClient;
beforeAll(async () => {
  emulator = await liveEmulator();
  client = clientFor(emulator);
});
afterAll(async () => {
  await client.close();
  await emulator.close();
});

const newCompany = async (name: string) =>
  (
    await client.post<{ id: string }>("/v2/companies", {
      body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
    })
  ).id;

/** A stack's provider of `definition`, with the warnings it gives. */
function stackProvider(definition: unknown): { provider: TypeProvider; warnings: string[] } {
  const warnings: string[] = [];
  const provider = buildTypeProvider(
    definition as ResourceDefinition<Values, Values>,
    testRun(client, async (message: string) => void warnings.push(message)),
  );
  return { provider, warnings };
}

/** `pulumi up --refresh` of one resource: read (refresh), then update to the declared inputs. */
async function upWithRefresh(provider: TypeProvider, id: string, outs: Values, inputs: Values) {
  const refreshed = await provider.read(id, outs);
  const { outs: updated } = await provider.update(id, refreshed.props ?? {}, inputs);
  return { refreshed, updated };
}

const SETTINGS = [
  {
    type: "CompanyFeatures",
    definition: companyFeaturesResource,
    a: { features: { FEATURE_PERSONAL_TRAVEL: "true" } },
    b: { features: { FEATURE_PERSONAL_TRAVEL: "false" } },
  },
  {
    type: "CompanyConfig (color)",
    definition: companyConfigResource,
    a: {
      kind: "color",
      companyRole: "ORG",
      config: { profileColors: [{ title: "PROFILE_TIER_GOLD_COLOR", color: "#d4af37" }] },
    },
    b: {
      kind: "color",
      companyRole: "ORG",
      config: { profileColors: [{ title: "PROFILE_TIER_GOLD_COLOR", color: "#000000" }] },
    },
  },
  {
    type: "PerTripServiceCharge",
    definition: perTripServiceChargeResource,
    a: { config: { charges: [{ amount: 5, currencyCode: "USD" }] } },
    b: { config: { charges: [{ amount: 7, currencyCode: "USD" }] } },
  },
] as const;

describe("two stacks declaring the same setting of one company", () => {
  it.each(SETTINGS)(
    "$type: the overwrite warns with both values, and the next names the other writer",
    async (row) => {
      const companyId = await newCompany(`Overlap ${row.type}`);
      const stackA = stackProvider(row.definition);
      const stackB = stackProvider(row.definition);
      const inputsA = (await stackA.provider.check({}, { companyId, ...row.a })).inputs;
      const inputsB = (await stackB.provider.check({}, { companyId, ...row.b })).inputs;
      const created = await stackA.provider.create(inputsA);
      const id = created.id;
      expect(metaOf(created.outs).lastWritten).toEqual({ companyId, ...row.a });
      const createdB = await stackB.provider.create(inputsB);

      // A's up --refresh: B's value is drift; it is overwritten with a warning naming both values.
      const first = await upWithRefresh(stackA.provider, id, created.outs, inputsA);
      expect(metaOf(first.refreshed.props).lastWritten).toEqual({ companyId, ...row.a });
      expect(metaOf(first.refreshed.inputs).lastWritten).toBeUndefined();
      expect(stackA.warnings).toHaveLength(1);
      expect(stackA.warnings[0]).toContain(
        "someone else changed this setting since this stack last wrote it",
      );
      expect(stackA.warnings[0]).toContain(JSON.stringify({ companyId, ...row.a }));
      expect(stackA.warnings[0]).toContain(JSON.stringify({ companyId, ...row.b }));
      expect(metaOf(first.updated).replacedValue).toEqual({ companyId, ...row.b });

      // B's up --refresh overwrites A's value once, with its own warning.
      const second = await upWithRefresh(stackB.provider, id, createdB.outs, inputsB);
      expect(stackB.warnings).toHaveLength(1);

      // A's next up finds the value it replaced written back: it says another writer declares the
      // setting, with both values and what to do, and writes A's values.
      await upWithRefresh(stackA.provider, id, first.updated, inputsA);
      expect(stackA.warnings).toHaveLength(2);
      expect(stackA.warnings[1]).toContain("another writer declares this setting");
      expect(stackA.warnings[1]).toContain(JSON.stringify({ companyId, ...row.b }));
      expect(stackA.warnings[1]).toContain("Declare it in one stack only");
      // The outputs echo the inputs as declared (the recorded inputs key a config's arrays by key).
      const platform = await stackB.provider.read(id, second.updated);
      expect(platform.props).toMatchObject(row.a);

      // B's delete (its destroy) leaves A's value as it is, naming the setting and both values.
      await stackB.provider.delete(id, second.updated);
      expect(stackB.warnings).toHaveLength(2);
      expect(stackB.warnings[1]).toContain("left as it is: someone else wrote this setting");
      expect(stackB.warnings[1]).toContain(JSON.stringify({ companyId, ...row.a }));
      expect((await stackA.provider.read(id, second.updated)).props).toMatchObject(row.a);
    },
  );

  it("a delete of a setting this stack wrote last deletes it, with no warning", async () => {
    const companyId = await newCompany("Overlap delete alone");
    const { provider, warnings } = stackProvider(companyFeaturesResource);
    const { id, outs } = await provider.create({ companyId, features: { FEATURE_PERSONAL_TRAVEL: "true" } });
    await provider.delete(id, outs);
    expect(warnings).toEqual([]);
    const { features } = await client.get<{ features: { name: string }[] }>(
      apiPath`/v2/companies/${companyId}/features`,
    );
    expect(features.map((feature) => feature.name)).not.toContain("FEATURE_PERSONAL_TRAVEL");
  });

  it("a plain update of a setting nobody else wrote reads once and warns of nothing", async () => {
    const companyId = await newCompany("Overlap alone");
    const { provider, warnings } = stackProvider(companyFeaturesResource);
    const { id, outs } = await provider.create({ companyId, features: { FEATURE_PERSONAL_TRAVEL: "true" } });
    const changed = { companyId, features: { FEATURE_PERSONAL_TRAVEL: "false" } };
    const { outs: updated } = await provider.update(id, outs, changed);
    expect(warnings).toEqual([]);
    expect(metaOf(updated).lastWritten).toEqual(changed);
    expect(metaOf(updated).replacedValue).toBeUndefined();
  });
});

describe("create recovery and objects older than the create", () => {
  it("a Grade create answered 503 before handling never adopts the same-named grade another stack made", async () => {
    const companyId = await newCompany("Older grade");
    const { provider } = stackProvider(gradeResource);
    // The other stack's run made its grade before this run's first create in the collection.
    const others = await stackProvider(gradeResource).provider.create({ companyId, name: "Senior" });
    emulator.admin.addFault({
      path: `/v2/companies/${companyId}/grades`,
      methods: ["POST"],
      rate503: 1,
      times: 1,
    });
    try {
      const mine = await provider.create({ companyId, name: "Senior" });
      expect(emulator.admin.faults().map((fault) => fault.fired)).toEqual([1]);
      expect(mine.id).not.toBe(others.id);
      const grades = emulator.context.store.records(GRADES).of(companyId).values();
      expect(grades.map((grade) => grade.entity.name)).toEqual(["Senior", "Senior"]);
      // Destroying this stack's grade leaves the other's.
      await provider.delete(mine.id, mine.outs);
      expect(await provider.read(others.id, others.outs)).toMatchObject({ id: others.id });
    } finally {
      emulator.admin.clearFaults();
    }
  });

  it("an unsettled create names the older objects apart and never advises deleting them", () => {
    const error = new AmbiguousCreateError(
      "Grade",
      { by: "key", key: { by: "name", value: "Senior" }, older: [{ id: "g-old", name: "Senior" }] },
      [
        { id: "g-1", name: "Senior" },
        { id: "g-2", name: "Senior" },
      ],
      new Error("503"),
    );
    expect(error.message).toContain(
      '2 objects with name "Senior" appeared since the create was sent: g-1 (Senior), g-2 (Senior)',
    );
    expect(error.message).toContain(
      '1 older object with name "Senior" existed before the create was sent (g-old (Senior)): not made by this create, never adopted, and left alone.',
    );
    expect(error.message).toContain("delete none before checking who made it");
    expect(error.message).not.toContain("delete the others");
  });
});

describe("a new API user's check", () => {
  it("records the TMC's clientIds, kept by later checks and never a change", async () => {
    const { provider } = stackProvider(apiUserResource);
    const before = await listClientIds(client);
    const { inputs } = await provider.check({}, {});
    expect(metaOf(inputs).idsBeforeCreate).toEqual([...before].sort());
    const { id, outs } = await provider.create(inputs);
    const again = await provider.check(inputs, {});
    expect(metaOf(again.inputs).idsBeforeCreate).toEqual(metaOf(inputs).idsBeforeCreate);
    expect((await provider.diff(id, outs, again.inputs)).changes).toBe(false);
    await provider.delete(id, outs);
  });
});
