/**
 * Issue 14 at the provider level, against a live emulator: the provider owns exactly the declared
 * fields (refresh, adoption, update), only an object's own not-found codes mean gone, responses
 * are parsed leniently, numberOfEmployees is create-only, and the runtime checks credentials once
 * at preview and honours fixed credentials from the environment for refresh and destroy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiPath, clearSharedTokens } from "../../src/client";
import type { Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { COMPANIES } from "../../src/emulator/org/records";
import { createProviderRuntime } from "../../src/provider/operations/runtime";
import { companyResource } from "../../src/resources/company";
import { costCenterResource } from "../../src/resources/cost-center";
import { legalEntityResource } from "../../src/resources/legal-entity";
import { definitions } from "../../src/resources/registry";
import { clientFor } from "../support/live-emulator";
import { checked, type ProviderHarness, providerHarness } from "./harness";
import { testRun } from "../support/test-run";

const address = { addressLines: ["1 Main Street"], regionCode: "US" };

describe("plan fidelity (issue 14)", () => {
  let h: ProviderHarness;
  let companyId: string;

  beforeAll(async () => {
    h = await providerHarness(legalEntityResource);
    ({ id: companyId } = await h.client.post<{ id: string }>("/v2/companies", {
      body: { name: "Fidelity Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
  });
  afterAll(() => h.close());

  const providerOf = (definition: typeof legalEntityResource | typeof costCenterResource) =>
    buildTypeProvider(definition, testRun(h.client));
  const lePath = (id: string) => apiPath`/v2/companies/${companyId}/legal-entities/${id}`;

  describe("ownership of fields", () => {
    it("refresh does not record a field set outside the program, and the next update keeps it", async () => {
      const provider = providerOf(legalEntityResource);
      const inputs = await checked(provider, { companyId, name: "Acme US", billingCurrency: "USD", address });
      const { id, outs } = await provider.create(inputs);
      const current = await h.client.get<Values>(lePath(id));
      await h.client.put(lePath(id), { body: { ...current, ein: "12-3456789" } });

      const refreshed = await provider.read(id, outs);
      expect(refreshed.inputs).not.toHaveProperty("ein");
      expect(refreshed.props).not.toHaveProperty("ein");
      const news = await checked(provider, { ...inputs, name: "Acme USA" }, refreshed.inputs);
      const diff = await provider.diff(id, refreshed.props ?? {}, news);
      expect(diff).toMatchObject({ changes: true, replaces: [] });
      await provider.update(id, refreshed.props ?? {}, news);
      expect(await h.client.get<Values>(lePath(id))).toMatchObject({ name: "Acme USA", ein: "12-3456789" });
    });

    it("refresh shows drift of a declared field, and no diff without it", async () => {
      const provider = providerOf(legalEntityResource);
      const inputs = await checked(provider, { companyId, name: "Drift", billingCurrency: "USD", address });
      const { id, outs } = await provider.create(inputs);
      const unchanged = await provider.read(id, outs);
      expect((await provider.diff(id, unchanged.props ?? {}, inputs)).changes).toBe(false);
      const current = await h.client.get<Values>(lePath(id));
      await h.client.put(lePath(id), { body: { ...current, name: "Renamed by hand" } });
      const drifted = await provider.read(id, outs);
      expect(drifted.inputs).toMatchObject({ name: "Renamed by hand" });
      expect((await provider.diff(id, drifted.props ?? {}, inputs)).changes).toBe(true);
    });

    it("adoption keeps the fields the program does not declare", async () => {
      const { id } = await h.client.post<{ id: string }>(apiPath`/v2/companies/${companyId}/legal-entities`, {
        body: { name: "Globex", billingCurrency: "GBP", address, dba: "Globex UK" },
      });
      const provider = providerOf(legalEntityResource);
      const inputs = await checked(provider, {
        companyId,
        name: "Globex Ltd",
        billingCurrency: "GBP",
        address,
        adoptId: id,
      });
      const created = await provider.create(inputs);
      expect(created.id).toBe(id);
      expect(await h.client.get<Values>(lePath(id))).toMatchObject({ name: "Globex Ltd", dba: "Globex UK" });
    });

    it("a field the program stops declaring is cleared: it was owned", async () => {
      const provider = providerOf(legalEntityResource);
      const inputs = await checked(provider, {
        companyId,
        name: "Owned",
        billingCurrency: "USD",
        address,
        dba: "Owned Trading",
      });
      const { id, outs } = await provider.create(inputs);
      const { dba: _dba, ...rest } = inputs;
      const news = await checked(provider, rest, inputs);
      expect((await provider.diff(id, outs, news)).changes).toBe(true);
      await provider.update(id, outs, news);
      expect(await h.client.get<Values>(lePath(id))).not.toHaveProperty("dba");
    });
  });

  it("a setting that moves to a resource of another name in one run stays: the old resource's delete keeps it", async () => {
    // Found by the plan-fidelity property test: `up` creates the new resource, then deletes the
    // old one, whose delete removed the document the new one had just written. One runtime is one
    // provider process, so one run.
    const run = async () => {
      const runtime = createProviderRuntime(definitions);
      await runtime.configure({
        get: (key) =>
          ({
            "travel:baseUrl": h.emulator.url,
            "travel:clientId": h.emulator.bootstrap.clientId,
            "travel:clientSecret": h.emulator.bootstrap.clientSecret,
          })[key],
      });
      return runtime.runtimeProvider("CompanyConfig");
    };
    const earlier = await run();
    const { inputs } = await earlier.check(
      {},
      { companyId, kind: "travel-content", config: { airConfig: {} } },
    );
    const old = await earlier.create(inputs);

    const provider = await run();
    const moved = await provider.create({ ...inputs, config: { airConfig: { fareCategoryFilter: [] } } });
    expect(moved.id).toBe(old.id);
    await provider.delete(old.id, old.outs);
    expect((await provider.read(moved.id, moved.outs)).props).toMatchObject({
      config: { airConfig: { fareCategoryFilter: [] } },
    });
    // A delete in a later run removes it.
    await (await run()).delete(moved.id, moved.outs);
    expect(await provider.read(moved.id, moved.outs)).toEqual({});
  });

  describe("not found", () => {
    it("reports the object gone only for its own not-found code", async () => {
      const provider = providerOf(legalEntityResource);
      const inputs = await checked(provider, { companyId, name: "Gone", billingCurrency: "USD", address });
      const { id, outs } = await provider.create(inputs);
      await h.client.delete(lePath(id));
      expect(await provider.read(id, outs)).toEqual({});
      await expect(provider.delete(id, outs)).resolves.toBeUndefined();
    });

    it("fails refresh and destroy on another 404 (a wrong base URL prefix)", async () => {
      const wrong = clientFor(h.emulator, { baseUrl: `${h.emulator.url}/api` });
      try {
        const provider = buildTypeProvider(legalEntityResource, testRun(wrong));
        const outs = { companyId, name: "X", billingCurrency: "USD", address, legalEntityId: "le" };
        await expect(provider.read("le", outs)).rejects.toThrow(/ROUTE_NOT_FOUND/);
        await expect(provider.delete("le", outs)).rejects.toThrow(/ROUTE_NOT_FOUND/);
      } finally {
        await wrong.close();
      }
    });
  });

  it("reads a company whose answer a declared input could not hold", async () => {
    const provider = buildTypeProvider(companyResource, testRun(h.client));
    const inputs = await checked(provider, { name: "Lenient", billingCurrency: "USD" });
    const { id, outs } = await provider.create(inputs);
    const companies = h.emulator.context.store.records(COMPANIES);
    const record = companies.get(id);
    if (!record) throw new Error(`company ${id} is not stored`);
    companies.set(id, { ...record, name: ` ${"n".repeat(300)} ` });
    const refreshed = await provider.read(id, outs);
    expect(refreshed.inputs).toMatchObject({ name: ` ${"n".repeat(300)} ` });
    await provider.update(id, refreshed.props ?? {}, inputs);
    expect(await h.client.get<Values>(apiPath`/v2/companies/${id}`)).toMatchObject({ name: "Lenient" });
  });

  describe("numberOfEmployees (create-only)", () => {
    const ccPath = (id: string) => apiPath`/v2/companies/${companyId}/cost-centers/${id}`;

    it("is sent on create only, never returned, and a change replaces the cost center", async () => {
      const provider = providerOf(costCenterResource);
      const inputs = await checked(provider, { companyId, name: "Ops", numberOfEmployees: 5 });
      const { id, outs } = await provider.create(inputs);
      expect(await h.client.get<Values>(ccPath(id))).not.toHaveProperty("numberOfEmployees");
      const refreshed = await provider.read(id, outs);
      expect(refreshed.inputs).toMatchObject({ numberOfEmployees: 5 });
      expect((await provider.diff(id, refreshed.props ?? {}, inputs)).changes).toBe(false);
      const more = await checked(provider, { ...inputs, numberOfEmployees: 6 }, inputs);
      expect(await provider.diff(id, outs, more)).toMatchObject({ replaces: ["numberOfEmployees"] });

      const before = h.emulator.admin.lastRequestSeq;
      await provider.update(id, outs, { ...inputs, name: "Operations" });
      const put = h.emulator.admin.requests(before).find((entry) => entry.method === "PUT");
      expect(put).toBeDefined();
      expect(await h.client.get<Values>(ccPath(id))).toEqual({ id: { id }, name: "Operations" });
    });

    it("the emulator refuses it on a PUT, as the vendor's CostCenter schema does, and stores nothing", async () => {
      const { id } = await h.client.post<{ id: string }>(apiPath`/v2/companies/${companyId}/cost-centers`, {
        body: { name: "Direct", numberOfEmployees: 3 },
      });
      await expect(
        h.client.put(ccPath(id), { body: { id: { id }, name: "Direct", numberOfEmployees: 9 } }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/numberOfEmployees/) });
      expect(await h.client.get<Values>(ccPath(id))).toEqual({ id: { id }, name: "Direct" });
    });
  });

  describe("credentials", () => {
    const saved = process.env.TRAVEL_CLIENT_SECRET;
    afterEach(() => {
      if (saved === undefined) delete process.env.TRAVEL_CLIENT_SECRET;
      else process.env.TRAVEL_CLIENT_SECRET = saved;
      clearSharedTokens();
    });
    const stack = (values: Record<string, string>) => ({
      get: (key: string) =>
        ({
          "travel:baseUrl": h.emulator.url,
          "travel:clientId": h.emulator.bootstrap.clientId,
          "travel:clientSecret": h.emulator.bootstrap.clientSecret,
          "travel:maxRetries": "0",
          ...values,
        })[key],
    });
    const tokenCalls = (after: number) =>
      h.emulator.admin.requests(after).filter((entry) => entry.path.endsWith("/oauth2-token")).length;

    it("preview checks the credentials with one token request", async () => {
      clearSharedTokens();
      const runtime = createProviderRuntime(definitions);
      await runtime.configure(stack({}));
      const before = h.emulator.admin.lastRequestSeq;
      const provider = runtime.runtimeProvider("Company");
      await provider.check({}, { name: "A", billingCurrency: "USD" });
      await provider.check({}, { name: "B", billingCurrency: "USD" });
      await runtime.runtimeProvider("CostCenter").check({}, { companyId, name: "C" });
      expect(tokenCalls(before)).toBe(1);
      // The token is reused by the API calls of the same run (up): still one token request.
      await provider.read(companyId, { name: "Fidelity Co", billingCurrency: "USD" });
      expect(tokenCalls(before)).toBe(1);
    });

    it("a wrong secret fails the preview with a clear message; the check can be turned off", async () => {
      const runtime = createProviderRuntime(definitions);
      await runtime.configure(stack({ "travel:clientSecret": "wrong-secret" }));
      const check = runtime.runtimeProvider("Company").check({}, { name: "A", billingCurrency: "USD" });
      await expect(check).rejects.toThrow(
        /could not verify its credentials.*INVALID_CLIENT_CREDENTIALS.*travel:verifyCredentials false/s,
      );
      await expect(check).rejects.not.toThrow(/wrong-secret/);

      const off = createProviderRuntime(definitions);
      await off.configure(
        stack({ "travel:clientSecret": "wrong-secret", "travel:verifyCredentials": "false" }),
      );
      const before = h.emulator.admin.lastRequestSeq;
      await off.runtimeProvider("Company").check({}, { name: "A", billingCurrency: "USD" });
      expect(tokenCalls(before)).toBe(0);
    });

    it("an unreachable platform and missing credentials fail the preview", async () => {
      const down = createProviderRuntime(definitions);
      await down.configure(stack({ "travel:baseUrl": "http://127.0.0.1:9" }));
      await expect(down.runtimeProvider("Company").check({}, { name: "A" })).rejects.toThrow(
        /could not verify its credentials against http:\/\/127\.0\.0\.1:9/,
      );
      const missing = createProviderRuntime(definitions);
      await missing.configure({ get: (key) => (key === "travel:baseUrl" ? h.emulator.url : undefined) });
      await expect(missing.runtimeProvider("Company").check({}, { name: "A" })).rejects.toThrow(
        /needs credentials/,
      );
    });

    it("refresh and destroy with a stale recorded secret work once TRAVEL_CLIENT_SECRET is set", async () => {
      const provider = buildTypeProvider(legalEntityResource, testRun(h.client));
      const inputs = await checked(provider, { companyId, name: "Stale", billingCurrency: "USD", address });
      const { id, outs } = await provider.create(inputs);

      const runtime = createProviderRuntime(definitions);
      await runtime.configure(stack({ "travel:clientSecret": "recorded-wrong-secret" }));
      const stale = runtime.runtimeProvider("LegalEntity");
      await expect(stale.read(id, outs)).rejects.toThrow(/INVALID_CLIENT_CREDENTIALS.*TRAVEL_CLIENT_SECRET/s);

      process.env.TRAVEL_CLIENT_SECRET = h.emulator.bootstrap.clientSecret;
      expect((await stale.read(id, outs)).id).toBe(id);
      await stale.delete(id, outs);
      expect(await stale.read(id, outs)).toEqual({});
    });
  });
});
