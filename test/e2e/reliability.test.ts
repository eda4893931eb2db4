/**
 * Reliability through the real engine: a `pulumi up` killed with SIGKILL while creates are in
 * flight, recovered with the steps of docs/reliability.md; an up whose create answers are lost
 * after the platform committed them; a 63-resource up under 30% 503 + 10% 429 on every platform
 * call; and a create that gets its id and then fails, which must stay refreshable and destroyable.
 * Every scenario ends by counting objects in the emulator.
 */
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator";
import type { RecordKind } from "../../src/emulator/core/record-kind";
import {
  COMPANIES,
  COST_CENTERS,
  DEPARTMENTS,
  GRADES,
  LEGAL_ENTITIES,
  OFFICES,
} from "../../src/emulator/org/records";
import { CLI, runNode, travelEnv } from "../cli/harness";
import { startLossyProxy, type LossyProxy } from "../provider/lossy-proxy";
import { killTree, pulumi, startUp, until } from "./engine-process";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const figures: Record<string, unknown> = {};
afterAll(() => console.log(`reliability figures: ${JSON.stringify(figures)}`));

type Stored = { companyId?: string; entity: { name?: string | undefined } };
const companies = (emulator: RunningEmulator, name: string) =>
  emulator.context.store
    .records(COMPANIES)
    .values()
    .filter((c) => c.name === name);
/** The company children the scenarios create, by collection name. */
const CHILD_KINDS = new Map<string, RecordKind<Stored>>(
  [LEGAL_ENTITIES, OFFICES, COST_CENTERS, DEPARTMENTS, GRADES].map((kind) => [kind.collection, kind]),
);
const under = (emulator: RunningEmulator, collection: string, companyId: string) => {
  const kind = CHILD_KINDS.get(collection);
  if (!kind) throw new Error(`no company children are stored in ${collection}`);
  return emulator.context.store.records(kind).of(companyId).values();
};

/** `Prefix 0` ... `Prefix n-1`, sorted. */
const range = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix} ${i}`).sort();

/**
 * Expects the platform to hold one company named `name` and, under it, exactly the objects named
 * in `children` (by collection): no duplicate, no orphan. Returns the company's id.
 */
function expectExactly(emulator: RunningEmulator, name: string, children: Record<string, string[]>): string {
  const [company, ...others] = companies(emulator, name);
  expect(others).toEqual([]);
  const companyId = company?.id.id ?? "";
  expect(companyId).not.toBe("");
  for (const [collection, names] of Object.entries(children)) {
    const stored = under(emulator, collection, companyId)
      .map((r) => r.entity.name)
      .sort();
    expect(stored, collection).toEqual([...names].sort());
  }
  return companyId;
}

describe.skipIf(e2eSkipReason() !== "")("reliability through the Pulumi engine", () => {
  let env: E2eEnvironment | undefined;
  let proxy: LossyProxy | undefined;
  afterEach(async () => {
    await proxy?.close();
    await env?.dispose();
    proxy = undefined;
    env = undefined;
  });

  it("recovers from kill -9 of pulumi up mid-run: no orphan, no duplicate", async () => {
    const program = `
const travel = require("pulumi-travel");
const company = new travel.Company("co", { name: "Crash Co", billingCurrency: "USD", externalId: "crash-co" });
const companyId = company.companyId;
for (let i = 0; i < 8; i++) new travel.CostCenter("cc" + i, { companyId, name: "CC " + i });
for (let i = 0; i < 4; i++) new travel.Department("dep" + i, { companyId, name: "Dep " + i, externalId: "dep-" + i });
`;
    env = await createEnvironment("crash", program);
    const e = env;
    // Child creates are committed at once and answered 5 s later, so the kill finds them in flight.
    const childCreate = (method: string, path: string) =>
      method === "POST" && /^\/v2\/companies\/[^/]+\/[a-z-]+$/.test(path);
    proxy = await startLossyProxy(
      e.recorder.url,
      () => false,
      (method, path) => (childCreate(method, path) ? 5000 : 0),
    );
    await e.stack.setConfig("travel:baseUrl", { value: proxy.url });

    const { up, exited } = startUp(e);
    await until(() => companies(e.emulator, "Crash Co").length === 1, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // The whole run dies at once, as when a CI runner is killed: the CLI and its plugin hosts.
    const killed = killTree(up.pid as number);
    await exited;
    figures.crashKilledProcesses = killed;
    const companyId = companies(e.emulator, "Crash Co")[0]?.id.id ?? "";
    expect(companyId).not.toBe("");
    figures.crashOrphansOnPlatform =
      under(e.emulator, "costCenters", companyId).length + under(e.emulator, "departments", companyId).length;

    // Recovery, as docs/reliability.md gives it.
    expect((await pulumi(e, ["cancel", "--yes"])).code).toBe(0);
    const stateFile = join(e.programDir, "state.json");
    const adoptedFile = join(e.programDir, "adopted.json");
    expect((await pulumi(e, ["stack", "export", "--file", stateFile])).code).toBe(0);
    const travel = travelEnv(e.emulator);
    const report = await runNode(CLI, ["reconcile", "--stack", stateFile, "--json"], travel);
    expect(report.stderr).toBe("");
    expect(report.code).toBe(9);
    const findings = JSON.parse(report.stdout) as {
      pendingCreates: { matches: unknown[] }[];
      unowned: unknown[];
    };
    figures.crashPendingCreates = findings.pendingCreates.length;
    figures.crashPendingWithObject = findings.pendingCreates.filter((p) => p.matches.length === 1).length;
    expect(figures.crashOrphansOnPlatform).toBeGreaterThan(0);
    expect(figures.crashPendingWithObject).toBe(figures.crashOrphansOnPlatform);
    expect(findings.pendingCreates.every((p) => p.matches.length <= 1)).toBe(true);
    expect(findings.unowned).toEqual([]);

    const adopt = await runNode(
      CLI,
      ["reconcile", "--stack", stateFile, "--adopt-pending", adoptedFile],
      travel,
    );
    expect(adopt.stderr).toBe("");
    expect(adopt.code).toBe(0);
    expect((await pulumi(e, ["stack", "import", "--file", adoptedFile])).code).toBe(0);
    const refresh = await pulumi(e, ["refresh", "--yes", "--skip-preview"]);
    expect(refresh.output).not.toContain("error");
    expect(refresh.code).toBe(0);
    const converge = await pulumi(e, ["up", "--yes", "--skip-preview"]);
    expect(converge.code, converge.output).toBe(0);

    expect(companies(e.emulator, "Crash Co")).toHaveLength(1);
    expect(
      under(e.emulator, "costCenters", companyId)
        .map((r) => r.entity.name)
        .sort(),
    ).toEqual(Array.from({ length: 8 }, (_, i) => `CC ${i}`));
    expect(
      under(e.emulator, "departments", companyId)
        .map((r) => r.entity.name)
        .sort(),
    ).toEqual(Array.from({ length: 4 }, (_, i) => `Dep ${i}`));
    expect((await pulumi(e, ["stack", "export", "--file", stateFile])).code).toBe(0);
    const clean = await runNode(CLI, ["reconcile", "--stack", stateFile], travel);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    await e.stack.preview({ expectNoChanges: true });
  });

  it("an up whose create answers are lost 25% of the time finishes without a duplicate", async () => {
    const program = `
const travel = require("pulumi-travel");
const address = { addressLines: ["1 Main Street"], regionCode: "US" };
const company = new travel.Company("co", { name: "Lossy Co", billingCurrency: "USD", externalId: "lossy-co" });
const companyId = company.companyId;
const les = [1, 2].map((i) => new travel.LegalEntity("le" + i, { companyId, name: "LE " + i, billingCurrency: "USD", address }));
for (let i = 0; i < 6; i++) new travel.Office("office" + i, { companyId, legalEntityId: les[i % 2].legalEntityId, name: "Office " + i, address });
for (let i = 0; i < 16; i++) new travel.CostCenter("cc" + i, { companyId, name: "CC " + i });
for (let i = 0; i < 10; i++) new travel.Department("dep" + i, { companyId, name: "Dep " + i, externalId: "dep-" + i });
for (let i = 0; i < 6; i++) new travel.Grade("grade" + i, { companyId, name: "Grade " + i });
`;
    env = await createEnvironment("lossy", program);
    const e = env;
    const isCreate = (method: string, path: string) =>
      method === "POST" &&
      /^\/v2\/companies(\/[^/]+\/(legal-entities|cost-centers|departments|grades)|\/[^/]+\/legal-entities\/[^/]+\/offices)?$/.test(
        path.split("?")[0] ?? "",
      );
    let creates = 0;
    proxy = await startLossyProxy(
      e.recorder.url,
      (method, path) => isCreate(method, path) && ++creates % 4 === 0,
    );
    await e.stack.setConfig("travel:baseUrl", { value: proxy.url });

    let ups = 0;
    let result;
    for (; ups < 2;) {
      ups++;
      try {
        result = await e.stack.up();
        break;
      } catch {
        // A failed up is allowed once; the next one must finish.
      }
    }
    expect(result?.summary.result).toBe("succeeded");
    figures.lostAnswers = proxy.lost.length;
    figures.lostUps = ups;
    expect(proxy.lost.length).toBeGreaterThanOrEqual(8);
    expect(proxy.lost.every((lost) => lost.status >= 200 && lost.status < 300)).toBe(true);

    expectExactly(e.emulator, "Lossy Co", {
      legalEntities: ["LE 1", "LE 2"],
      offices: range(6, "Office"),
      costCenters: range(16, "CC"),
      departments: range(10, "Dep"),
      grades: range(6, "Grade"),
    });
    await e.stack.preview({ expectNoChanges: true });
  });

  it("a fresh 63-resource stack under 30% 503 + 10% 429 on every call converges in one up", async () => {
    const program = `
const travel = require("pulumi-travel");
const address = { addressLines: ["1 Main Street"], regionCode: "US" };
const company = new travel.Company("co", { name: "Faulty Co", billingCurrency: "USD", companyRoles: ["ORG"], externalId: "faulty-co" });
const companyId = company.companyId;
const les = [1, 2].map((i) => new travel.LegalEntity("le" + i, { companyId, name: "LE " + i, billingCurrency: "USD", address }));
for (let i = 0; i < 10; i++) new travel.Office("office" + i, { companyId, legalEntityId: les[i % 2].legalEntityId, name: "Office " + i, address });
for (let i = 0; i < 20; i++) new travel.CostCenter("cc" + i, { companyId, name: "CC " + i });
for (let i = 0; i < 20; i++) new travel.Department("dep" + i, { companyId, name: "Dep " + i, externalId: "dep-" + i });
for (let i = 0; i < 10; i++) new travel.Grade("grade" + i, { companyId, name: "Grade " + i });
`;
    env = await createEnvironment("faulty", program);
    const e = env;
    // Every platform route, the token endpoint included: a gateway in trouble answers every path
    // the same way, and the token endpoint is rate limited like the rest. Retry-After is 0 on both
    // statuses: the client still backs off (up to retry.baseDelayMs) and its limiter still takes
    // each 429 as a pace signal, but a wait of 1 s (the emulator's default) after each of the
    // run's faulted answers (about 40% of its calls) would only make the run longer, not prove
    // more; honouring a longer Retry-After is the fault kit's (faults.test.ts: an HTTP date from a
    // clock ahead, one beyond the cap).
    e.emulator.admin.addFault({ path: "/v2/**", rate503: 0.3, rate429: 0.1, retryAfterSeconds: 0 });
    // A create and the lookups that settle its lost answers share the client's retry budget
    // (docs/reliability.md). At 40% faults on every call the default 6 attempts in all leave a
    // create a few-percent chance of giving up, so the stack raises the budget, as a user facing
    // such a platform would.
    await e.stack.setConfig("travel:maxRetries", { value: "12" });
    const before = e.emulator.admin.lastRequestSeq;
    const startedAt = Date.now();
    const result = await e.stack.up();
    figures.faultyUpSeconds = Math.round((Date.now() - startedAt) / 1000);
    e.emulator.admin.clearFaults();
    expect(result.summary.result).toBe("succeeded");
    expect(result.summary.resourceChanges).toEqual({ create: 64 });

    const calls = e.emulator.admin.requests(before);
    const isCreate = (route: string) =>
      /^POST \/v2\/companies(\/:companyId\/(legal-entities|cost-centers|departments|grades)|\/:companyId\/legal-entities\/:legalEntityId\/offices)?$/.test(
        route,
      );
    figures.faultyCalls = calls.length;
    figures.faultyAnswered503 = calls.filter((c) => c.status === 503).length;
    figures.faultyAnswered429 = calls.filter((c) => c.status === 429).length;
    figures.faultyCreates = calls.filter((c) => isCreate(c.route)).length;
    figures.faultyCreatesAnswered503 = calls.filter((c) => isCreate(c.route) && c.status === 503).length;
    figures.faultyLookups = calls.filter((c) => c.method === "GET" || c.route.endsWith("/list")).length;
    figures.faultyTokenRequests = calls.filter((c) => c.route === "POST /v2/auth/oauth2-token").length;
    // The faults were in force, and every 503 and 429 was an injected one.
    expect(figures.faultyCreatesAnswered503).toBeGreaterThan(5);
    expect(calls.filter((c) => c.fault !== undefined).length).toBe(
      Number(figures.faultyAnswered503) + Number(figures.faultyAnswered429),
    );

    expectExactly(e.emulator, "Faulty Co", {
      legalEntities: ["LE 1", "LE 2"],
      offices: range(10, "Office"),
      costCenters: range(20, "CC"),
      departments: range(20, "Dep"),
      grades: range(10, "Grade"),
    });

    // No object under the company that the stack does not own.
    const stateFile = join(e.programDir, "state.json");
    expect((await pulumi(e, ["stack", "export", "--file", stateFile])).code).toBe(0);
    const reconcile = await runNode(
      CLI,
      ["reconcile", "--stack", stateFile, "--json"],
      travelEnv(e.emulator),
    );
    expect(reconcile.code, reconcile.stdout + reconcile.stderr).toBe(0);
    expect(JSON.parse(reconcile.stdout)).toMatchObject({ unowned: [], pendingCreates: [] });
    await e.stack.preview({ expectNoChanges: true });
  });

  it("a create that got its id and then failed can be refreshed and destroyed", async () => {
    const program = `
const travel = require("pulumi-travel");
const company = new travel.Company("co", { name: "Partial Co", billingCurrency: "USD" });
new travel.CostCenter("cc", { companyId: company.companyId, name: "Half made" });
`;
    env = await createEnvironment("partial", program);
    const e = env;
    // The cost center's create answer is lost, so the provider adopts the object it made; the
    // PUT that converges it fails: the create ends with an id and an error.
    let dropped = false;
    proxy = await startLossyProxy(e.recorder.url, (method, path) => {
      if (dropped || method !== "POST" || !path.endsWith("/cost-centers")) return false;
      dropped = true;
      return true;
    });
    await e.stack.setConfig("travel:baseUrl", { value: proxy.url });
    const fault = e.emulator.admin.addFault({
      path: "/v2/companies/*/cost-centers/*",
      methods: ["PUT"],
      rate500: 1,
    });

    await expect(e.stack.up()).rejects.toThrow(/PUT .*cost-centers.* failed with 500/);
    const state = (await e.stack.exportStack()).deployment as {
      resources: { type: string; id?: string; outputs?: Record<string, unknown> }[];
    };
    const partial = state.resources.find((r) => r.type.endsWith(":CostCenter"));
    expect(partial?.id).toBeTruthy();
    expect(typeof partial?.outputs?.__provider).toBe("string");

    e.emulator.admin.removeFault(fault.id);
    await e.stack.refresh();
    await e.stack.destroy();
    expect(companies(e.emulator, "Partial Co")).toEqual([]);
    expect(
      e.emulator.context.store
        .records(COST_CENTERS)
        .values()
        .filter((r) => r.entity.name === "Half made"),
    ).toEqual([]);
  });
});
