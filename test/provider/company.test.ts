import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath } from "../../src/client";
import { companyResource } from "../../src/resources/company";
import { checked, type ProviderHarness, providerHarness } from "./harness";

describe("Company provider", () => {
  let h: ProviderHarness;
  beforeAll(async () => {
    h = await providerHarness(companyResource);
  });
  afterAll(() => h.close());

  const server = (id: string) => h.client.get<Record<string, unknown>>(apiPath`/v2/companies/${id}`);

  it("validates inputs at check time, naming the property, without calling the platform", async () => {
    const before = h.emulator.admin.lastRequestSeq;
    const result = await h.provider.check(
      {},
      { name: "", billingCurrency: "usd", emailDomains: ["not a domain"], nmae: "x" },
    );
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { property: "name", reason: "must not be empty" },
        { property: "billingCurrency", reason: expect.stringContaining("ISO 4217") },
        { property: "emailDomains[0]", reason: expect.stringContaining("domain") },
        { property: "nmae", reason: "is not a known property" },
      ]),
    );
    expect(h.emulator.admin.requests(before)).toEqual([]);
  });

  it("creates with one write, reads, updates in place and deletes", async () => {
    const inputs = await checked(h.provider, { name: "Acme", billingCurrency: "USD", externalId: "p-acme" });
    expect(inputs.companyRoles).toEqual(["ORG"]);
    const before = h.emulator.admin.lastRequestSeq;
    const { id, outs } = await h.provider.create(inputs);
    expect(h.emulator.admin.requestCounts(before)).toMatchObject({ "POST /v2/companies": 1 });
    expect(outs).toMatchObject({ companyId: id, name: "Acme", externalId: "p-acme" });

    const read = await h.provider.read(id, outs);
    expect(read).toEqual({ id, props: outs, inputs });

    const news = await checked(h.provider, { ...inputs, name: "Acme 2" });
    expect(await h.provider.diff(id, outs, news)).toEqual({
      changes: true,
      changed: ["name"],
      replaces: [],
      deleteBeforeReplace: false,
    });
    const updated = await h.provider.update(id, outs, news);
    expect(updated.outs).toMatchObject({ companyId: id, name: "Acme 2" });
    expect(await server(id)).toMatchObject({ name: "Acme 2", externalId: "p-acme" });
    expect(await h.provider.diff(id, updated.outs ?? {}, news)).toMatchObject({ changes: false });

    await h.provider.delete(id, updated.outs ?? {});
    expect(await h.provider.read(id, updated.outs)).toEqual({});
    await expect(h.provider.delete(id, updated.outs ?? {})).resolves.toBeUndefined();
  });

  it("keeps forceDestroy to itself: never sent, kept by read, and a change of it alone updates nothing on the platform", async () => {
    const inputs = await checked(h.provider, { name: "Forced", billingCurrency: "USD" });
    const before = h.emulator.admin.lastRequestSeq;
    const { id, outs } = await h.provider.create({ ...inputs, forceDestroy: true });
    const [post] = h.emulator.admin
      .requests(before)
      .filter((e) => e.method === "POST" && e.path === "/v2/companies");
    expect(post).toBeDefined();
    expect(await server(id)).not.toHaveProperty("forceDestroy");
    expect((await h.provider.read(id, outs)).inputs).toMatchObject({ forceDestroy: true });
    const news = await checked(h.provider, { ...inputs, forceDestroy: false });
    const diff = await h.provider.diff(id, outs, news);
    expect(diff).toMatchObject({ changes: true, changed: ["forceDestroy"], replaces: [] });
    const beforeUpdate = h.emulator.admin.lastRequestSeq;
    await h.provider.update(id, outs, news);
    expect(h.emulator.admin.requests(beforeUpdate).filter((e) => e.method !== "GET")).toEqual([]);
    await h.provider.delete(id, outs);
  });

  it("takes every property of CreateCompanyRequest, and sends supportConfigs as the vendor's Company shape on update", async () => {
    const settings = {
      emergencyContactInfos: [{ email: "desk@acme.example", designation: "Travel desk" }],
      companyLogo: { url: "https://acme.example/logo.png" },
      supportConfigs: [{ emailAddresses: ["help@acme.example"], portalUrls: ["https://help.acme.example"] }],
      tmcDefaultConfiguration: { defaultBookingTmcId: "7b0a4f53-6a8e-4c1e-9c1b-2f1e3d4c5b6a" },
      applicableCustomFieldTypes: ["QUESTION"],
      privacySettings: { allowCompanyAdminAccessToRelativesInfo: false },
      isFake: true,
      tmcPartnerRoleMappings: [{ partnerRole: "admin", spotnanaRole: "COMPANY_ADMIN" }],
      carbonCostConfig: { price: { amount: 12, currencyCode: "USD" }, weight: { weight: 1, unit: "KG" } },
      companySpecifiedAttributes: [{ fieldName: "region", value: "emea" }],
    };
    const inputs = await checked(h.provider, { name: "Settings", billingCurrency: "USD", ...settings });
    const { id, outs } = await h.provider.create(inputs);
    // The platform holds the support configs the create listed as the vendor's `SupportConfigs`.
    expect(await server(id)).toMatchObject({
      ...settings,
      supportConfigs: { length: settings.supportConfigs.length, elements: settings.supportConfigs },
    });
    const read = await h.provider.read(id, outs);
    expect(await h.provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: false });

    const supportConfigs = [{ emailAddresses: ["support@acme.example"] }];
    const news = await checked(h.provider, { ...inputs, supportConfigs });
    const before = h.emulator.admin.lastRequestSeq;
    await h.provider.update(id, outs, news);
    expect(h.emulator.admin.requestCounts(before)).toMatchObject({ "PUT /v2/companies/:companyId": 1 });
    expect((await server(id)).supportConfigs).toEqual({ length: 1, elements: supportConfigs });
    const reread = await h.provider.read(id, outs);
    expect(reread.inputs?.supportConfigs).toEqual(supportConfigs);
  });

  it("refuses at check time what the vendor's nested schemas refuse, naming the nested property", async () => {
    const result = await h.provider.check(
      {},
      {
        name: "Nested",
        billingCurrency: "USD",
        postalAddress: { adressLines: ["1 Main St"], regionCode: "US" },
        privacySettings: { allowCompanyAdminAccessToRelativeInfo: true },
        tmcPartnerRoleMappings: [{ partnerRole: "admin", spotnanaRole: "NOT_A_ROLE" }],
        defaultBookingTmcId: { id: "not-a-uuid" },
      },
    );
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { property: "postalAddress.adressLines", reason: expect.stringContaining("not a known property") },
        { property: "postalAddress.addressLines", reason: expect.any(String) },
        {
          property: "privacySettings.allowCompanyAdminAccessToRelativeInfo",
          reason: expect.stringContaining("not a known property"),
        },
        { property: "tmcPartnerRoleMappings[0].spotnanaRole", reason: expect.any(String) },
        { property: "defaultBookingTmcId.id", reason: expect.stringContaining("uuid") },
      ]),
    );
  });

  it("never clears fields it does not manage on update, and clears fields the user removed", async () => {
    const inputs = await checked(h.provider, {
      name: "Keep",
      billingCurrency: "USD",
      emailDomains: ["keep.example"],
    });
    const { id, outs } = await h.provider.create(inputs);
    const current = await server(id);
    await h.client.put(apiPath`/v2/companies/${id}`, {
      body: {
        ...current,
        isSelfSignUpEnabled: true,
        ccEmailAddresses: ["ops@keep.example"],
      },
    });
    const news = await checked(h.provider, { name: "Keep 2", billingCurrency: "USD" });
    await h.provider.update(id, outs, news);
    const after = await server(id);
    expect(after).toMatchObject({
      name: "Keep 2",
      isSelfSignUpEnabled: true,
      ccEmailAddresses: ["ops@keep.example"],
    });
    expect(after.emailDomains).toBeUndefined();
  });

  it("detects drift on read and removes a deleted company from state", async () => {
    const inputs = await checked(h.provider, { name: "Drift", billingCurrency: "USD" });
    const { id, outs } = await h.provider.create(inputs);
    const current = await server(id);
    await h.client.put(apiPath`/v2/companies/${id}`, {
      body: {
        ...current,
        name: "Changed out of band",
        isSelfSignUpEnabled: true,
      },
    });
    const read = await h.provider.read(id, outs);
    expect(read.inputs).toEqual({ ...inputs, name: "Changed out of band" });
    expect(await h.provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: true });
    await h.client.delete(apiPath`/v2/companies/${id}`);
    expect(await h.provider.read(id, outs)).toEqual({});
  });

  it("adopts an existing company and converges it", async () => {
    const { id: existing } = await h.client.post<{ id: string }>("/v2/companies", {
      body: {
        name: "Legacy",
        billingCurrency: "EUR",
        companyRoles: ["ORG"],
      },
    });
    const inputs = await checked(h.provider, { name: "Adopted", billingCurrency: "USD", adoptId: existing });
    const before = h.emulator.admin.lastRequestSeq;
    const { id, outs } = await h.provider.create(inputs);
    expect(id).toBe(existing);
    expect(outs).toMatchObject({ companyId: existing, adoptId: existing });
    expect(h.emulator.admin.requestCounts(before)["POST /v2/companies"]).toBeUndefined();
    expect(await server(existing)).toMatchObject({ name: "Adopted", billingCurrency: "USD" });
    const read = await h.provider.read(id, outs);
    expect(await h.provider.diff(id, read.props ?? {}, inputs)).toMatchObject({ changes: false });
  });

  it("refuses to adopt a company that does not exist", async () => {
    const inputs = await checked(h.provider, {
      name: "Ghost",
      billingCurrency: "USD",
      adoptId: "00000000-0000-4000-8000-000000000000",
    });
    await expect(h.provider.create(inputs)).rejects.toThrow(
      /adoptId 00000000-0000-4000-8000-000000000000 does not exist/,
    );
  });

  it("surfaces platform refusals with the platform's reason", async () => {
    const first = await checked(h.provider, { name: "Dup", billingCurrency: "USD", externalId: "dup-ext" });
    await h.provider.create(first);
    await expect(h.provider.create(first)).rejects.toThrow(/409 DUPLICATE_EXTERNAL_ID/);
  });
});
