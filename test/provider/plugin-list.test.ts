/**
 * The plugin's `List` and the ids its reads take, over real gRPC against a live emulator: every
 * type of the registry is listed under its company (one object of each made through the API), each
 * listed id reads back that object, and so does the object's own id (the one `pulumi do create`
 * prints), found among the companies the credentials can see. Pages follow continuation tokens; a
 * query not known yet is answered computed; an update given the import id acts on the object it
 * names. Bad ids fail naming the forms accepted, and another company's object is never read.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { standaloneContext } from "../../src/provider/model/resource-context";
import { isOptOut } from "../../src/provider/model/tenant-facts";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import type { Values } from "../../src/provider/model/values";
import { listInputsOf } from "../../src/provider/hosts/plugin/type-listing";
import { definitions } from "../../src/resources/registry";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { oneOfEach } from "../support/one-of-each";
import { configure, importRead, pluginClient, type Client, struct, urnOf } from "../support/plugin-client";

/** The types `List` does not serve, and why (their definitions say so). */
const NOT_LISTED: Readonly<Record<string, RegExp>> = {
  ApiUser: /API users belong to the TMC/,
  TenantKey: /no read call for tenant keys/,
};

function listRequest(
  type: string,
  query: Values,
  page: { size?: number; limit?: number; token?: string } = {},
) {
  const request = new provproto.ListRequest();
  request.setToken(`travel:index:${type}`);
  request.setQuery(struct(query));
  request.setPageSize(page.size ?? 0);
  request.setLimit(page.limit ?? 0);
  request.setContinuationToken(page.token ?? "");
  return request;
}

describe("List and the ids a read takes, through the plugin", () => {
  let emulator: RunningEmulator;
  let platform: TravelClient;
  let plugin: Client;

  const read = (type: string, id: string) =>
    plugin.call<provproto.ReadRequest, provproto.ReadResponse>("read", importRead(type, id));
  const newCompany = async (name: string) =>
    (
      await platform.post<{ id: string }>("/v2/companies", {
        body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
      })
    ).id;
  const newCostCenter = async (companyId: string, name: string) =>
    (
      await platform.post<{ id: string }>(apiPath`/v2/companies/${companyId}/cost-centers`, {
        body: { name },
      })
    ).id;

  beforeAll(async () => {
    emulator = await liveEmulator();
    platform = clientFor(emulator);
    plugin = await pluginClient();
    await configure(plugin, emulator, emulator.bootstrap.clientSecret);
  });
  afterAll(async () => {
    plugin?.close();
    await platform?.close();
    await emulator?.close();
  });

  it("lists every type but those whose definitions say why not, and each listed id reads its object back, as does its own id", async () => {
    for (const [type, reason] of Object.entries(NOT_LISTED)) {
      const inputs = listInputsOf(definitions[type] ?? ({} as never));
      expect(isOptOut(inputs) && inputs.omitted, type).toMatch(reason);
      await expect(plugin.list(listRequest(type, {}))).rejects.toThrow(/cannot be listed/);
    }
    for (const [type, definition] of Object.entries(definitions)) {
      if (type in NOT_LISTED) continue;
      const row = oneOfEach[type];
      if (!row) throw new Error(`test/support/one-of-each.ts has no row for ${type}`);
      const companyId = await newCompany(`List ${type}`);
      const inputs: Values = definition.inputs.parse(
        await row.inputs({ emulator, client: platform, companyId }),
      );
      const { id } = await definition.create(standaloneContext(platform), inputs, () => undefined);
      const query = type === "Company" ? {} : { companyId };
      const { results, continuation } = await plugin.list(listRequest(type, query));
      expect(continuation, type).toBe("");
      const ids = await Promise.all(results.map(async (result) => (await read(type, result.id)).getId()));
      expect(ids, `${type}: the objects its listed ids read`).toContain(type === "Company" ? companyId : id);
      const own = await read(type, type === "Company" ? companyId : id);
      expect(own.getId(), `${type} read by its own id`).toBe(type === "Company" ? companyId : id);
      expect(own.getInputs()?.toJavaScript(), type).toMatchObject(type === "Company" ? {} : { companyId });
    }
  });

  it("streams pages that follow their continuation tokens to the whole listing, within a limit", async () => {
    const companyId = await newCompany("Paged Co");
    const made = [];
    for (const name of ["A", "B", "C", "D", "E"]) made.push(await newCostCenter(companyId, name));
    const whole = await plugin.list(listRequest("CostCenter", { companyId }));
    expect(whole.results.map((result) => result.id).sort()).toEqual(
      made.map((id) => `${companyId}/${id}`).sort(),
    );
    expect(whole.results.map((result) => result.name).sort()).toEqual(["A", "B", "C", "D", "E"]);

    const paged: string[] = [];
    let token = "";
    let pages = 0;
    do {
      const page = await plugin.list(listRequest("CostCenter", { companyId }, { size: 2, token }));
      expect(page.results.length).toBeLessThanOrEqual(2);
      paged.push(...page.results.map((result) => result.id));
      token = page.continuation;
      pages++;
    } while (token !== "");
    expect(pages).toBe(3);
    expect(paged).toEqual(whole.results.map((result) => result.id));

    const limited = await plugin.list(listRequest("CostCenter", { companyId }, { limit: 3 }));
    expect(limited.results).toHaveLength(3);
    expect(limited.continuation).toBe("");

    const first = await plugin.list(listRequest("CostCenter", { companyId }, { size: 2 }));
    const other = await newCompany("Other paged Co");
    await expect(
      plugin.list(listRequest("CostCenter", { companyId: other }, { size: 2, token: first.continuation })),
    ).rejects.toThrow(/belongs to another listing/);
    await expect(
      plugin.list(listRequest("CostCenter", { companyId }, { token: "not-a-token" })),
    ).rejects.toThrow(/is not one this provider made/);
  });

  it("narrows offices by legal entity, answers a query not known yet as computed, and names bad inputs", async () => {
    const companyId = await newCompany("Offices Co");
    const address = { addressLines: ["1 Main Street"], regionCode: "US" };
    const entity = async (name: string) =>
      (
        await platform.post<{ id: string }>(apiPath`/v2/companies/${companyId}/legal-entities`, {
          body: { name, billingCurrency: "USD", address },
        })
      ).id;
    const office = async (legalEntityId: string, name: string) =>
      (
        await platform.post<{ id: string }>(
          apiPath`/v2/companies/${companyId}/legal-entities/${legalEntityId}/offices`,
          { body: { name, address } },
        )
      ).id;
    const [us, de] = [await entity("US"), await entity("DE")];
    const [nyc, ber] = [await office(us, "NYC"), await office(de, "Berlin")];
    const all = await plugin.list(listRequest("Office", { companyId }));
    expect(all.results.map((result) => result.id).sort()).toEqual(
      [`${companyId}/${us}/${nyc}`, `${companyId}/${de}/${ber}`].sort(),
    );
    const inDe = await plugin.list(listRequest("Office", { companyId, legalEntityId: de }));
    expect(inDe.results).toEqual([{ id: `${companyId}/${de}/${ber}`, name: "Berlin" }]);

    expect((await plugin.list(listRequest("Office", { companyId: UNKNOWN }))).computed).toBe(true);
    await expect(plugin.list(listRequest("Office", {}))).rejects.toThrow(/companyId is required/);
    await expect(plugin.list(listRequest("CostCenter", { companyId, legalEntityId: us }))).rejects.toThrow(
      /legalEntityId is not a list input \(it takes companyId\)/,
    );
  });

  it("refuses an id it cannot find or parse, naming the forms, and never reads another company's object", async () => {
    const mine = await newCompany("Mine Co");
    const theirs = await newCompany("Theirs Co");
    const theirCostCenter = await newCostCenter(theirs, "Theirs");
    // Their cost center under my company's id: the platform does not have it there.
    const crossed = await read("CostCenter", `${mine}/${theirCostCenter}`);
    expect(crossed.getId()).toBe("");
    expect(crossed.getProperties()).toBeUndefined();
    await expect(read("CostCenter", "no-such-cost-center")).rejects.toThrow(
      /CostCenter: no CostCenter has the id "no-such-cost-center" under the \d+ companies these credentials can see; give the import id <companyId>\/<costCenterId> \(such as [^)]+\), or the id its resource records/,
    );
    await expect(read("CostCenter", "a/b/c")).rejects.toThrow(
      /"a\/b\/c" is neither the import id <companyId>\/<costCenterId>/,
    );
    await expect(read("ApiUser", "x/y/z/w")).rejects.toThrow(
      /ApiUser: "x\/y\/z\/w" is neither the import id <clientId>\[\/<orgId>\[\/<credentialType>\]\]/,
    );

    // With the credentials of an API user of my company alone, their cost center is not found by its id.
    const user = await platform.post<{ clientId: string; clientSecret: string }>("/v2/api-users", {
      body: { role: "COMPANY_ADMIN", credentialType: "CLIENT_CREDENTIALS", orgId: mine },
    });
    const scoped = await pluginClient();
    try {
      await configure(scoped, emulator, user.clientSecret, user.clientId);
      await expect(scoped.call("read", importRead("CostCenter", theirCostCenter))).rejects.toThrow(
        /no CostCenter has the id .* under the 1 company these credentials can see/,
      );
    } finally {
      scoped.close();
    }
  });

  it("updates the object an import id names (as `pulumi do patch` sends it), and leaves another id to the platform", async () => {
    const companyId = await newCompany("Patch Co");
    const id = await newCostCenter(companyId, "Before");
    const found = await read("CostCenter", `${companyId}/${id}`);
    const olds = found.getProperties()?.toJavaScript() ?? {};
    const update = (objectId: string) => {
      const request = new provproto.UpdateRequest();
      request.setUrn(urnOf("CostCenter", "r"));
      request.setType("travel:index:CostCenter");
      request.setId(objectId);
      request.setOlds(struct(olds));
      request.setNews(struct({ companyId, name: "After" }));
      return plugin.call<provproto.UpdateRequest, provproto.UpdateResponse>("update", request);
    };
    const updated = await update(`${companyId}/${id}`);
    expect(updated.getProperties()?.toJavaScript()).toMatchObject({ costCenterId: id, name: "After" });
    expect(
      (await platform.get<{ name: string }>(apiPath`/v2/companies/${companyId}/cost-centers/${id}`)).name,
    ).toBe("After");
    const elsewhere = await newCompany("Elsewhere Co");
    await expect(update(`${elsewhere}/${id}`)).rejects.toThrow(/404|NOT_FOUND/);
  });
});
