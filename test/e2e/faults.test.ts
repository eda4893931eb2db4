/**
 * The fault kit's engine half for the defects of issue 22, through the real Pulumi CLI: lost
 * create answers (the emulator commits, then drops the connection) leave exactly one API user
 * whose secret works, one tenant key not rotated again, one partner key and one enabled field;
 * a lost tenant-key rotation answer, or a rotation in flight when `pulumi up` is killed, neither
 * blocks the next up nor rotates twice; an enable that failed during a create is finished by the
 * next up; destroy keeps a key a person registered with the stack's kid. Then, walked over the
 * registry (test/support/one-of-each.ts, so a new type cannot skip it): `kill -9` of `pulumi up`
 * with one create of every type in flight, and the recovery of docs/reliability.md, leave no
 * duplicate, no orphan and no extra rotation, and converge in one up. Also over the registry, the
 * answers cut short (issue 31): a success whose body stops halfway for the create of every type
 * (recovered as a lost answer, no duplicate, no orphan), for every type's read, the token and the
 * API users' listing (repeated, the runs succeed); a Retry-After HTTP date from a clock an hour
 * ahead (waited as asked), one beyond the cap (the run fails naming the wait and the cap), and a
 * token never readable (not blamed on the credentials). Every case runs on both hosts
 * with the same program text (test/support/plugin-classes.ts): the dynamic resources, and the
 * provider plugin `travel`, where the kill takes the plugin's process with the CLI's.
 */
import { generateKeyPairSync } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, TOKEN_PATH, type TravelClient } from "../../src/client";
import { CUSTOM_FIELDS } from "../../src/emulator/custom-fields/records";
import { TENANT_KEYS } from "../../src/emulator/keys/records";
import { listClientIds } from "../../src/resources/api-user";
import { CLI, runNode, travelEnv } from "../cli/harness";
import { type LossyProxy, startLossyProxy } from "../provider/lossy-proxy";
import { clientFor, tokenStatus } from "../support/live-emulator";
import { createRouteUnder, type Route } from "../support/one-of-each";
import { type Host, HOSTS, TRAVEL_BY_HOST } from "../support/plugin-classes";
import {
  commandLine,
  killTree,
  pendingCreatesInCheckpoint,
  processTree,
  pulumi,
  startUp,
  until,
} from "./engine-process";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";
import { type DeclaredRow, declareOneOfEach } from "./one-of-each-stack";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
const { ApiUser, CustomField, PartnerPublicKey, TenantKey } = travel;
const config = new pulumi.Config();
const companyId = config.require("companyId");

const ci = new ApiUser("ci", {});
new TenantKey("tenant", { companyId, rotation: config.require("tenantRotation") });
new PartnerPublicKey("partner", { companyId, kid: "partner-1", jwk: JSON.parse(config.require("jwk")) });
new CustomField("cost-code", { companyId, name: "Cost code", enabled: true });
if (config.get("late") === "yes") new CustomField("late", { companyId, name: "Late field", enabled: true });

exports.ciClientId = ci.clientId;
exports.ciSecret = ci.clientSecret;
`;

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "lost answers and partial creates through the Pulumi engine (%s host)",
  (host) => {
    let env: E2eEnvironment;
    let client: TravelClient;
    let companyId: string;
    let usersBefore: string[];

    const lose = (method: string, path: string) =>
      env.emulator.admin.addFault({ path, methods: [method], afterHandling: "drop", times: 1 });
    const cmkVersion = () => env.emulator.context.store.records(TENANT_KEYS).get(companyId)?.cmkVersion;
    const fields = () =>
      env.emulator.context.store
        .records(CUSTOM_FIELDS)
        .values()
        .filter((field) => field.companyId === companyId)
        .map((field) => [field.name, field.enabled]);
    const keysPath = () => apiPath`/v2/companies/${companyId}/partner-public-keys`;
    const activeKeys = async () =>
      (await client.get<{ keys: { id: string; kid: string }[] }>(keysPath(), { query: { status: "ACTIVE" } }))
        .keys;
    const jwk = () => {
      const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const { n, e } = publicKey.export({ format: "jwk" });
      return { n: n as string, e: e as string };
    };

    beforeAll(async () => {
      env = await createEnvironment("faults", PROGRAM, {}, "e2e", host);
      client = clientFor(env.emulator);
      ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
        body: { name: "Faults Inc", billingCurrency: "USD", companyRoles: ["ORG"] },
      }));
      await env.stack.setAllConfig({
        companyId: { value: companyId },
        tenantRotation: { value: "r0" },
        jwk: { value: JSON.stringify(jwk()) },
      });
      usersBefore = await listClientIds(client);
    });
    afterAll(async () => {
      await client?.close();
      await env?.dispose();
    });

    it("lost create answers: one API user whose secret works, one key, one enabled field, no extra rotation", async () => {
      lose("POST", "/v2/api-users");
      lose("POST", "/v3/tenant-encryption/*/key");
      lose("POST", "/v2/companies/*/partner-public-keys");
      lose("POST", "/v3/companies/*/custom-fields");
      await env.stack.up();
      expect(env.emulator.admin.faults().map((fault) => fault.fired)).toEqual([1, 1, 1, 1]);
      env.emulator.admin.clearFaults();

      const outputs = await env.stack.outputs();
      const clientId = outputs.ciClientId?.value as string;
      expect((await listClientIds(client)).filter((id) => !usersBefore.includes(id))).toEqual([clientId]);
      expect(await tokenStatus(env.emulator.url, clientId, outputs.ciSecret?.value as string)).toBe(200);
      expect(cmkVersion()).toBe(1);
      expect((await activeKeys()).map((key) => key.kid)).toEqual(["partner-1"]);
      expect(fields()).toEqual([["Cost code", true]]);
      await env.stack.preview({ expectNoChanges: true });
    });

    it("a rotation in flight when pulumi up is killed neither blocks the next up nor rotates again", async () => {
      env.emulator.admin.clock.advance(3600 * 1000);
      // The platform takes the rotation; its answer is held until the run is killed.
      let held = 0;
      const proxy = await startLossyProxy(
        env.recorder.url,
        () => false,
        (method, path) =>
          method === "POST" && /^\/v3\/tenant-encryption\/[^/]+\/key$/.test(path) ? (held++, 120_000) : 0,
      );
      try {
        await env.stack.setAllConfig({
          tenantRotation: { value: "r1" },
          "travel:baseUrl": { value: proxy.url },
        });
        const { up, exited } = startUp(env);
        await until(() => held === 1, 180_000);
        killTree(up.pid as number);
        await exited;
      } finally {
        await proxy.close();
      }
      expect(cmkVersion()).toBe(2);
      await env.stack.setConfig("travel:baseUrl", { value: env.recorder.url });
      expect((await pulumi(env, ["cancel", "--yes"])).code).toBe(0);

      const result = await env.stack.up();
      expect(result.summary.result).toBe("succeeded");
      expect(result.stderr + result.stdout).toContain("recorded as rotated, not rotated again");
      expect(cmkVersion()).toBe(2);
      await env.stack.preview({ expectNoChanges: true });
    });

    // The up that finishes the enable also rotates the tenant key and loses that answer: the two
    // touch different resources and routes, so one up and one no-change preview prove both.
    it("an enable that failed during the create is finished by the next up; a lost rotation answer in that up neither blocks it nor rotates twice", async () => {
      await env.stack.setConfig("late", { value: "yes" });
      env.emulator.admin.addFault({
        path: "/v3/companies/*/custom-fields/update-status",
        methods: ["PATCH"],
        rate500: 1,
      });
      await expect(env.stack.up()).rejects.toThrow(/Late field|update-status|could not finish/);
      env.emulator.admin.clearFaults();
      expect(fields()).toContainEqual(["Late field", false]);

      env.emulator.admin.clock.advance(3600 * 1000);
      await env.stack.setConfig("tenantRotation", { value: "r2" });
      lose("POST", "/v3/tenant-encryption/*/key");
      await env.stack.up();
      expect(env.emulator.admin.faults().map((fault) => fault.fired)).toEqual([1]);
      env.emulator.admin.clearFaults();
      expect(cmkVersion()).toBe(3);
      expect(fields()).toContainEqual(["Late field", true]);
      await env.stack.preview({ expectNoChanges: true });
    });

    it("destroy keeps the key a person registered with the stack's kid after the stack's was revoked", async () => {
      await client.delete(`${keysPath()}/partner-1`);
      const theirs = jwk();
      await client.post(keysPath(), {
        body: {
          keyType: "JWKS",
          jwks: { keys: [{ kty: "RSA", use: "sig", alg: "RS256", kid: "partner-1", ...theirs }] },
        },
      });
      const [personKey] = await activeKeys();
      await env.stack.destroy();
      expect((await activeKeys()).map((key) => key.id)).toEqual([personKey?.id]);
      expect((await listClientIds(client)).filter((id) => !usersBefore.includes(id))).toEqual([]);
      expect(fields()).toEqual([]);
    });
  },
);

/** One resource of each type the program is given (`travel:resources`: type and inputs). */
const REGISTRY_PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
for (const { type, name, inputs } of JSON.parse(new pulumi.Config().require("resources"))) {
  const resource = new travel[type](name ?? type.toLowerCase(), inputs);
  if (name !== undefined) {
    exports[name] = resource.id;
    continue;
  }
  exports[type] = resource.id;
  if (type === "ApiUser") exports.apiUserSecret = resource.clientSecret;
}
`;

/** The command line of each host's provider process. */
const PROVIDER_PROCESS: Record<Host, RegExp> = {
  dynamic: /dynamic-provider/,
  plugin: /dist\/src\/plugin\.js/,
};

/** Writes whose answers the crash holds: every write but the token and list calls (POST reads). */
const heldWrite = (method: string, path: string) =>
  method !== "GET" && path !== TOKEN_PATH && !(method === "POST" && /\/(list|roles)(\?|$)/.test(path));

/**
 * Starts `pulumi up` of `e` through a proxy that holds the answer of every write once the platform
 * committed it, and resolves once its `creates` creates have all begun and the platform has gone
 * quiet (each waits for an answer the proxy holds, or was about to send its first write), so a
 * kill then finds them all in flight. `release` lets later answers through and says how many were held.
 */
async function upWithCreatesInFlight(e: E2eEnvironment, creates: number) {
  let held = 0;
  let holding = true;
  let lastRequestAt = Date.now();
  const proxy = await startLossyProxy(
    e.recorder.url,
    () => false,
    (method, path) => (holding && heldWrite(method, path) ? (held++, 600_000) : 0),
    () => (lastRequestAt = Date.now()),
  );
  // Held requests keep their client slots: enough slots that no create waits behind another.
  await e.stack.setAllConfig({
    "travel:baseUrl": { value: proxy.url },
    "travel:maxConcurrency": { value: "64" },
  });
  const { up, exited } = startUp(e, ["--parallel", "64"]);
  await until(() => pendingCreatesInCheckpoint(e) === creates && Date.now() - lastRequestAt > 2000, 240_000);
  const release = () => {
    holding = false;
    return held;
  };
  return { proxy, up, exited, release };
}

/** The provider's processes under the running `up`: the dynamic provider's host, or the plugin. */
const providerProcesses = (up: ChildProcess, host: Host) =>
  processTree(up.pid as number).filter((pid) => PROVIDER_PROCESS[host].test(commandLine(pid)));

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "kill -9 of pulumi up during the create of every registered type (%s host)",
  (host) => {
    const figures: Record<string, unknown> = {};
    let env: E2eEnvironment | undefined;
    let proxy: LossyProxy | undefined;
    afterAll(async () => {
      console.log(`kill -9 figures on the ${host} host: ${JSON.stringify(figures)}`);
      await proxy?.close();
      await env?.dispose();
    });

    it("the documented recovery leaves no duplicate and no orphan, converges in one up and rotates nothing", async () => {
      env = await createEnvironment("crash-all", REGISTRY_PROGRAM, {}, "e2e", host);
      const e = env;
      const client = clientFor(e.emulator);
      // One resource of every registered type, each under a company of its own (parents via the API).
      const rows = await declareOneOfEach(e, client, "Crash");
      // A second API user (issue 45 item 2): two user creates in flight share one listing before them.
      await e.stack.setConfig("resources", {
        value: JSON.stringify([
          ...rows.map(({ type, inputs }) => ({ type, inputs })),
          { type: "ApiUser", name: "second-user", inputs: rows.find((r) => r.type === "ApiUser")?.inputs },
        ]),
      });
      const types = [...rows.map(({ type }) => type), "ApiUser"].sort();
      const rotations = () => rows.reduce((sum, { row, kit }) => sum + (row.rotations?.(kit) ?? 0), 0);
      const rotationsBefore = rotations();
      // A person's API user, made before the up: reconcile must never propose revoking it.
      const person = await client.post<{ clientId: string; clientSecret: string }>("/v2/api-users", {
        body: { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" },
      });
      const usersBefore = await listClientIds(client);
      const { proxy: started, up, exited, release } = await upWithCreatesInFlight(e, types.length);
      proxy = started;
      // The kill takes the provider's process with the CLI's: the dynamic provider's host, or the plugin.
      const providers = providerProcesses(up, host);
      expect(providers.length).toBeGreaterThan(0);
      figures.killedProcesses = killTree(up.pid as number);
      await exited;
      await until(() => providers.every((pid) => commandLine(pid) === ""), 10_000);
      // The proxy stays, passing everything through: refresh configures the provider with the
      // config the killed up recorded, which names the proxy.
      figures.heldAnswers = release();
      figures.objectsBeforeRecovery = (
        await Promise.all(rows.map(async ({ row, kit, inputs }) => row.held(kit, inputs)))
      ).reduce((a, b) => a + b, 0);

      // The recovery of docs/reliability.md, "After a crash".
      expect((await pulumi(e, ["cancel", "--yes"])).code).toBe(0);
      const stateFile = join(e.programDir, "state.json");
      expect((await pulumi(e, ["stack", "export", "--file", stateFile])).code).toBe(0);
      const travel = travelEnv(e.emulator);
      const report = await runNode(CLI, ["reconcile", "--stack", stateFile, "--json"], travel);
      expect(report.code, report.stderr).toBe(9);
      const findings = JSON.parse(report.stdout) as {
        pendingCreates: { type: string; matches: unknown[]; appeared?: { id: string }[] }[];
        tmcNotHeld: { type: string; id: string; caller: boolean; deleteCommand?: string }[];
      };
      expect(findings.pendingCreates.map((pending) => pending.type).sort()).toEqual(types);
      expect(findings.pendingCreates.every((pending) => pending.matches.length <= 1)).toBe(true);
      figures.pendingCreates = findings.pendingCreates.length;
      figures.pendingWithObject = findings.pendingCreates.filter((p) => p.matches.length === 1).length;
      // The API users the killed creates made: exactly those that appeared since the up began,
      // named under each pending create; the person's user is listed with no revoke proposed.
      const userCreates = findings.pendingCreates.filter((pending) => pending.type === "ApiUser");
      const orphanUsers = userCreates[0]?.appeared ?? [];
      const appearedSinceUp = (await listClientIds(client)).filter((id) => !usersBefore.includes(id));
      expect(appearedSinceUp.length).toBe(2);
      for (const pending of userCreates)
        expect(pending.appeared?.map((user) => user.id).sort()).toEqual(appearedSinceUp.sort());
      expect(findings.tmcNotHeld.find((user) => user.id === person.clientId)).toMatchObject({
        caller: false,
        madeByPendingCreate: false,
      });
      expect(findings.tmcNotHeld.find((user) => user.id === person.clientId)?.deleteCommand).toBeUndefined();
      figures.orphanApiUsers = orphanUsers.length;
      const adoptedFile = join(e.programDir, "adopted.json");
      // Adopting before revoking would drop both user creates and leave their users orphans that
      // no later reconcile names (issue 45 item 2): it refuses, naming exactly their revokes.
      const early = await runNode(
        CLI,
        ["reconcile", "--stack", stateFile, "--adopt-pending", adoptedFile],
        travel,
      );
      expect(early.code, early.stderr).toBe(9);
      for (const user of orphanUsers) expect(early.stderr).toContain(`--delete ApiUser:${user.id}`);
      expect(early.stderr).not.toContain(person.clientId);
      for (const user of orphanUsers) {
        const revoked = await runNode(
          CLI,
          ["reconcile", "--stack", stateFile, "--delete", `ApiUser:${user.id}`],
          travel,
        );
        expect(revoked.code, revoked.stderr).toBe(0);
      }
      const adopt = await runNode(
        CLI,
        ["reconcile", "--stack", stateFile, "--adopt-pending", adoptedFile],
        travel,
      );
      expect(adopt.code, adopt.stderr).toBe(0);
      expect((await pulumi(e, ["stack", "import", "--file", adoptedFile])).code).toBe(0);
      const refresh = await pulumi(e, ["refresh", "--yes", "--skip-preview"]);
      expect(refresh.code, refresh.output).toBe(0);
      const converge = await pulumi(e, ["up", "--yes", "--skip-preview"]);
      expect(converge.code, converge.output).toBe(0);

      // Exactly one object per resource (and the person's API user), and nothing the state does not hold.
      for (const { type, row, kit, inputs } of rows)
        expect({ type, held: await row.held(kit, inputs) }).toEqual({
          type,
          // The person's and the two declared.
          held: type === "ApiUser" ? 3 : 1,
        });
      expect(await tokenStatus(e.emulator.url, person.clientId, person.clientSecret)).toBe(200);
      const outputs = await e.stack.outputs();
      const userId = outputs.ApiUser?.value as string;
      expect(await tokenStatus(e.emulator.url, userId, outputs.apiUserSecret?.value as string)).toBe(200);
      expect(rotations() - rotationsBefore).toBe(0);
      expect((await pulumi(e, ["stack", "export", "--file", stateFile])).code).toBe(0);
      const clean = await runNode(CLI, ["reconcile", "--stack", stateFile, "--json"], travel);
      const after = JSON.parse(clean.stdout) as {
        pendingCreates: unknown[];
        unowned: { id: string; parents: Record<string, string> }[];
        tmcNotHeld: { id: string; caller: boolean; madeByPendingCreate?: boolean }[];
      };
      // A duplicate would show in held().
      expect(after.pendingCreates).toEqual([]);
      expect(unownedBeyondTestParents(rows, after.unowned)).toEqual([]);
      expect(after.tmcNotHeld.filter((object) => !object.caller)).toEqual([
        {
          type: "ApiUser",
          id: person.clientId,
          caller: false,
          madeByPendingCreate: false,
          adoptId: person.clientId,
        },
      ]);
      expect(clean.code, clean.stderr).toBe(after.unowned.length > 0 ? 9 : 0);
      await e.stack.preview({ expectNoChanges: true });
    });
  },
);

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "kill -9 of the provider alone during the create of every registered type (%s host)",
  (host) => {
    const figures: Record<string, unknown> = {};
    let env: E2eEnvironment | undefined;
    let proxy: LossyProxy | undefined;
    afterAll(async () => {
      console.log(`provider kill figures on the ${host} host: ${JSON.stringify(figures)}`);
      await proxy?.close();
      await env?.dispose();
    });

    it("the next plain up takes each object the killed creates made: one per resource, no orphan (issue 45 item 1)", async () => {
      env = await createEnvironment("provider-kill", REGISTRY_PROGRAM, {}, "e2e", host);
      const e = env;
      const client = clientFor(e.emulator);
      const rows = await declareOneOfEach(e, client, "Killed");
      const { proxy: started, up, exited, release } = await upWithCreatesInFlight(e, rows.length);
      proxy = started;
      // Only the provider's processes: the engine lives on and sees its provider's connection end.
      const providers = providerProcesses(up, host);
      expect(providers.length).toBeGreaterThan(0);
      for (const pid of providers) process.kill(pid, "SIGKILL");
      figures.killedProviders = providers.length;
      figures.upExit = await exited;
      expect(figures.upExit).not.toBe(0);
      figures.heldAnswers = release();
      const objects = await Promise.all(
        rows.map(async ({ type, row, kit, inputs }) => [type, await row.held(kit, inputs)]),
      );
      figures.objectsBeforeNextUp = objects.filter(([, held]) => held === 1).length;
      figures.pendingAfterKill = pendingCreatesInCheckpoint(e);
      const records = () =>
        readdirSync(join(e.programDir, ".create-journal"), { recursive: true }).filter((name) =>
          String(name).endsWith(".json"),
        ).length;
      // One per create that is not idempotent; the settings' creates are repeated.
      figures.recordsLeft = records();
      expect(figures.recordsLeft).toBeGreaterThan(0);

      // The plain up a user runs next: no cancel, no reconcile.
      const next = await pulumi(e, ["up", "--yes", "--skip-preview"]);
      expect(next.code, next.output).toBe(0);
      await expectPlatformHoldsTheStack(e, rows);
      // Each record was cleared once its create's answer was handed back.
      expect(records()).toBe(0);
    });
  },
);

/**
 * The objects reconcile lists as owned by no resource, less the parents the test made through the
 * API (fields, a legal entity, the arm made for an option group) and what sits under them.
 */
function unownedBeyondTestParents<T extends { id: string; parents: Record<string, string> }>(
  rows: readonly DeclaredRow[],
  unowned: readonly T[],
): T[] {
  const parents = new Set(
    rows.flatMap(({ inputs }) =>
      [
        inputs.legalEntityId,
        inputs.customFieldId,
        ...((inputs.fieldIds as string[] | undefined) ?? []),
      ].filter((id): id is string => typeof id === "string"),
    ),
  );
  return unowned.filter(
    (object) => !parents.has(object.id) && !Object.values(object.parents).some((id) => parents.has(id)),
  );
}

/**
 * The platform holds exactly what the stack holds: one object per resource (a duplicate shows in
 * `held`), an API user whose recorded secret works, and `reconcile` finds no pending create, no
 * object of the stack's companies that no resource owns but the parents the test made through the
 * API (fields, a legal entity, the arm made for the option group), and no API user of the TMC the
 * stack does not hold.
 */
async function expectPlatformHoldsTheStack(e: E2eEnvironment, rows: DeclaredRow[]): Promise<void> {
  for (const { type, row, kit, inputs } of rows)
    expect({ type, held: await row.held(kit, inputs) }).toEqual({ type, held: 1 });
  const outputs = await e.stack.outputs();
  const userId = outputs.ApiUser?.value as string;
  expect(await tokenStatus(e.emulator.url, userId, outputs.apiUserSecret?.value as string)).toBe(200);
  const stateFile = join(e.programDir, "state.json");
  expect((await pulumi(e, ["stack", "export", "--file", stateFile])).code).toBe(0);
  const clean = await runNode(CLI, ["reconcile", "--stack", stateFile, "--json"], travelEnv(e.emulator));
  const after = JSON.parse(clean.stdout) as {
    pendingCreates: unknown[];
    unowned: { id: string; parents: Record<string, string> }[];
    tmcNotHeld: { caller: boolean }[];
  };
  expect(after.pendingCreates).toEqual([]);
  expect(unownedBeyondTestParents(rows, after.unowned)).toEqual([]);
  expect(after.tmcNotHeld.filter((object) => !object.caller)).toEqual([]);
  expect(clean.code, clean.stderr).toBe(after.unowned.length > 0 ? 9 : 0);
}

/** The inputs of `type` in a `resources` config. */
const row = (resources: { type: string; inputs: Record<string, unknown> }[], type: string) =>
  resources.find((entry) => entry.type === type)?.inputs ?? {};

/** Whether a logged status is a success. */
const isSuccess = (status: number) => status >= 200 && status < 300;

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "answers cut short and Retry-After dates through the Pulumi engine, every registered type (%s host)",
  (host) => {
    let e: E2eEnvironment;
    let client: TravelClient;
    let rows: DeclaredRow[];
    beforeAll(async () => {
      e = await createEnvironment("cut-all", REGISTRY_PROGRAM, {}, "e2e", host);
      client = clientFor(e.emulator);
      rows = await declareOneOfEach(e, client, "Cut");
    });
    afterAll(async () => {
      await client?.close();
      await e?.dispose();
    });

    /** Cuts the next success `route` matches short (its status and half its body); returns the rule's id. */
    const cutNext = (route: Route) =>
      e.emulator.admin.addFault({ ...route, afterHandling: "cut", times: 1 }).id;
    /** The rules that did not fire exactly once, with their routes; then removes every rule. */
    const firedOtherThanOnce = () => {
      const rules = e.emulator.admin.faults();
      e.emulator.admin.clearFaults();
      return rules
        .filter((rule) => rule.fired !== 1)
        .map(({ path, methods, fired }) => ({ path, methods, fired }));
    };

    it("a create of every type answered with a success cut short: no duplicate, no orphan, and the next up converges", async () => {
      const firstSeq = e.emulator.admin.lastRequestSeq;
      // One token answer and one listing of the API users cut short (safe calls, repeated), and
      // every type's create.
      const safe = [
        cutNext({ methods: ["POST"], path: TOKEN_PATH }),
        cutNext({ methods: ["GET"], path: "/v2/api-users" }),
      ];
      const creates = Object.fromEntries(
        rows.map(({ type, row, kit }) => [type, cutNext(createRouteUnder(row, kit.companyId))]),
      );
      const first = await pulumi(e, ["up", "--yes", "--skip-preview"]);
      expect(firedOtherThanOnce()).toEqual([]);
      // Each create's cut answer was a success: the platform made the object.
      const cut = e.emulator.admin.requests(firstSeq).filter((request) => request.fault !== undefined);
      for (const [type, rule] of Object.entries(creates)) {
        const statuses = cut.filter((request) => request.fault === rule).map((request) => request.status);
        expect({ type, statuses: statuses.map(isSuccess) }).toEqual({ type, statuses: [true] });
      }
      expect(cut.filter((request) => safe.includes(request.fault as string)).length).toBe(2);
      // Either every create was recovered in the run, or it failed naming the cut answer and reconcile.
      if (first.code !== 0) {
        expect(first.output).toMatch(/could not be read \(cut short or not JSON\)/);
        expect(first.output).toContain("reconcile");
      }
      // The next up refreshes first: every type's read, the listing of the API users and the token
      // answered with a success cut short once; the token asked again after 2 s as an HTTP date
      // from a clock an hour ahead (finding 3: waited 2 s, not an hour).
      const secondSeq = e.emulator.admin.lastRequestSeq;
      const throttled = e.emulator.admin.addFault({
        methods: ["POST"],
        path: TOKEN_PATH,
        rate429: 1,
        retryAfterSeconds: 2,
        retryAfterFormat: "http-date",
        dateSkewSeconds: 3600,
        times: 1,
      }).id;
      cutNext({ methods: ["POST"], path: TOKEN_PATH });
      cutNext({ methods: ["GET"], path: "/v2/api-users" });
      const stackCompany = String((await e.stack.outputs()).Company?.value);
      for (const { type, kit } of rows)
        if (type !== "ApiUser")
          cutNext({
            // Reads only: GETs and POST listings (the run writes nothing, --expect-no-changes).
            methods: ["GET", "POST"],
            path: `/**${type === "Company" ? stackCompany : kit.companyId}**`,
          });
      const second = await pulumi(e, [
        "up",
        "--refresh",
        "--yes",
        "--skip-preview",
        ...(first.code === 0 ? ["--expect-no-changes"] : []),
      ]);
      expect(second.code, second.output).toBe(0);
      expect(firedOtherThanOnce()).toEqual([]);
      // The Retry-After was read against the answer's Date (2 s; against the client's clock it is
      // an hour and 2 s, over the cap, and the run fails), and waited before the token was asked again.
      const tokens = e.emulator.admin.requests(secondSeq).filter((request) => request.path === TOKEN_PATH);
      const at429 = tokens.findIndex((request) => request.fault === throttled);
      expect(tokens[at429]?.status).toBe(429);
      expect((tokens[at429 + 1]?.atMs ?? 0) - (tokens[at429]?.atMs ?? 0)).toBeGreaterThanOrEqual(1990);
      if (first.code !== 0) await e.stack.preview({ expectNoChanges: true });
      await expectPlatformHoldsTheStack(e, rows);
    });

    it("safe requests are repeated: a 500 on every type's read, a 503 with Retry-After on an option-group PATCH, a connection lost on update-status (issue 45 item 6)", async () => {
      const seq = e.emulator.admin.lastRequestSeq;
      // The refresh: one 500 on a read of every type (GETs and POST listings).
      const stackCompany = String((await e.stack.outputs()).Company?.value);
      const reads = rows.map(
        ({ type, kit }) =>
          e.emulator.admin.addFault({
            methods: type === "ApiUser" ? ["GET"] : ["GET", "POST"],
            path:
              type === "ApiUser"
                ? "/v2/api-users"
                : `/**${type === "Company" ? stackCompany : kit.companyId}**`,
            rate500: 1,
            times: 1,
          }).id,
      );
      // The update: the option group's PATCH answered 503 with Retry-After, the field's
      // update-status committed and its connection lost before the answer.
      const optionGroup = rows.find((row) => row.type === "OptionGroup") as DeclaredRow;
      const field = rows.find((row) => row.type === "CustomField") as DeclaredRow;
      const unavailable = e.emulator.admin.addFault({
        methods: ["PATCH"],
        path: `/v3/companies/${optionGroup.kit.companyId}/custom-fields/*/option-groups/*`,
        rate503: 1,
        retryAfterSeconds: 1,
        times: 1,
      }).id;
      const lost = e.emulator.admin.addFault({
        methods: ["PATCH"],
        path: `/v3/companies/${field.kit.companyId}/custom-fields/update-status`,
        afterHandling: "drop",
        times: 1,
      }).id;
      const changed = rows.map(({ type, inputs, row }) => ({
        type,
        inputs:
          type === "OptionGroup"
            ? (row.change?.(inputs) ?? inputs)
            : type === "CustomField"
              ? { ...inputs, enabled: false }
              : inputs,
      }));
      await e.stack.setConfig("resources", { value: JSON.stringify(changed) });
      const run = await pulumi(e, ["up", "--refresh", "--yes", "--skip-preview"]);
      expect(run.code, run.output).toBe(0);
      expect(firedOtherThanOnce()).toEqual([]);
      // Each faulted request was sent again, after the wait the 503 asked for.
      const log = e.emulator.admin.requests(seq);
      for (const rule of [...reads, unavailable, lost]) {
        const at = log.findIndex((request) => request.fault === rule);
        const again = log.slice(at + 1).find((r) => r.method === log[at]?.method && r.path === log[at]?.path);
        expect({ rule, again: again !== undefined && isSuccess(again.status) }).toEqual({
          rule,
          again: true,
        });
        if (rule === unavailable)
          expect((again?.atMs ?? 0) - (log[at]?.atMs ?? 0)).toBeGreaterThanOrEqual(990);
      }
      const group = row(changed, "OptionGroup");
      const { options } = await client.get<{ options: { name: string }[] }>(
        apiPath`/v3/companies/${optionGroup.kit.companyId}/custom-fields/${String(group.customFieldId)}/option-groups/${String(group.optionGroupId)}`,
      );
      expect(options.map((option) => option.name).sort()).toEqual(["P-100", "P-200"]);
      const stored = e.emulator.context.store.records(CUSTOM_FIELDS).values();
      expect(stored.filter((f) => f.companyId === field.kit.companyId).map((f) => f.enabled)).toEqual([
        false,
      ]);
    });

    it("a Retry-After beyond the cap fails naming the wait asked and the cap; a token never readable is not blamed on the credentials", async () => {
      // Two minutes asked as an HTTP date by a clock an hour ahead: 120 s, over the 60 s cap.
      e.emulator.admin.addFault({
        methods: ["GET"],
        path: "/v2/api-users",
        rate429: 1,
        retryAfterSeconds: 120,
        retryAfterFormat: "http-date",
        dateSkewSeconds: 3600,
        times: 1,
      });
      const refresh = await pulumi(e, ["refresh", "--yes", "--skip-preview"]);
      e.emulator.admin.clearFaults();
      expect(refresh.code).not.toBe(0);
      expect(refresh.output).toContain("the server asked to wait 120 s (Retry-After)");
      expect(refresh.output).toContain("(60 s, retry.maxRetryAfterMs)");

      e.emulator.admin.addFault({ methods: ["POST"], path: TOKEN_PATH, afterHandling: "cut" });
      const preview = await pulumi(e, ["preview"]);
      e.emulator.admin.clearFaults();
      expect(preview.code).not.toBe(0);
      expect(preview.output).toContain("the body could not be read (cut short or not JSON)");
      expect(preview.output).toContain("the credentials were not judged");
      expect(preview.output).not.toContain("travel:clientId");
    });
  },
);
