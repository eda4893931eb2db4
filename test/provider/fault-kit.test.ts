/**
 * The fault part of the trust kit, walked over the registry: for every type, a lost create answer,
 * a lost update answer and a lost delete answer (the emulator commits, then drops the connection),
 * and the provider killed during a create (its process dies with the answer in flight, or after a
 * create whose outcome stayed unknown), settled by the next create of the same resource from the
 * journal of creates in flight. Each leaves no duplicate and no orphan (the platform holds exactly
 * what the state holds), the next call after the faults stop converges, and no secret or key is
 * rotated more than the program asked. Its engine half (kill -9 of `pulumi up`, or of the provider
 * alone, and the recovery) is test/e2e/faults.test.ts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TOKEN_PATH, type TravelClient } from "../../src/client";
import { CreateJournal, type ResourceRef } from "../../src/provider/operations/create-journal";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider, type TypeProvider } from "../../src/provider/operations/type-provider";
import { declaredForm } from "../../src/provider/model/keyed-inputs";
import { definitions } from "../../src/resources/registry";
import { listClientIds } from "../../src/resources/api-user";
import { clientFor, useLiveEmulator } from "../support/live-emulator";
import { startLossyProxy } from "./lossy-proxy";
import { ANY_WRITE, type KitEnv, type OneOfType, oneOfEach, type Route } from "../support/one-of-each";
import { checked } from "./harness";
import { testRun } from "../support/test-run";

const live = useLiveEmulator();

/** Rotations a lost answer may add: the lost create of an API user is rotated once, for a secret. */
const ROTATIONS_AFTER_LOST_CREATE: Record<string, number> = { ApiUser: 1 };

async function setUp(type: string): Promise<{ env: KitEnv; row: OneOfType; provider: TypeProvider }> {
  const { id: companyId } = await live.client.post<{ id: string }>("/v2/companies", {
    body: { name: `Kit ${type}`, billingCurrency: "USD", companyRoles: ["ORG"] },
  });
  const row = oneOfEach[type];
  if (!row) throw new Error(`test/support/one-of-each.ts has no row for ${type}`);
  const definition = definitions[type] as ResourceDefinition<Values, Values>;
  return {
    env: { emulator: live.emulator, client: live.client, companyId },
    row,
    provider: buildTypeProvider(definition, testRun(live.client)),
  };
}

/** Loses the answer of the next call `route` matches; returns how often that fault fired so far. */
function loseNext(route: Route): () => number {
  const rule = live.emulator.admin.addFault({ ...route, afterHandling: "drop", times: 1 });
  return () => live.emulator.admin.faults().find((fault) => fault.id === rule.id)?.fired ?? 0;
}

/** Refresh finds the object and shows no difference from `inputs`. */
async function expectConverged(provider: TypeProvider, id: string, outs: Values, inputs: Values) {
  const read = await provider.read(id, outs);
  expect(read.id).toBe(id);
  expect((await provider.diff(id, read.props ?? {}, inputs)).changes).toBe(false);
}

/** A journal of its own and a resource of its own for a test of a create in flight. */
function inFlightOf(type: string): { journal: CreateJournal; resource: ResourceRef } {
  const journal = new CreateJournal(mkdtempSync(join(tmpdir(), "kit-journal-")));
  return { journal, resource: { project: "kit", stack: "kit", type, name: `in-flight-${type}` } };
}

/** A write whose answer the killed provider waits for: not the token, not a listing (a POST read). */
const isWrite = (method: string, path: string) =>
  method !== "GET" && path !== TOKEN_PATH && !(method === "POST" && /\/(list|roles)(\?|$)/.test(path));

/**
 * A provider of `definition` about to be "killed": its calls go through a proxy that holds each
 * write's answer once the platform committed it, so it dies there, and nothing it does afterwards
 * reaches anyone. `held` counts the answers held. `next` is the provider of the next run: the same
 * platform at the same base URL (the journal is kept per platform), its answers no longer held.
 * `close` ends the proxy and the abandoned calls.
 */
async function providerToKill(definition: ResourceDefinition<Values, Values>, journal: CreateJournal) {
  let held = 0;
  let holding = true;
  const proxy = await startLossyProxy(
    live.emulator.url,
    () => false,
    (method, path) => (holding && isWrite(method, path) ? (held++, 600_000) : 0),
  );
  const clients = [clientFor(live.emulator, { baseUrl: proxy.url })];
  return {
    provider: buildTypeProvider(definition, testRun(clients[0] as TravelClient), journal),
    held: () => held,
    next(): TypeProvider {
      holding = false;
      const client = clientFor(live.emulator, { baseUrl: proxy.url });
      clients.push(client);
      return buildTypeProvider(definition, testRun(client), journal);
    },
    baseUrl: proxy.url,
    async close(abandoned: Promise<unknown>[]) {
      await proxy.close();
      await Promise.all(abandoned);
      await Promise.all(clients.map((client) => client.close()));
    },
  };
}

/** Waits until `condition` holds, polling. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 20_000) throw new Error("condition not met within 20 s");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Runs `call`; when it fails (the lost answer surfaced), runs it once more, as the next `up` does. */
async function thenAgain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch {
    // The lost answer made this attempt fail; the engine kept the old state and the next run repeats it.
    return call();
  }
}

it("has a row for every registered type", () => {
  expect(Object.keys(oneOfEach).sort()).toEqual(Object.keys(definitions).sort());
});

describe.each(Object.keys(definitions).sort())("%s", (type) => {
  it("a lost create answer: one object, converged within the same create, no extra rotation", async () => {
    const { env, row, provider } = await setUp(type);
    const inputs = await checked(provider, await row.inputs(env));
    const rotations = row.rotations?.(env) ?? 0;
    const fired = loseNext(row.writes?.create ?? ANY_WRITE);
    const { id, outs } = await provider.create(inputs);
    expect(fired()).toBe(1);
    expect(await row.held(env, inputs)).toBe(1);
    await expectConverged(provider, id, outs, inputs);
    expect((row.rotations?.(env) ?? 0) - rotations).toBe(ROTATIONS_AFTER_LOST_CREATE[type] ?? 0);
    await provider.delete(id, outs);
  });

  if (oneOfEach[type]?.change !== undefined)
    it("a lost update answer: the next update converges, rotating once per change", async () => {
      const { env, row, provider } = await setUp(type);
      const inputs = await checked(provider, await row.inputs(env));
      const { id, outs } = await provider.create(inputs);
      row.beforeChange?.(env);
      // The program's form of the inputs: check records keyed lists as maps (keyed-inputs.ts).
      const declared = declaredForm(definitions[type]?.capabilities?.diff?.keyedInputs, inputs);
      const news = await checked(provider, (row.change as (inputs: Values) => Values)(declared), outs);
      const rotations = row.rotations?.(env) ?? 0;
      const fired = loseNext(row.writes?.update ?? ANY_WRITE);
      const updated = await thenAgain(() => provider.update(id, outs, news));
      expect(fired()).toBe(1);
      expect(await row.held(env, news)).toBe(1);
      await expectConverged(provider, id, { ...outs, ...updated.outs }, news);
      // An API user's rotation whose answer was lost is repeated: nobody holds the lost secret.
      const added = (row.rotations?.(env) ?? 0) - rotations;
      if (row.rotations) expect(added).toBe(type === "ApiUser" ? 2 : 1);
      await provider.delete(id, { ...outs, ...updated.outs });
    });

  it("the provider killed during the create: the next create takes the object it made, converged, no extra rotation", async () => {
    const { env, row, provider: living } = await setUp(type);
    const definition = definitions[type] as ResourceDefinition<Values, Values>;
    const { journal, resource } = inFlightOf(type);
    const inputs = await checked(living, await row.inputs(env));
    const rotations = row.rotations?.(env) ?? 0;
    const killed = await providerToKill(definition, journal);
    const abandoned = [killed.provider.create(inputs, resource).catch(() => undefined)];
    try {
      await until(() => killed.held() > 0);
      const next = killed.next();
      const { id, outs } = await next.create(inputs, resource);
      expect(await row.held(env, inputs)).toBe(1);
      await expectConverged(next, id, outs, inputs);
      // The user the killed create made is rotated once, for a secret; nothing else rotates again.
      expect((row.rotations?.(env) ?? 0) - rotations).toBe(ROTATIONS_AFTER_LOST_CREATE[type] ?? 0);
      await new Promise((resolve) => setImmediate(resolve));
      expect(journal.slot(resource, killed.baseUrl).left()).toBeUndefined();
      await next.delete(id, outs);
    } finally {
      await killed.close(abandoned);
    }
  });

  it("a create left in doubt (no answer within its budget, nothing made): the next create makes it once", async () => {
    const { env, row, provider: living } = await setUp(type);
    const definition = definitions[type] as ResourceDefinition<Values, Values>;
    const { journal, resource } = inFlightOf(type);
    const inputs = await checked(living, await row.inputs(env));
    const heldBefore = await row.held(env, inputs);
    // Every create is dropped before the platform handles it: the outcome stays unknown to the provider.
    const rule = live.emulator.admin.addFault({ ...(row.writes?.create ?? ANY_WRITE), dropRate: 1 });
    const first = buildTypeProvider(definition, testRun(live.client), journal);
    await expect(first.create(inputs, resource)).rejects.toThrow();
    live.emulator.admin.removeFault(rule.id);
    expect(await row.held(env, inputs)).toBe(heldBefore);
    const next = buildTypeProvider(definition, testRun(live.client), journal);
    const { id, outs } = await next.create(inputs, resource);
    expect(await row.held(env, inputs)).toBe(1);
    await expectConverged(next, id, outs, inputs);
    await next.delete(id, outs);
  });

  it("a lost delete answer: the next delete leaves the platform as the state says", async () => {
    const { env, row, provider } = await setUp(type);
    const inputs = await checked(provider, await row.inputs(env));
    const { id, outs } = await provider.create(inputs);
    loseNext(row.writes?.delete ?? ANY_WRITE);
    await thenAgain(() => provider.delete(id, outs));
    expect(await row.held(env, inputs)).toBe(row.deleteRemoves ? 0 : 1);
  });
});

it("two API-user creates killed in flight: the next create fails before any write, naming both users", async () => {
  const definition = definitions.ApiUser as ResourceDefinition<Values, Values>;
  const journal = new CreateJournal(mkdtempSync(join(tmpdir(), "kit-journal-")));
  const ref = (name: string): ResourceRef => ({ project: "kit", stack: "kit", type: "ApiUser", name });
  const living = buildTypeProvider(definition, testRun(live.client), journal);
  const inputs = await checked(living, { rotation: "r0" });
  const before = await listClientIds(live.client);
  // One killed run: both creates share its one listing of the clientIds before them.
  const killed = await providerToKill(definition, journal);
  const abandoned = [ref("first"), ref("second")].map((resource) =>
    killed.provider.create(inputs, resource).catch(() => undefined),
  );
  try {
    await until(() => killed.held() === 2);
    const made = (await listClientIds(live.client)).filter((id) => !before.includes(id));
    expect(made).toHaveLength(2);
    const seq = live.emulator.admin.lastRequestSeq;
    const next = killed.next();
    const failure = next.create(inputs, ref("first"));
    await expect(failure).rejects.toThrow(/AMBIGUOUS|outcome is unknown/);
    const message = await failure.then(
      () => "",
      (error: unknown) => (error instanceof Error ? error.message : ""),
    );
    for (const id of made) expect(message).toContain(id);
    expect(message).toContain("pulumi-travel reconcile");
    // Nothing was written: no user made, none rotated or revoked.
    expect(live.emulator.admin.requests(seq).filter((r) => r.method !== "GET")).toEqual([]);
    // The record stays, so every later up stops the same way until it is settled.
    expect(journal.slot(ref("first"), killed.baseUrl).left()).toBeDefined();
  } finally {
    await killed.close(abandoned);
  }
});
