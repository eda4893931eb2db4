/**
 * The lookups against a live emulator, reading through the provider's configuration (`TRAVEL_*`
 * here): exactly one match, or an error naming what was searched and what was found; `Input`
 * arguments unknown at preview make no call; every type of the registry has a lookup or a reason;
 * and a manifest's group name that matches nothing fails at its file, line and column.
 */
import { writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import * as root from "../../src";
import { apiPath } from "../../src/client";
import {
  getCompany,
  getRole,
  getUserGroup,
  getUserGroupOutput,
  LookupError,
  lookupsByKey,
  PROVIDER_FUNCTIONS,
  WITHOUT_LOOKUP,
} from "../../src/lookups";
import { readManifest } from "../../src/manifest";
import { idByName, resolveName } from "../../src/manifest/by-name";
import { definitions } from "../../src/resources/registry";
import { createCustomGroup, useLiveEmulator } from "../support/live-emulator";

const live = useLiveEmulator();
const TRAVEL_ARRANGER = "00000000-0000-4000-8000-00000000a002";

/** The value of an Output outside a deployment (the SDK's own accessor). */
const valueOf = <T>(output: pulumi.Output<T>) => (output as unknown as { promise(): Promise<T> }).promise();

/** The error `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

let companyId: string;
let legalEntityId: string;
let groupId: string;

beforeAll(async () => {
  const { emulator, client } = live;
  process.env.TRAVEL_BASE_URL = emulator.url;
  process.env.TRAVEL_CLIENT_ID = emulator.bootstrap.clientId;
  process.env.TRAVEL_CLIENT_SECRET = emulator.bootstrap.clientSecret;
  const company = async (body: Record<string, unknown>) => {
    const { id } = await client.post<{ id: unknown }>("/v2/companies", {
      body: { billingCurrency: "USD", companyRoles: ["ORG"], ...body },
    });
    return typeof id === "string" ? id : (id as { id: string }).id;
  };
  companyId = await company({ name: "Globex", externalId: "globex" });
  await company({ name: "Twin" });
  await company({ name: "Twin" });
  groupId = await createCustomGroup(emulator, companyId, "Travel desk");
  await createCustomGroup(emulator, companyId, "Approvers");
  await createCustomGroup(emulator, companyId, "Approvers");
  const base = apiPath`/v2/companies/${companyId}`;
  legalEntityId = (
    await client.post<{ id: string }>(`${base}/legal-entities`, {
      body: {
        name: "Globex US",
        billingCurrency: "USD",
        address: { addressLines: ["1 Main"], regionCode: "US" },
      },
    })
  ).id;
  await client.post(`${base}/legal-entities/${legalEntityId}/offices`, {
    body: { name: "HQ", address: { addressLines: ["1 Main"], regionCode: "US" } },
  });
  await client.post(`${base}/cost-centers`, { body: { name: "Engineering", externalId: "eng" } });
  await client.post(`${base}/cost-centers`, { body: { name: "Sales", externalId: "sales" } });
});

describe("getCompany, getUserGroup, getRole", () => {
  it("find exactly one object, typed, and only read", async () => {
    const before = live.emulator.admin.lastRequestSeq;
    const byExternalId = await getCompany({ externalId: "globex" });
    expect(byExternalId).toMatchObject({ id: companyId, name: "Globex", externalId: "globex" });
    expect((await getCompany({ name: "Globex" })).id).toBe(companyId);
    const group = await getUserGroup({ companyId, name: "Travel desk" });
    expect(group).toMatchObject({ id: groupId, name: "Travel desk", isUnmodifiable: false, companyId });
    expect((await getUserGroup({ companyId, name: "Travelers" })).isUnmodifiable).toBe(true);
    const platformRole = await getRole({ companyId, name: "Travel arranger" });
    expect(platformRole).toMatchObject({ id: TRAVEL_ARRANGER, isPlatformRole: true });
    const companyRole = await getRole({ companyId, name: "Expense approver" });
    expect(companyRole).toMatchObject({ isPlatformRole: false, companyId });
    const methods = live.emulator.admin.requests(before).map((request) => request.route);
    expect(
      methods.filter((route) => !/^(GET |POST \/v3\/.*(\/list|\/roles)$|POST \/v2\/oauth2)/.test(route)),
    ).toEqual([]);
  });

  it("name the search and the candidates when there is not exactly one", async () => {
    const none = await failure(getUserGroup({ companyId, name: "Nobody" }));
    expect(none).toBeInstanceOf(LookupError);
    expect(none.message).toBe(
      `no UserGroup with name "Nobody" in company ${companyId}: found none (a custom group must exist on the platform before a lookup finds it: it is made there, not by a program)`,
    );
    const two = await failure(getUserGroup({ companyId, name: "Approvers" }));
    expect((two as LookupError).code).toBe("LOOKUP_AMBIGUOUS");
    const ids = (two as LookupError).candidates;
    expect(ids).toHaveLength(2);
    expect(two.message).toBe(
      `more than one UserGroup with name "Approvers" in company ${companyId}: found 2 (${ids.join(", ")}); name one by its id instead`,
    );
    expect((await failure(getCompany({ name: "Twin" }))).message).toMatch(
      /^more than one Company with name "Twin" under the caller's TMC: found 2 \(\S+, \S+\)/,
    );
    expect((await failure(getCompany({ externalId: "initrode" }))).message).toBe(
      `no Company with externalId "initrode" under the caller's TMC: found none`,
    );
    expect((await failure(getRole({ companyId, name: "Pilot" }))).message).toBe(
      `no Role with name "Pilot" in company ${companyId}: found none`,
    );
  });

  it("refuse arguments that name nothing, or two keys", async () => {
    expect((await failure(getCompany({} as never))).message).toBe(
      "getCompany: give exactly one of externalId, name (given: none)",
    );
    expect((await failure(getUserGroup({ companyId: "", name: "x" }))).message).toBe(
      "getUserGroup: companyId is required (a non-empty string)",
    );
  });
});

describe("the Output twins", () => {
  it("resolve known inputs", async () => {
    const group = getUserGroupOutput({ companyId: pulumi.output(companyId), name: "Travel desk" });
    expect((await valueOf(group)).id).toBe(groupId);
  });

  it("give an unknown result and make no call while an input is unknown", async () => {
    const before = live.emulator.admin.lastRequestSeq;
    const group = getUserGroupOutput({
      companyId: pulumi.output(pulumi.unknown) as pulumi.Output<string>,
      name: "x",
    });
    expect(await (group as unknown as { isKnown: Promise<boolean> }).isKnown).toBe(false);
    expect(live.emulator.admin.requests(before)).toEqual([]);
  });
});

describe("lookups by natural key, from the registry", () => {
  it("exist for every type of the registry, or the type says why not, and are exported from the package root", () => {
    for (const type of Object.keys(definitions)) {
      if (type in WITHOUT_LOOKUP) {
        expect(lookupsByKey).not.toHaveProperty(`get${type}`);
        continue;
      }
      for (const name of [`get${type}`, `get${type}Output`]) {
        expect(lookupsByKey, name).toHaveProperty(name);
        expect((root as Record<string, unknown>)[name], name).toBe(
          (lookupsByKey as Record<string, unknown>)[name],
        );
      }
    }
    expect(Object.keys(lookupsByKey)).toHaveLength(
      2 * (Object.keys(definitions).length - Object.keys(WITHOUT_LOOKUP).length),
    );
    for (const name of ["getCompany", "getUserGroup", "getRole"]) {
      expect(root).toHaveProperty(name);
      expect(root).toHaveProperty(`${name}Output`);
    }
  });

  it("find by externalId or name under the parents, and say what they searched", async () => {
    const { getCostCenter, getOffice, getLegalEntity } = lookupsByKey;
    expect(await getCostCenter({ companyId, externalId: "eng" })).toMatchObject({ name: "Engineering" });
    expect((await getLegalEntity({ companyId, name: "Globex US" })).id).toBe(legalEntityId);
    expect(await getOffice({ companyId, legalEntityId, name: "HQ" })).toMatchObject({ name: "HQ" });
    expect((await failure(getCostCenter({ companyId, externalId: "ops" }))).message).toBe(
      `no CostCenter with externalId "ops" in company ${companyId}: found none`,
    );
    expect((await failure(getOffice({ companyId, legalEntityId, name: "Annex" }))).message).toBe(
      `no Office with name "Annex" in company ${companyId}, legalEntityId ${legalEntityId}: found none`,
    );
    expect(
      (await failure(getCostCenter({ companyId, externalId: "eng", name: "Engineering" }))).message,
    ).toBe("getCostCenter: give exactly one of externalId, name (given: externalId, name)");
  });
});

describe("provider functions", () => {
  const fn = (name: string) => {
    const found = PROVIDER_FUNCTIONS.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no provider function ${name}`);
    return found;
  };

  it("run the lookup's search with the client they are given, and answer the declared fields", async () => {
    const { client } = live;
    const office = await fn("getOffice").call(client, { companyId, legalEntityId, name: "HQ" });
    expect(office).toMatchObject({ name: "HQ", companyId, legalEntityId });
    expect(office.id).toBe((await lookupsByKey.getOffice({ companyId, legalEntityId, name: "HQ" })).id);
    expect(Object.keys(office).every((key) => key in fn("getOffice").result.shape)).toBe(true);
    expect(await fn("getCompany").call(client, { externalId: "globex" })).toMatchObject({
      id: companyId,
      name: "Globex",
    });
    expect(await fn("getUserGroup").call(client, { companyId, name: "Travel desk" })).toMatchObject({
      id: groupId,
    });
    expect((await failure(fn("getCostCenter").call(client, { companyId, externalId: "ops" }))).message).toBe(
      `no CostCenter with externalId "ops" in company ${companyId}: found none`,
    );
  });
});

describe("a manifest's names", () => {
  it("resolve to ids, and a group that does not exist fails at its file, line and column", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "by-name-")), "tenant.yaml");
    writeFileSync(
      file,
      "company:\n  name: Globex\n  billingCurrency: USD\nuserGroupRoles:\n  desk:\n    group: Travel desk\n    roles: [{ role: Travel arranger }]\n  gone:\n    group: Night desk\n    roles: []\n",
    );
    const { locate, issues } = readManifest(file);
    expect(issues).toEqual([]);
    const ctx = { lookupCompanyId: companyId, locate };
    expect(await valueOf(idByName(ctx, "group", "Travel desk", ["userGroupRoles", "desk", "group"]))).toBe(
      groupId,
    );
    expect(
      await valueOf(idByName(ctx, "role", "Travel arranger", ["userGroupRoles", "desk", "roles", 0, "role"])),
    ).toBe(TRAVEL_ARRANGER);
    const missing = await failure(
      resolveName(locate, companyId, "group", "Night desk", ["userGroupRoles", "gone", "group"]),
    );
    expect(missing.message).toBe(
      `the tenant manifest has 1 problem:\n${file}:9:12: userGroupRoles.gone.group: no UserGroup with name "Night desk" in company ${companyId}: found none (a custom group must exist on the platform before a lookup finds it: it is made there, not by a program)`,
    );
  });
});
