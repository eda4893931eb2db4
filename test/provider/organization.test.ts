import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../src/client";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { companyConfigResource } from "../../src/resources/company-config";
import { companyFeaturesResource } from "../../src/resources/company-features";
import { legalEntityResource } from "../../src/resources/legal-entity";
import { costCenterResource } from "../../src/resources/cost-center";
import { perTripServiceChargeResource } from "../../src/resources/per-trip-service-charge";
import { definitions } from "../../src/resources/registry";
import {
  type CompanyChildRow,
  companyChildren,
  type Parents,
  replacementOf,
} from "../support/company-children";
import { checked, type ProviderHarness, providerHarness } from "./harness";
import { testRun } from "../support/test-run";

/** The inputs of a child of `row`: its parents and its create body. */
function inputsOf(row: CompanyChildRow, { companyId, legalEntityId }: Parents): Values {
  return { companyId, ...(row.inLegalEntity ? { legalEntityId } : {}), ...row.body };
}

const address = { addressLines: ["1 Main Street"], regionCode: "US" };

describe("organization providers", () => {
  let h: ProviderHarness;
  let parents: Parents;

  beforeAll(async () => {
    h = await providerHarness(legalEntityResource);
    const { id: companyId } = await h.client.post<{ id: string }>("/v2/companies", {
      body: {
        name: "Org Co",
        billingCurrency: "USD",
        companyRoles: ["ORG"],
      },
    });
    const { id: legalEntityId } = await h.client.post<{ id: string }>(
      apiPath`/v2/companies/${companyId}/legal-entities`,
      {
        body: {
          name: "Parent LE",
          billingCurrency: "USD",
          address,
        },
      },
    );
    parents = { companyId, legalEntityId };
  });
  afterAll(() => h.close());

  const providerOf = (definition: ResourceDefinition<Values, Values>) =>
    buildTypeProvider(definition, testRun(h.client));

  describe.each(companyChildren)("$type", (c) => {
    const definition = definitions[c.type];
    if (!definition) throw new Error(`no resource type ${c.type} in the registry`);
    const server = (id: string) => h.client.get<Values>(`${c.collection(parents)}/${id}`);

    it("refuses bad input at check time, naming the property, with no platform call", async () => {
      const provider = providerOf(definition);
      const [bad, property] = c.invalid;
      const before = h.emulator.admin.lastRequestSeq;
      const result = await provider.check({}, { ...inputsOf(c, parents), ...bad, bogus: 1 });
      expect(result.failures?.map((f) => f.property)).toEqual(expect.arrayContaining([property, "bogus"]));
      const missingParent = await provider.check({}, { ...inputsOf(c, parents), companyId: undefined });
      expect(missingParent.failures?.map((f) => f.property)).toContain("companyId");
      expect(h.emulator.admin.requests(before)).toEqual([]);
    });

    it("creates with one write, reads back without a diff, updates in place, deletes", async () => {
      const provider = providerOf(definition);
      const inputs = await checked(provider, inputsOf(c, parents));
      const before = h.emulator.admin.lastRequestSeq;
      const { id, outs } = await provider.create(inputs);
      // One write, after one lookup of the key: an object holding it already is never adopted later.
      const calls = Object.keys(h.emulator.admin.requestCounts(before));
      const write = `POST ${routeOf(c.collection(parents), parents)}`;
      expect(calls).toHaveLength(2);
      expect(calls.filter((call) => call !== write)).toEqual([
        expect.stringMatching(/^(GET |POST .*\/list$)/),
      ]);
      expect(calls).toContain(write);
      expect(outs).toMatchObject({ ...inputs, [c.idOutput]: id });

      const read = await provider.read(id, outs);
      expect(read.inputs).toEqual(inputs);
      expect(await provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: false });

      const news = await checked(provider, { ...inputs, ...c.edit });
      expect(await provider.diff(id, outs, news)).toEqual({
        changes: true,
        changed: Object.keys(c.edit),
        replaces: [],
        deleteBeforeReplace: false,
      });
      await provider.update(id, outs, news);
      expect(await server(id)).toMatchObject(c.edit);

      // Another company (an id the vendor types as a uuid, as the emulator issues them).
      const moved = await checked(provider, { ...news, companyId: randomUUID() });
      expect((await provider.diff(id, outs, moved)).replaces).toContain("companyId");

      await provider.delete(id, outs);
      expect(await provider.read(id, outs)).toEqual({});
      await expect(provider.delete(id, outs)).resolves.toBeUndefined();
    });

    it("detects drift made out of band", async () => {
      const provider = providerOf(definition);
      const inputs = await checked(provider, inputsOf(c, parents));
      const { id, outs } = await provider.create(inputs);
      await h.client.put(`${c.collection(parents)}/${id}`, { body: replacementOf(c, id) });
      const read = await provider.read(id, outs);
      expect(read.inputs).toMatchObject(c.edit);
      expect(await provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: true });
      await provider.delete(id, outs);
    });

    it("adopts an existing object and converges it", async () => {
      const provider = providerOf(definition);
      const { id: existing } = await h.client.post<{ id: string }>(c.collection(parents), {
        body: {
          ...c.body,
          ...c.edit,
        },
      });
      const inputs = await checked(provider, { ...inputsOf(c, parents), adoptId: existing });
      const { id, outs } = await provider.create(inputs);
      expect(id).toBe(existing);
      expect(await server(id)).toMatchObject({ name: c.body.name });
      await expect(provider.create({ ...inputs, adoptId: "missing-id" })).rejects.toThrow(
        /adoptId missing-id does not exist/,
      );
      await provider.delete(id, outs);
    });
  });

  it("keeps a written-only field (cost center head count) stable across refresh", async () => {
    const provider = providerOf(costCenterResource);
    const inputs = await checked(provider, {
      companyId: parents.companyId,
      name: "Ops",
      numberOfEmployees: 3,
    });
    const { id, outs } = await provider.create(inputs);
    const read = await provider.read(id, outs);
    expect(read.inputs).toMatchObject({ numberOfEmployees: 3 });
    await provider.delete(id, outs);
  });

  it("manages only the named features and deletes removed ones", async () => {
    const provider = providerOf(companyFeaturesResource);
    const inputs = await checked(provider, {
      companyId: parents.companyId,
      features: { FEATURE_PERSONAL_TRAVEL: true, HIDE_LEFT_NAV: "false" },
    });
    expect(inputs.features).toEqual({ FEATURE_PERSONAL_TRAVEL: "true", HIDE_LEFT_NAV: "false" });
    expect(
      (await provider.check({}, { companyId: parents.companyId, features: { NOT_A_FEATURE: 1 } })).failures,
    ).toContainEqual({
      property: "features.NOT_A_FEATURE",
      reason: "is not a known property",
    });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(parents.companyId);
    expect((await provider.read(id, outs)).inputs).toEqual(inputs);

    const news = await checked(provider, {
      companyId: parents.companyId,
      features: { FEATURE_PERSONAL_TRAVEL: false },
    });
    await provider.update(id, outs, news);
    const features = await h.client.get<{ features: { name: string; value?: string }[] }>(
      apiPath`/v2/companies/${parents.companyId}/features`,
    );
    const values = Object.fromEntries(features.features.map((f) => [f.name, f.value]));
    expect(values.FEATURE_PERSONAL_TRAVEL).toBe("false");
    expect(values.HIDE_LEFT_NAV).toBeUndefined();
    await provider.delete(id, { ...outs, ...news });
  });

  it("stores a company config whole and reads drift back", async () => {
    const provider = providerOf(companyConfigResource);
    const inputs = await checked(provider, {
      companyId: parents.companyId,
      kind: "stealth",
      config: { stealthModes: [{ stealthType: "STEALTH_TYPE_1", label: "Exec" }] },
    });
    const { id, outs } = await provider.create(inputs);
    expect(id).toBe(`${parents.companyId}/stealth`);
    expect((await provider.read(id, outs)).inputs).toEqual(inputs);
    await h.client.put(apiPath`/v2/companies/${parents.companyId}/stealth-config`, {
      body: {
        stealthModes: [{ stealthType: "STEALTH_TYPE_1", label: "Changed" }],
      },
    });
    const read = await provider.read(id, outs);
    expect(await provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: true });
    const kindChange = await checked(provider, { ...inputs, kind: "tier", config: { tiers: [] } });
    expect((await provider.diff(id, outs, kindChange)).replaces).toContain("kind");
    expect((await provider.check({}, { ...inputs, kind: "nope" })).failures?.[0]?.property).toBe("kind");
  });

  it("deletes deletable configs and sends companyRole where the platform needs it", async () => {
    const provider = providerOf(companyConfigResource);
    const inputs = await checked(provider, {
      companyId: parents.companyId,
      kind: "travel-content",
      config: {},
    });
    const { id, outs } = await provider.create(inputs);
    await provider.delete(id, outs);
    expect(await provider.read(id, outs)).toEqual({});
    const before = h.emulator.admin.lastRequestSeq;
    expect(
      (await provider.check({}, { companyId: parents.companyId, kind: "color", config: {} })).failures,
    ).toEqual([{ property: "companyRole", reason: "is required for kind color" }]);
    expect(
      (
        await provider.check(
          {},
          { companyId: parents.companyId, kind: "stealth", config: { stealthModes: [{ label: 1 }] } },
        )
      ).failures?.map((f) => f.property),
    ).toEqual(expect.arrayContaining(["config.stealthModes[0].stealthType", "config.stealthModes[0].label"]));
    const color = await checked(provider, {
      companyId: parents.companyId,
      kind: "color",
      companyRole: "ORG",
      config: {},
    });
    await provider.create(color);
    expect(h.emulator.admin.requests(before).map((entry) => `${entry.method} ${entry.status}`)).toContain(
      "PUT 200",
    );
  });

  it("sets and reads the per-trip service charge", async () => {
    const provider = providerOf(perTripServiceChargeResource);
    const inputs = await checked(provider, {
      companyId: parents.companyId,
      config: { charges: [{ amount: 12.5, currencyCode: "USD" }] },
    });
    const negative = { charges: [{ amount: -1, currencyCode: "USD" }] };
    expect((await provider.check({}, { companyId: parents.companyId, config: negative })).failures).toEqual([
      { property: "config.charges[0].amount", reason: "must not be negative" },
    ]);
    const { id, outs } = await provider.create(inputs);
    expect((await provider.read(id, outs)).inputs).toEqual(inputs);
  });
});

/** The route pattern the emulator logs for a concrete collection path. */
function routeOf(path: string, parents: Parents): string {
  return path.replace(parents.companyId, ":companyId").replace(parents.legalEntityId, ":legalEntityId");
}
