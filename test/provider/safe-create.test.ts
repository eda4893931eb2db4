/**
 * Creates whose outcome is unknown (answer lost after the platform committed, 503, dropped
 * connection) converge without duplicates; a 409 names the existing object; a partial create keeps
 * what the engine needs to refresh and delete it; singletons replace without losing their document.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiPath, ConnectionError, isTravelError, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import type { RecordKind } from "../../src/emulator/core/record-kind";
import {
  COMPANIES,
  type CompanyOwned,
  COST_CENTERS,
  DEPARTMENTS,
  GRADES,
  LEGAL_ENTITIES,
} from "../../src/emulator/org/records";
import { AmbiguousCreateError } from "../../src/provider/create/create-errors";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { PartialCreateError } from "../../src/provider/create/partial-create-error";
import { safeCreate } from "../../src/provider/create/safe-create";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import { companyResource } from "../../src/resources/company";
import { companyConfigResource } from "../../src/resources/company-config";
import { companyFeaturesResource } from "../../src/resources/company-features";
import { costCenterResource } from "../../src/resources/cost-center";
import { departmentResource } from "../../src/resources/department";
import { gradeResource } from "../../src/resources/grade";
import { legalEntityResource } from "../../src/resources/legal-entity";
import { perTripServiceChargeResource } from "../../src/resources/per-trip-service-charge";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { startLossyProxy, type LossyProxy } from "./lossy-proxy";
import { testRun } from "../support/test-run";
import { standaloneContext } from "../../src/provider/model/resource-context";

const address = { addressLines: ["1 Main Street"], regionCode: "US" };
const anyDefinition = (d: unknown) => d as ResourceDefinition<Values, Values>;

let emulator: RunningEmulator;
let direct: TravelClient;
beforeAll(async () => {
  emulator = await liveEmulator();
  direct = clientFor(emulator);
});
afterAll(async () => {
  await direct.close();
  await emulator.close();
});
afterEach(() => emulator.admin.clearFaults());

const stored = (kind: RecordKind<CompanyOwned<Values>>) => emulator.context.store.records(kind).values();
const companiesNamed = (name: string) =>
  emulator.context.store
    .records(COMPANIES)
    .values()
    .filter((c) => c.name === name);

async function newCompany(name: string): Promise<string> {
  const { id } = await direct.post<{ id: string }>("/v2/companies", {
    body: { name, billingCurrency: "USD", companyRoles: ["ORG"] },
  });
  return id;
}

/** A provider whose client goes through a proxy that loses the answers `lose` picks. */
async function lossyProvider(definition: unknown, lose: (method: string, path: string) => boolean) {
  const proxy: LossyProxy = await startLossyProxy(emulator.url, lose);
  const client = clientFor(emulator, { baseUrl: proxy.url });
  const provider = buildTypeProvider(anyDefinition(definition), testRun(client));
  return {
    provider,
    proxy,
    close: async () => {
      await client.close();
      await proxy.close();
    },
  };
}

/** Loses the answer of the first POST to a path ending in `suffix`. */
function firstPostTo(suffix: string) {
  let done = false;
  return (method: string, path: string) => {
    if (done || method !== "POST" || !(path.split("?")[0] ?? "").endsWith(suffix)) return false;
    done = true;
    return true;
  };
}

describe("a create whose answer is lost after the platform committed it", () => {
  it.each([
    ["CostCenter by name", costCenterResource, "/cost-centers", COST_CENTERS, { name: "Lost CC" }],
    [
      "Department by externalId",
      departmentResource,
      "/departments",
      DEPARTMENTS,
      { name: "Lost D", externalId: "d-lost" },
    ],
    ["Grade by name (POST listing)", gradeResource, "/grades", GRADES, { name: "Lost G" }],
  ] as const)("%s: adopts the one object it made", async (_label, definition, suffix, collection, fields) => {
    const companyId = await newCompany(`Lossy ${collection.collection}`);
    const lossy = await lossyProvider(definition, firstPostTo(suffix));
    try {
      const { id } = await lossy.provider.create({ companyId, ...fields });
      expect(lossy.proxy.lost).toEqual([
        expect.objectContaining({ method: "POST", status: expect.any(Number) }),
      ]);
      expect(lossy.proxy.lost[0]?.status).toBeLessThan(300);
      const mine = stored(collection).filter((r) => r.companyId === companyId);
      expect(mine.map((r) => r.entity.name)).toEqual([fields.name]);
      expect(JSON.stringify(mine[0]?.entity.id)).toContain(id);
    } finally {
      await lossy.close();
    }
  });

  it("Company by externalId: adopts it instead of failing with 409 on every re-run", async () => {
    const lossy = await lossyProvider(companyResource, firstPostTo("/v2/companies"));
    try {
      const { id, outs } = await lossy.provider.create({
        name: "Lost Co",
        billingCurrency: "USD",
        companyRoles: ["ORG"],
        externalId: "co-lost",
      });
      expect(lossy.proxy.lost).toHaveLength(1);
      expect(companiesNamed("Lost Co").map((c) => c.id.id)).toEqual([id]);
      expect(outs).toMatchObject({ companyId: id, externalId: "co-lost" });
    } finally {
      await lossy.close();
    }
  });

  it("never adopts a same-named object someone else made with other values", async () => {
    const companyId = await newCompany("Lossy preexisting");
    const { id: theirs } = await direct.post<{ id: string }>(
      apiPath`/v2/companies/${companyId}/legal-entities`,
      {
        body: { name: "Ops", billingCurrency: "EUR", address },
      },
    );
    const lossy = await lossyProvider(legalEntityResource, firstPostTo("/legal-entities"));
    try {
      const { id } = await lossy.provider.create({ companyId, name: "Ops", billingCurrency: "USD", address });
      expect(lossy.proxy.lost).toHaveLength(1);
      expect(id).not.toBe(theirs);
      const ops = stored(LEGAL_ENTITIES).filter((r) => r.companyId === companyId);
      expect(ops.map((r) => r.entity.billingCurrency).sort()).toEqual(["EUR", "USD"]);
    } finally {
      await lossy.close();
    }
  });
});

describe("a create answered with success cut short", () => {
  it.each([
    [
      "CostCenter",
      costCenterResource,
      "/cost-centers",
      COST_CENTERS,
      { name: "Cut CC", externalId: "cc-cut" },
    ],
    ["Department", departmentResource, "/departments", DEPARTMENTS, { name: "Cut D", externalId: "d-cut" }],
  ] as const)(
    "%s: counts as made, and adopts the one object",
    async (_label, definition, suffix, collection, fields) => {
      const companyId = await newCompany(`Cut ${collection.collection}`);
      const client = clientFor(emulator);
      const provider = buildTypeProvider(anyDefinition(definition), testRun(client));
      emulator.admin.addFault({
        path: `/v2/companies/${companyId}${suffix}`,
        methods: ["POST"],
        afterHandling: "cut",
        times: 1,
      });
      try {
        const { id } = await provider.create({ companyId, ...fields });
        const mine = stored(collection).filter((r) => r.companyId === companyId);
        expect(mine.map((r) => r.entity.name)).toEqual([fields.name]);
        expect(JSON.stringify(mine[0]?.entity.id)).toContain(id);
      } finally {
        await client.close();
      }
    },
  );
});

describe("creates under injected 503s and dropped connections before handling", () => {
  it("retries the create when the lookup finds nothing, and makes exactly one object", async () => {
    const companyId = await newCompany("Flaky");
    const client = clientFor(emulator);
    const provider = buildTypeProvider(anyDefinition(costCenterResource), testRun(client));
    emulator.admin.addFault({
      path: "/v2/companies/*/cost-centers",
      methods: ["POST"],
      rate503: 1,
      retryAfterSeconds: 0,
      times: 2,
    });
    emulator.admin.addFault({
      path: "/v2/companies/*/cost-centers",
      methods: ["POST"],
      dropRate: 1,
      times: 1,
    });
    try {
      const before = emulator.admin.lastRequestSeq;
      const { id } = await provider.create({ companyId, name: "Flaky CC" });
      const posts = emulator.admin
        .requests(before)
        .filter((r) => r.method === "POST" && r.path.endsWith("/cost-centers"));
      expect(posts.map((r) => r.status)).toEqual([503, 503, 0, 201]);
      expect(
        stored(COST_CENTERS)
          .filter((r) => r.companyId === companyId)
          .map((r) => r.entity.id),
      ).toEqual([{ id }]);
    } finally {
      await client.close();
    }
  });
});

describe("the retry budget shared with the client", () => {
  it("does not repeat a rate-limited create the client already retried to its limit", async () => {
    const companyId = await newCompany("Budget");
    const client = clientFor(emulator, { maxRetries: 2, retry: { maxThrottledRetries: 3 } });
    const provider = buildTypeProvider(anyDefinition(costCenterResource), testRun(client));
    emulator.admin.addFault({
      path: "/v2/companies/*/cost-centers",
      methods: ["POST"],
      rate429: 1,
      retryAfterSeconds: 0,
      times: 50,
    });
    try {
      const before = emulator.admin.lastRequestSeq;
      const error = await provider.create({ companyId, name: "Throttled CC" }).catch((e: unknown) => e);
      expect(isTravelError(error, "rate_limited")).toBe(true);
      const posts = emulator.admin
        .requests(before)
        .filter((r) => r.method === "POST" && r.path.endsWith("/cost-centers"));
      // The client's four attempts (429s retried apart from maxRetries, maxThrottledRetries 3) are
      // the whole budget: no recovery round on top.
      expect(posts.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    } finally {
      await client.close();
    }
  });
});

describe("outcomes the lookup cannot settle", () => {
  const lost = () =>
    new ConnectionError({ method: "POST", url: "/x" }, "other side closed", "UND_ERR_SOCKET");
  const fake = (
    found: Values[][],
    key: { by: "name"; value: string } | undefined,
    creates: { count: number } = { count: 0 },
  ) => {
    let lookups = 0;
    return {
      type: "Fake",
      create: async () => {
        creates.count++;
        throw lost();
      },
      update: async () => ({}),
      read: async (_ctx: unknown, _id: string, declared: Values) => ({ observed: declared, state: {} }),
      recovery: {
        strategy: "natural-key",
        lookup: {
          keyOf: () => key,
          find: async () => found[Math.min(lookups++, found.length - 1)],
        },
      },
    } as unknown as ResourceDefinition<Values, Values>;
  };
  const noSleep = { sleep: async () => {} };

  it("fails listing every candidate when several new objects match", async () => {
    const definition = fake(
      [
        [],
        [
          { id: "a", name: "X" },
          { id: "b", name: "X" },
        ],
      ],
      { by: "name", value: "X" },
    );
    const error = await safeCreate(definition, standaloneContext(direct), {}, () => {}, noSleep).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    expect(String(error)).toMatch(/2 objects with name "X".*a \(X\), b \(X\).*adoptId/);
  });

  it("fails saying the outcome is unknown when nothing identifies the object", async () => {
    const error = await safeCreate(
      fake([[]], undefined),
      standaloneContext(direct),
      {},
      () => {},
      noSleep,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AmbiguousCreateError);
    expect(String(error)).toContain("its inputs declare no key to look it up by");
  });

  it("gives up when the client's retry budget is spent, naming the reconcile command", async () => {
    const creates = { count: 0 };
    const client = clientFor(emulator, { maxRetries: 3 });
    const delays: number[] = [];
    const sleep = async (ms: number) => void delays.push(ms);
    try {
      const definition = fake([[]], { by: "name", value: "X" }, creates);
      const error = await safeCreate(definition, standaloneContext(client), {}, () => {}, { sleep }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AmbiguousCreateError);
      expect(String(error)).toContain("pulumi-travel reconcile");
      // maxRetries 3: four attempts in all, with the client's backoff (at most its maxDelayMs) between.
      expect(creates.count).toBe(4);
      expect(delays).toHaveLength(3);
      expect(delays.every((ms) => ms <= 50)).toBe(true);
    } finally {
      await client.close();
    }
  });
});

describe("a 409 duplicate on create", () => {
  it("names the existing object's id and how to adopt it, and takes nothing over", async () => {
    const existing = await newCompany("Human Co");
    await direct.put(apiPath`/v2/companies/${existing}`, {
      body: {
        id: { id: existing },
        name: "Human Co",
        billingCurrency: "USD",
        companyRoles: ["ORG"],
        externalId: "human",
      },
    });
    const client = clientFor(emulator);
    const provider = buildTypeProvider(anyDefinition(companyResource), testRun(client));
    try {
      const error = await provider
        .create({ name: "Mine", billingCurrency: "USD", companyRoles: ["ORG"], externalId: "human" })
        .catch((e: unknown) => e);
      expect(String(error)).toContain(`externalId "human" already exists on the platform: ${existing}`);
      expect(String(error)).toContain(`adoptId: "${existing}"`);
      expect(companiesNamed("Mine")).toHaveLength(0);
      expect(companiesNamed("Human Co")).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});

describe("a partial create", () => {
  it("keeps __provider in the partial state so the engine can refresh and delete it", async () => {
    const definition = {
      ...costCenterResource,
      create: async (_ctx: unknown, _inputs: unknown, created: (id: string) => void) => {
        created("cc-partial");
        throw new Error("follow-up call failed");
      },
    };
    const companyId = await newCompany("Partial");
    const provider = buildTypeProvider(anyDefinition(definition), testRun(direct));
    const error = await provider
      .create({ __provider: "serialized-provider", companyId, name: "P" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartialCreateError);
    expect((error as PartialCreateError).id).toBe("cc-partial");
    expect((error as PartialCreateError).properties).toMatchObject({
      __provider: "serialized-provider",
      companyId,
      name: "P",
    });
  });
});

describe("singletons", () => {
  it.each([
    [
      "CompanyConfig",
      companyConfigResource,
      { kind: "travel-content", companyRole: "ORG" },
      { kind: "travel-content", companyRole: "TMC" },
    ],
    ["CompanyFeatures", companyFeaturesResource, {}, {}],
    ["PerTripServiceCharge", perTripServiceChargeResource, {}, {}],
  ] as const)("%s: a replacement deletes the old object first", async (_type, definition, olds, news) => {
    const provider = buildTypeProvider(anyDefinition(definition), testRun(direct));
    const diff = await provider.diff("id", { companyId: "a", ...olds }, { companyId: "b", ...news });
    expect(diff.replaces).toContain("companyId");
    expect(diff.deleteBeforeReplace).toBe(true);
  });

  it("CompanyConfig: a role change replaces only a kind stored per role, deleting first", async () => {
    const companyId = await newCompany("Singleton");
    const provider = buildTypeProvider(anyDefinition(companyConfigResource), testRun(direct));
    // travel-content has one document per company and ignores the role: an update, not a replacement.
    const content = { companyId, kind: "travel-content", config: { airConfig: {} } };
    const contentDiff = await provider.diff(`${companyId}/travel-content`, content, {
      ...content,
      companyRole: "ORG",
    });
    expect(contentDiff).toMatchObject({ changes: true, replaces: [] });
    // stealth is stored per role: the new role is another document, so it replaces, old one first,
    // also while the rest of the inputs is unknown at preview.
    const stealth = { companyId, kind: "stealth", companyRole: "ORG", config: { stealthModes: [] } };
    const moved = { ...stealth, companyRole: "TMC" };
    for (const news of [moved, { ...moved, config: UNKNOWN }]) {
      const diff = await provider.diff(`${companyId}/stealth`, stealth, news);
      expect(diff).toMatchObject({ replaces: ["companyRole"], deleteBeforeReplace: true });
    }
    const old = await provider.create(content);
    // The update the engine makes for the role change leaves the document in place.
    const updated = await provider.update(old.id, old.outs, { ...content, companyRole: "ORG" });
    const read = await provider.read(old.id, { ...old.outs, ...updated.outs });
    expect(read.props).toMatchObject({ config: content.config });
  });
});
