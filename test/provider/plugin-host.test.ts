/**
 * The plugin host over real gRPC: the engine's calls of the provider protocol, made with the SDK's
 * generated client against the plugin's server, talking with a live emulator. What the engine
 * needs of a real provider and a dynamic one does not give: configuration from `Configure`,
 * secrets kept secret on the wire, a detailed diff, previews of create and update, and an import
 * by import id.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import type { Values } from "../../src/provider/model/values";
import { declaredForm } from "../../src/provider/model/keyed-inputs";
import { definitions } from "../../src/resources/registry";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { createCustomGroup, liveEmulator } from "../support/live-emulator";
import {
  type Client,
  configure,
  engineLog,
  importRead,
  pluginClient,
  SECRET,
  SIG,
  secret,
  struct,
  urnOf,
} from "../support/plugin-client";

function check(client: Client, type: string, news: Values, olds: Values = {}) {
  const request = new provproto.CheckRequest();
  request.setUrn(urnOf(type, "r"));
  request.setType(`travel:index:${type}`);
  request.setOlds(struct(olds));
  request.setNews(struct(news));
  return client.call<provproto.CheckRequest, provproto.CheckResponse>("check", request);
}

async function create(client: Client, type: string, properties: Values, preview = false) {
  const request = new provproto.CreateRequest();
  request.setUrn(urnOf(type, "r"));
  request.setType(`travel:index:${type}`);
  request.setProperties(struct(properties));
  request.setPreview(preview);
  const response = await client.call<provproto.CreateRequest, provproto.CreateResponse>("create", request);
  return { id: response.getId(), properties: response.getProperties()?.toJavaScript() ?? {} };
}

async function update(
  client: Client,
  type: string,
  id: string,
  olds: Values,
  news: Values,
  preview: boolean,
) {
  const request = new provproto.UpdateRequest();
  request.setUrn(urnOf(type, "r"));
  request.setType(`travel:index:${type}`);
  request.setId(id);
  request.setOlds(struct(olds));
  request.setNews(struct(news));
  request.setPreview(preview);
  const response = await client.call<provproto.UpdateRequest, provproto.UpdateResponse>("update", request);
  return response.getProperties()?.toJavaScript() ?? {};
}

describe("the provider plugin over gRPC", () => {
  let emulator: RunningEmulator;
  let client: Client;
  let companyId: string;
  let engine: Awaited<ReturnType<typeof engineLog>>;

  beforeAll(async () => {
    emulator = await liveEmulator();
    engine = await engineLog();
    client = await pluginClient(engine.address);
    const configured = await configure(client, emulator, emulator.bootstrap.clientSecret);
    expect(configured.getAcceptsecrets()).toBe(true);
    expect(configured.getSupportspreview()).toBe(true);
    const company = await create(client, "Company", {
      name: "Plugin Co",
      billingCurrency: "USD",
      externalId: "plugin-co",
    });
    companyId = company.id;
  });
  afterAll(async () => {
    client.close();
    engine.close();
    await emulator.close();
  });

  it("refuses a configuration without credentials at CheckConfig, naming the settings", async () => {
    const request = new provproto.CheckRequest();
    request.setUrn("urn:pulumi:dev::p::pulumi:providers:travel::default");
    request.setNews(struct({ baseUrl: emulator.url }));
    const response = await client.call<provproto.CheckRequest, provproto.CheckResponse>(
      "checkConfig",
      request,
    );
    const reasons = response.getFailuresList().map((failure) => failure.getReason());
    expect(reasons.join("\n")).toMatch(/travel:clientId.*travel:clientSecret/s);
  });

  it("diffs a provider's settings as the runtime reads them: a default sent is the setting unset", async () => {
    const diffConfig = async (olds: Values, news: Values) => {
      const request = new provproto.DiffRequest();
      request.setUrn("urn:pulumi:dev::p::pulumi:providers:travel::explicit");
      request.setOldInputs(struct(olds));
      request.setOlds(struct(olds));
      request.setNews(struct(news));
      const answer = await client.call<provproto.DiffRequest, provproto.DiffResponse>("diffConfig", request);
      return { changes: answer.getChanges(), diffs: answer.getDiffsList() };
    };
    const recorded = { baseUrl: emulator.url, verifyCredentials: "true" };
    // What an SDK's explicit provider now sends: the schema's defaults.
    const sdkDefaults = {
      baseUrl: emulator.url,
      allowInsecureHttp: false,
      maxConcurrency: 8,
      maxRetries: 5,
      verifyCredentials: true,
    };
    expect(await diffConfig(recorded, sdkDefaults)).toEqual({
      changes: provproto.DiffResponse.DiffChanges.DIFF_NONE,
      diffs: [],
    });
    expect(await diffConfig(recorded, { ...sdkDefaults, maxRetries: 2, verifyCredentials: false })).toEqual({
      changes: provproto.DiffResponse.DiffChanges.DIFF_SOME,
      diffs: ["verifyCredentials", "maxRetries"],
    });
  });

  it("names the property and the reason of a check failure", async () => {
    const response = await check(client, "CostCenter", { companyId });
    const failures = response.getFailuresList().map((failure) => failure.getReason());
    expect(failures.join("\n")).toMatch(/^name: /m);
  });

  it("previews a create with its id output unknown, then creates and diffs input by input", async () => {
    const inputs = { companyId, name: "Engineering", externalId: "cc-eng" };
    const checked = (await check(client, "CostCenter", inputs)).getInputs()?.toJavaScript() ?? {};
    const preview = await create(client, "CostCenter", checked, true);
    expect(preview.id).toBe("");
    expect(preview.properties).toMatchObject({ ...inputs, costCenterId: UNKNOWN });

    const made = await create(client, "CostCenter", checked);
    expect(made.properties).toMatchObject({ ...inputs, costCenterId: made.id });

    const diff = new provproto.DiffRequest();
    diff.setUrn(urnOf("CostCenter", "r"));
    diff.setType("travel:index:CostCenter");
    diff.setId(made.id);
    diff.setOlds(struct(made.properties));
    diff.setNews(struct({ ...inputs, name: "Platform", companyId: "other" }));
    const answer = await client.call<provproto.DiffRequest, provproto.DiffResponse>("diff", diff);
    expect(answer.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(answer.getReplacesList()).toEqual(["companyId"]);
    const detailed: Record<string, number> = {};
    answer.getDetaileddiffMap().forEach((change, key) => (detailed[key] = change.getKind()));
    expect(detailed).toEqual({
      name: provproto.PropertyDiff.Kind.UPDATE,
      companyId: provproto.PropertyDiff.Kind.UPDATE_REPLACE,
    });

    // An update preview keeps the outputs the update does not change known.
    const renamed = { ...inputs, name: "Platform" };
    expect(await update(client, "CostCenter", made.id, made.properties, renamed, true)).toMatchObject({
      ...renamed,
      costCenterId: made.id,
    });
  });

  it("records keyed lists by name and diffs them entry by entry, as the dynamic host's engine does", async () => {
    const [admin, arranger, , traveler] = PLATFORM_ROLES;
    const groupId = await createCustomGroup(emulator, companyId, "Plugin approvers");
    const roles = (...picked: { id: string }[]) => ({
      companyId,
      groupId,
      roles: picked.map(({ id }) => ({ roleId: id })),
    });
    const checkedInputs = async (type: string, news: Values, olds: Values = {}) => {
      const response = await check(client, type, news, olds);
      expect(response.getFailuresList()).toEqual([]);
      return response.getInputs()?.toJavaScript() ?? {};
    };
    const base = await checkedInputs("UserGroupRoles", roles(admin, arranger));
    expect(base.roles).toEqual({
      [admin.name]: { roleId: admin.id, scope: { audiences: [] } },
      [arranger.name]: { roleId: arranger.id, scope: { audiences: [] } },
    });
    const next = await checkedInputs("UserGroupRoles", roles(admin, traveler), base);
    // The outputs echo the inputs as the definition sees them: lists.
    const outputsOf = (type: string, inputs: Values) =>
      declaredForm(definitions[type]?.capabilities?.diff?.keyedInputs, inputs);
    const detailed = async (type: string, olds: Values, news: Values) => {
      const request = new provproto.DiffRequest();
      request.setUrn(urnOf(type, "r"));
      request.setType(`travel:index:${type}`);
      request.setId("r");
      // As the engine sends them: the outputs (lists, as the schema types them) and the recorded inputs.
      request.setOlds(struct(outputsOf(type, olds)));
      request.setOldInputs(struct(olds));
      request.setNews(struct(news));
      const answer = await client.call<provproto.DiffRequest, provproto.DiffResponse>("diff", request);
      const out: Record<string, number> = {};
      answer.getDetaileddiffMap().forEach((change, key) => (out[key] = change.getKind()));
      // The engine's `diffs` names the top-level properties the detailed paths start in.
      const properties = [...new Set(Object.keys(out).map((path) => /^[^.[]+/.exec(path)?.[0]))];
      expect(answer.getDiffsList().sort()).toEqual(properties.sort());
      return { changes: answer.getChanges(), detailed: out };
    };
    expect(await detailed("UserGroupRoles", base, next)).toEqual({
      changes: provproto.DiffResponse.DiffChanges.DIFF_SOME,
      detailed: {
        [`roles["${arranger.name}"]`]: provproto.PropertyDiff.Kind.DELETE,
        [`roles.${traveler.name}`]: provproto.PropertyDiff.Kind.ADD,
      },
    });
    // State written before (roles by id, or the list) is the same roles: no change.
    const byId = {
      ...base,
      roles: { [admin.id]: { scope: { audiences: [] } }, [arranger.id]: { scope: { audiences: [] } } },
    };
    expect((await detailed("UserGroupRoles", byId, base)).changes).toBe(
      provproto.DiffResponse.DiffChanges.DIFF_NONE,
    );
    const asList = { ...base, roles: roles(arranger, admin).roles };
    expect((await detailed("UserGroupRoles", asList, base)).changes).toBe(
      provproto.DiffResponse.DiffChanges.DIFF_NONE,
    );

    // A config document's keyed array: profile colors by title, not by position.
    const colors = (...pairs: [string, string][]) => ({
      companyId,
      kind: "color",
      companyRole: "ORG",
      config: { profileColors: pairs.map(([title, color]) => ({ title, color })) },
    });
    const gold = await checkedInputs(
      "CompanyConfig",
      colors(["PROFILE_TIER_GOLD_COLOR", "#d4af37"], ["PROFILE_TIER_SILVER_COLOR", "#c0c0c0"]),
    );
    expect(gold.config).toEqual({
      profileColors: {
        PROFILE_TIER_GOLD_COLOR: { color: "#d4af37" },
        PROFILE_TIER_SILVER_COLOR: { color: "#c0c0c0" },
      },
    });
    const brighter = await checkedInputs(
      "CompanyConfig",
      colors(["PROFILE_TIER_GOLD_COLOR", "#ffd700"], ["PROFILE_TIER_SILVER_COLOR", "#c0c0c0"]),
      gold,
    );
    expect((await detailed("CompanyConfig", gold, brighter)).detailed).toEqual({
      "config.profileColors.PROFILE_TIER_GOLD_COLOR.color": provproto.PropertyDiff.Kind.UPDATE,
    });
    // The vendor gives the colors no order: swapping the two is no change.
    const swapped = await checkedInputs(
      "CompanyConfig",
      colors(["PROFILE_TIER_SILVER_COLOR", "#c0c0c0"], ["PROFILE_TIER_GOLD_COLOR", "#d4af37"]),
      gold,
    );
    expect((await detailed("CompanyConfig", gold, swapped)).changes).toBe(
      provproto.DiffResponse.DiffChanges.DIFF_NONE,
    );
  });

  it("imports an object made by hand from its import id or its own id, with every input the platform holds", async () => {
    const made = await create(client, "CostCenter", { companyId, name: "By hand", externalId: "cc-hand" });
    const inputs = { companyId, name: "By hand", externalId: "cc-hand" };
    const byImportId = await client.call<provproto.ReadRequest, provproto.ReadResponse>(
      "read",
      importRead("CostCenter", `${companyId}/${made.id}`),
    );
    expect(byImportId.getId()).toBe(made.id);
    expect(byImportId.getInputs()?.toJavaScript()).toEqual(inputs);
    // The id its resource records (what `pulumi do create` prints) is found among the companies.
    const byOwnId = await client.call<provproto.ReadRequest, provproto.ReadResponse>(
      "read",
      importRead("CostCenter", made.id),
    );
    expect(byOwnId.getId()).toBe(made.id);
    expect(byOwnId.getInputs()?.toJavaScript()).toEqual(inputs);

    await expect(client.call("read", importRead("CostCenter", `${companyId}/${made.id}/x`))).rejects.toThrow(
      /is neither the import id <companyId>\/<costCenterId> \(such as .*\) nor the CostCenter's own id/,
    );
  });

  it("keeps a secret output secret on the wire, and previews a rotation's new secret as unknown", async () => {
    const inputs = { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS", rotation: "1" };
    const checked = (await check(client, "ApiUser", inputs)).getInputs()?.toJavaScript() ?? {};
    const made = await create(client, "ApiUser", checked);
    expect(made.properties.clientSecret).toMatchObject({ [SIG]: SECRET });
    expect(made.properties.clientId).toBe(made.id);
    const preview = await update(
      client,
      "ApiUser",
      made.id,
      made.properties,
      { ...checked, rotation: "2" },
      true,
    );
    expect(preview.clientSecret).toEqual(secret(UNKNOWN));
    expect(preview.clientId).toBe(made.id);
  });

  it("serves each provider with its own credentials", async () => {
    const other = await pluginClient();
    try {
      await configure(other, emulator, "not-the-secret");
      await expect(check(other, "CostCenter", { companyId, name: "x" })).rejects.toThrow(
        /credentials|401|invalid_client/i,
      );
      // The first provider is untouched by the second's configuration.
      expect((await check(client, "CostCenter", { companyId, name: "x" })).getFailuresList()).toEqual([]);
    } finally {
      other.close();
    }
  });

  it("gives its warnings to the engine's Log call", async () => {
    const key = await create(client, "TenantKey", { companyId });
    // A later run deletes it (a run leaves alone what it created itself: run claims).
    const later = await pluginClient(engine.address);
    try {
      await configure(later, emulator, emulator.bootstrap.clientSecret);
      const request = new provproto.DeleteRequest();
      request.setUrn(urnOf("TenantKey", "key"));
      request.setType("travel:index:TenantKey");
      request.setId(key.id);
      request.setProperties(struct(key.properties));
      await later.call("delete", request);
    } finally {
      later.close();
    }
    expect(engine.warnings.join("\n")).toMatch(/TenantKey .* was removed from the stack only/);
  });
});
