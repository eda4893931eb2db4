import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../src/client";
import type { ResourceDefinition, Values } from "../../src/provider/definition";
import { buildDynamicProvider } from "../../src/provider/dynamic-provider";
import { companyConfigResource } from "../../src/resources/company-config";
import { companyFeaturesResource } from "../../src/resources/company-features";
import { costCenterResource } from "../../src/resources/cost-center";
import { departmentResource } from "../../src/resources/department";
import { gradeResource } from "../../src/resources/grade";
import { legalEntityResource } from "../../src/resources/legal-entity";
import { officeResource } from "../../src/resources/office";
import { perTripServiceChargeResource } from "../../src/resources/per-trip-service-charge";
import { checked, type ProviderHarness, providerHarness } from "./harness";

const address = { addressLines: ["1 Main Street"], regionCode: "US" };

/** A child resource case: how to declare it, edit it, and find it on the platform. */
interface ChildCase {
  definition: ResourceDefinition<Values, Values>;
  idOutput: string;
  inputs(parents: Parents): Values;
  edit: Values;
  path(parents: Parents, id: string): string;
  collection(parents: Parents): string;
  invalid: [Values, string];
}

interface Parents {
  companyId: string;
  legalEntityId: string;
}

const cases: Record<string, ChildCase> = {
  LegalEntity: {
    definition: legalEntityResource,
    idOutput: "legalEntityId",
    inputs: ({ companyId }) => ({
      companyId,
      name: "Acme US",
      billingCurrency: "USD",
      address,
      externalId: "le-1",
    }),
    edit: { name: "Acme USA" },
    path: ({ companyId }, id) => apiPath`/v2/companies/${companyId}/legal-entities/${id}`,
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/legal-entities`,
    invalid: [{ billingCurrency: "usd" }, "billingCurrency"],
  },
  Office: {
    definition: officeResource,
    idOutput: "officeId",
    inputs: ({ companyId, legalEntityId }) => ({ companyId, legalEntityId, name: "HQ", address }),
    edit: { name: "Headquarters" },
    path: ({ companyId, legalEntityId }, id) =>
      apiPath`/v2/companies/${companyId}/legal-entities/${legalEntityId}/offices/${id}`,
    collection: ({ companyId, legalEntityId }) =>
      apiPath`/v2/companies/${companyId}/legal-entities/${legalEntityId}/offices`,
    invalid: [{ latlng: { latitude: 123, longitude: 0 } }, "latlng.latitude"],
  },
  CostCenter: {
    definition: costCenterResource,
    idOutput: "costCenterId",
    inputs: ({ companyId }) => ({ companyId, name: "Sales", externalId: "cc-sales", numberOfEmployees: 12 }),
    edit: { name: "Sales EMEA" },
    path: ({ companyId }, id) => apiPath`/v2/companies/${companyId}/cost-centers/${id}`,
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/cost-centers`,
    invalid: [{ numberOfEmployees: -1 }, "numberOfEmployees"],
  },
  Department: {
    definition: departmentResource,
    idOutput: "departmentId",
    inputs: ({ companyId }) => ({ companyId, name: "Engineering", externalId: "dep-eng" }),
    edit: { name: "R&D" },
    path: ({ companyId }, id) => apiPath`/v2/companies/${companyId}/departments/${id}`,
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/departments`,
    invalid: [{ name: "" }, "name"],
  },
  Grade: {
    definition: gradeResource,
    idOutput: "gradeId",
    inputs: ({ companyId }) => ({ companyId, name: "Senior" }),
    edit: { name: "Staff" },
    path: ({ companyId }, id) => apiPath`/v2/companies/${companyId}/grades/${id}`,
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/grades`,
    invalid: [{ name: 42 }, "name"],
  },
};

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
    buildDynamicProvider(definition, () => ({ client: h.client }));

  describe.each(Object.entries(cases))("%s", (_type, c) => {
    const server = (id: string) => h.client.get<Values>(c.path(parents, id));

    it("refuses bad input at check time, naming the property, with no platform call", async () => {
      const provider = providerOf(c.definition);
      const [bad, property] = c.invalid;
      const before = h.emulator.admin.lastRequestSeq;
      const result = await provider.check({}, { ...c.inputs(parents), ...bad, bogus: 1 });
      expect(result.failures?.map((f) => f.property)).toEqual(expect.arrayContaining([property, "bogus"]));
      const missingParent = await provider.check({}, { ...c.inputs(parents), companyId: undefined });
      expect(missingParent.failures?.map((f) => f.property)).toContain("companyId");
      expect(h.emulator.admin.requests(before)).toEqual([]);
    });

    it("creates with one write, reads back without a diff, updates in place, deletes", async () => {
      const provider = providerOf(c.definition);
      const inputs = await checked(provider, c.inputs(parents));
      const before = h.emulator.admin.lastRequestSeq;
      const { id, outs } = await provider.create(inputs);
      expect(Object.keys(h.emulator.admin.requestCounts(before))).toEqual([
        `POST ${routeOf(c.collection(parents), parents)}`,
      ]);
      expect(outs).toMatchObject({ ...inputs, [c.idOutput]: id });

      const read = await provider.read(id, outs);
      expect(read.inputs).toEqual(inputs);
      expect(await provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: false });

      const news = await checked(provider, { ...inputs, ...c.edit });
      expect(await provider.diff(id, outs, news)).toEqual({
        changes: true,
        replaces: [],
        deleteBeforeReplace: false,
      });
      await provider.update(id, outs, news);
      expect(await server(id)).toMatchObject(c.edit);

      const moved = await checked(provider, { ...news, companyId: "another-company" });
      expect((await provider.diff(id, outs, moved)).replaces).toContain("companyId");

      await provider.delete(id, outs);
      expect(await provider.read(id, outs)).toEqual({});
      await expect(provider.delete(id, outs)).resolves.toBeUndefined();
    });

    it("detects drift made out of band", async () => {
      const provider = providerOf(c.definition);
      const inputs = await checked(provider, c.inputs(parents));
      const { id, outs } = await provider.create(inputs);
      const current = await server(id);
      await h.client.put(c.path(parents, id), { body: { ...current, ...c.edit } });
      const read = await provider.read(id, outs);
      expect(read.inputs).toMatchObject(c.edit);
      expect(await provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: true });
      await provider.delete(id, outs);
    });

    it("adopts an existing object and converges it", async () => {
      const provider = providerOf(c.definition);
      const { companyId: _c, legalEntityId: _l, ...body } = c.inputs(parents);
      const { id: existing } = await h.client.post<{ id: string }>(c.collection(parents), {
        body: {
          ...body,
          ...c.edit,
        },
      });
      const inputs = await checked(provider, { ...c.inputs(parents), adoptId: existing });
      const { id, outs } = await provider.create(inputs);
      expect(id).toBe(existing);
      expect(await server(id)).toMatchObject({ name: c.inputs(parents).name });
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
