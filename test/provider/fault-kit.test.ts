/**
 * The fault part of the trust kit, walked over the registry: for every type, a lost create answer,
 * a lost update answer and a lost delete answer (the emulator commits, then drops the connection).
 * Each leaves no duplicate and no orphan (the platform holds exactly what the state holds), the
 * next call after the faults stop converges, and no secret or key is rotated more than the
 * program asked. Its engine half (kill -9 and the documented recovery) is test/e2e/faults.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider, type TypeProvider } from "../../src/provider/operations/type-provider";
import { declaredForm } from "../../src/provider/model/keyed-inputs";
import { definitions } from "../../src/resources/registry";
import { useLiveEmulator } from "../support/live-emulator";
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

  it("a lost delete answer: the next delete leaves the platform as the state says", async () => {
    const { env, row, provider } = await setUp(type);
    const inputs = await checked(provider, await row.inputs(env));
    const { id, outs } = await provider.create(inputs);
    loseNext(row.writes?.delete ?? ANY_WRITE);
    await thenAgain(() => provider.delete(id, outs));
    expect(await row.held(env, inputs)).toBe(row.deleteRemoves ? 0 : 1);
  });
});
