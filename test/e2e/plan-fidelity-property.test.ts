/**
 * Property-based plan fidelity through the real engine, over every type of the resource registry:
 * seeded random programs (test/support/random-programs.ts: random optional fields, values unknown
 * at preview, references, replacements), out-of-band edits of declared and undeclared fields,
 * deletions by hand, adoptions, `refresh` and `up --refresh`. In every round:
 * - the preview's operations per resource, and its changed properties per resource, equal those
 *   of `up` (engine events);
 * - what `up` did on the platform matches: read whole before and after through each type's
 *   inventory (or, for a type without one, its definition's `read`), a created object exists, a
 *   deleted one is gone, and an object changes only in the properties its step changes: no field
 *   the program does not declare changes, nor an object no step touches;
 * - a second preview shows no changes.
 *
 * The same program text runs on both hosts (test/support/plugin-classes.ts): the dynamic resources
 * and the provider plugin `travel`. CI runs PLAN_FIDELITY_ROUNDS (default 3) rounds on the dynamic
 * host and PLAN_FIDELITY_PLUGIN_ROUNDS (default 2) on the plugin, from the same PLAN_FIDELITY_SEED
 * (default 14); set PLAN_FIDELITY_SEED=random for a random seed (printed), and raise the rounds for
 * a longer run. On the plugin the run also checks what its state holds, what its last round's
 * `up --debug` printed, and what the contract recorder saw of its requests.
 */
import type { UpResult } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, clearSharedTokens, type TravelClient } from "../../src/client";
import { seededRandom } from "../../src/emulator/core/random";
import type { Values } from "../../src/provider/model/definition";
import { declaredForm } from "../../src/provider/model/keyed-inputs";
import type { Entity } from "../../src/provider/model/tenant-facts";
import { resourceClasses } from "../../src/dynamic/registry";
import { definitions, type ResourceType } from "../../src/resources/registry";
import { inventoryOf, readTenantSnapshot, type TenantSnapshot } from "../../src/tenant/read-tenant";
import { companyChildren } from "../support/company-children";
import { clientFor, createCustomGroup } from "../support/live-emulator";
import { HOSTS, type Host, TOKEN_PREFIX } from "../support/plugin-classes";
import { resourceBytes } from "../support/state-size";
import { type Plan, planRecorder } from "./plan-recorder";
import { evolveProgram, KITS, pick, PROGRAM, type ProgramSpec, refsOf } from "../support/random-programs";
import { pulumi } from "./engine-process";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";
import { replaceOnOf } from "../../src/provider/model/replace-rules";
import { standaloneContext } from "../../src/provider/model/resource-context";

const ROUNDS: Record<Host, number> = {
  dynamic: Number(process.env.PLAN_FIDELITY_ROUNDS ?? "3"),
  plugin: Number(process.env.PLAN_FIDELITY_PLUGIN_ROUNDS ?? "2"),
};
const SEED =
  process.env.PLAN_FIDELITY_SEED === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.PLAN_FIDELITY_SEED ?? "14");

/** A resource of the stack's state. */
interface StateResource {
  urn: string;
  type: ResourceType;
  name: string;
  id: string;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

/** How the round reaches the platform's truth before planning. */
type RefreshMode = "none" | "refresh" | "up --refresh";

/** The parts of a `pulumi stack export` the state checks read. */
interface StackExport {
  deployment: {
    resources?: { urn: string; type: string; outputs?: Record<string, unknown>; [key: string]: unknown }[];
  };
}

/** The engine's marker of a secret, and its value for one. */
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** Every string a `--show-secrets` export holds as a secret, at any depth. */
function secretPlaintexts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(secretPlaintexts);
  if (typeof value !== "object" || value === null) return [];
  const record = value as Record<string, unknown>;
  if (record[SIG] === SECRET_SIG) {
    const plain: unknown = typeof record.plaintext === "string" ? JSON.parse(record.plaintext) : record.value;
    const leaves = (inner: unknown): string[] =>
      typeof inner === "string"
        ? [inner]
        : typeof inner === "object" && inner !== null
          ? Object.values(inner).flatMap(leaves)
          : [];
    return leaves(plain).filter((leaf) => leaf.length >= 8);
  }
  return Object.values(record).flatMap(secretPlaintexts);
}

/** The registry type of a URN of the stack. */
const typeOfUrn = (urn: string) => (urn.split("::")[2] ?? "").split(":").pop() as ResourceType;

/** Whether the type's objects are removed by a delete (reconcile can delete them), not settings of the company. */
function deletable(type: ResourceType): boolean {
  const inventory = inventoryOf(definitions[type]?.capabilities?.tenant);
  return inventory !== undefined && !("omitted" in inventory.reconcile);
}

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)(
  "plan fidelity over random programs of every type (%s host)",
  (host) => {
    const prefix = TOKEN_PREFIX[host];
    let env: E2eEnvironment;
    let client: TravelClient;
    const random = seededRandom(SEED);
    let counter = 0;
    const serial = () => ++counter;
    let spec: ProgramSpec | undefined;
    let companyId: string | undefined;
    const groups: string[] = [];
    /** What the run covered: programs, engine runs, resource operations of `up`, resources checked. */
    const covered = {
      programs: 0,
      engineRuns: 0,
      operations: 0,
      checked: 0,
      types: new Set<string>(),
      mismatches: 0,
    };
    const report: Record<string, unknown>[] = [];
    /** The plugin's last `up`, run with --debug. */
    let debugUp: UpResult | undefined;

    beforeAll(async () => {
      env = await createEnvironment("property", PROGRAM, { "property:spec": "{}" }, "e2e", host);
      clearSharedTokens();
      client = clientFor(env.emulator);
    });
    afterAll(async () => {
      console.log(
        `plan fidelity on the ${host} host (seed ${SEED}): ${covered.programs} programs, ${covered.engineRuns} engine runs, ` +
          `${covered.operations} resource operations by up, ${covered.checked} resources checked on the platform, ` +
          `${covered.types.size} types, ${covered.mismatches} mismatches; ` +
          JSON.stringify(report),
      );
      await client?.close();
      await env?.dispose();
    });

    it("has a program kit for every registry type", () => {
      const types = resourceClasses.map((resource) => resource.definition.type);
      expect(types).toHaveLength(17);
      expect(Object.keys(KITS).sort()).toEqual([...types].sort());
    });

    async function stateResources(): Promise<StateResource[]> {
      const state = await env.stack.exportStack();
      const resources = (state.deployment.resources ?? []) as Omit<StateResource, "name">[];
      return (
        resources
          .filter((r) => r.type.startsWith(prefix) && r.id !== undefined)
          .map((r) => ({
            ...r,
            type: r.type.slice(prefix.length) as ResourceType,
            name: r.urn.split("::").pop() ?? "",
          }))
          // The state lists resources in the order the engine finished them: sorted, a seed replays.
          .sort((a, b) => a.urn.localeCompare(b.urn))
      );
    }

    /** Every object the platform holds for the company, whole, by `type/id`; objects of types without an inventory through their `read`. */
    async function platform(
      resources: StateResource[],
    ): Promise<{ objects: Map<string, Entity>; snapshot: TenantSnapshot }> {
      if (companyId === undefined) throw new Error("no company yet");
      const snapshot = await readTenantSnapshot(client, companyId, definitions);
      if (!snapshot) throw new Error(`company ${companyId} is gone`);
      const objects = new Map<string, Entity>([[`Company/${companyId}`, snapshot.company]]);
      for (const [type, read] of Object.entries(snapshot.objects))
        for (const { entity } of read) objects.set(`${type}/${entity.id}`, entity);
      for (const resource of resources) {
        const definition = definitions[resource.type];
        if (!definition || inventoryOf(definition.capabilities?.tenant) !== undefined) continue;
        const found = await definition.read(
          standaloneContext(client),
          resource.id,
          declaredForm(definition.capabilities?.diff?.keyedInputs, resource.inputs),
        );
        if (found)
          objects.set(`${resource.type}/${resource.id}`, {
            id: resource.id,
            ...found.observed,
            ...found.state,
          });
      }
      return { objects, snapshot };
    }

    /** Out-of-band changes before the round: edits of declared and undeclared fields, deletions, adoptions. */
    async function meddle(
      round: number,
      next: ProgramSpec,
      resources: StateResource[],
    ): Promise<RefreshMode> {
      const { snapshot } = await platform(resources);
      const referenced = new Set((spec?.resources ?? []).flatMap((r) => refsOf(r).map(([name]) => name)));
      let deleted = false;
      let edited = false;
      for (const resource of resources) {
        if (resource.name.startsWith("anchor-") || random() < 0.6) continue;
        const read = snapshot.objects[resource.type]?.find(({ entity }) => entity.id === resource.id);
        const inventory = inventoryOf(definitions[resource.type]?.capabilities?.tenant);
        const removable =
          resource.type !== "Company" && deletable(resource.type) && !referenced.has(resource.name);
        if (read && inventory && !("omitted" in inventory.reconcile) && removable && random() < 0.3) {
          await client.delete(inventory.reconcile.deletePath(read.parents, read.entity));
          deleted = true;
          continue;
        }
        if (read) edited = (await handEdit(round, resource, read.entity, read.parents)) || edited;
        // A value unknown at preview counts as changed: drifting it to the value it will have would
        // make preview plan an update that up rightly skips (the engine cannot know it at preview).
        const unknownNext = (next.resources.find((r) => r.name === resource.name)?.unknown.length ?? 0) > 0;
        if (!unknownNext && random() < 0.5) edited = (await drift(resource)) || edited;
      }
      if (companyId !== undefined && random() < 0.7) {
        const row = pick(
          random,
          companyChildren.filter((child) => !child.inLegalEntity),
        );
        const parents = { companyId, legalEntityId: "" };
        const made = await client.post<{ id: string | { id: string } }>(row.collection(parents), {
          body: { ...row.body, ...("externalId" in row.body ? { externalId: `hand-${serial()}` } : {}) },
        });
        const id = typeof made.id === "string" ? made.id : made.id.id;
        const fresh = KITS[row.type as ResourceType].make({
          random,
          serial,
          byName: new Map(),
          companyId,
          groups,
        });
        if (fresh)
          next.resources.push({
            type: row.type as ResourceType,
            name: `adopt-${round}`,
            inputs: { ...fresh.inputs, adoptId: id },
            refs: fresh.refs,
            unknown: [],
          });
      }
      if (deleted) return random() < 0.5 ? "refresh" : "up --refresh";
      if (edited) return pick(random, ["none", "refresh", "up --refresh"] as const);
      return random() < 0.3 ? "up --refresh" : "none";
    }

    /**
     * Changes declared fields of any type by hand: new random values from the type's row, written
     * with the definition's own update (changes that would replace the object are left out).
     */
    async function drift(resource: StateResource): Promise<boolean> {
      const definition = definitions[resource.type];
      const kit = KITS[resource.type];
      const byName = new Map((spec?.resources ?? []).map((r) => [r.name, r]));
      const own = byName.get(resource.name);
      if (!definition || !own) return false;
      const edited = (kit.edit ?? kit.make)({ random, serial, byName, companyId, groups }, own);
      if (!edited) return false;
      // State records keyed lists (options, roles, order) as maps: the definition takes lists.
      const declared = declaredForm(
        definition.capabilities?.diff?.keyedInputs,
        Object.fromEntries(
          Object.entries(resource.inputs).filter(([key]) => !key.startsWith("__") && key !== "adoptId"),
        ),
      );
      const parsed = definition.inputs.safeParse({ ...declared, ...edited.inputs });
      if (!parsed.success) return false;
      const news: Values = parsed.data;
      const changed = Object.keys(news).filter(
        (key) => JSON.stringify(news[key]) !== JSON.stringify(declared[key]),
      );
      const replaces = [
        ...changed.filter((key) => replaceOnOf(definition).includes(key)),
        ...(definition.capabilities?.replacement?.replaceWhen?.rule(declared, news) ?? []),
      ];
      if (changed.length === 0 || replaces.length > 0) return false;
      await definition.update(standaloneContext(client), resource.id, news, declared);
      return true;
    }

    /** Sets a field the resource does not declare and, at random, changes a declared one. */
    async function handEdit(
      round: number,
      resource: StateResource,
      entity: Entity,
      parents: Record<string, string>,
    ): Promise<boolean> {
      const declared = (key: string) => resource.inputs[key] !== undefined;
      const row = companyChildren.find((child) => child.type === resource.type);
      if (row) {
        const path = `${row.collection({ legalEntityId: "", ...parents } as { companyId: string; legalEntityId: string })}${apiPath`/${resource.id}`}`;
        const { id: _id, ...current } = entity;
        for (const key of row.createOnly ?? []) delete current[key];
        const undeclared =
          resource.type === "Grade" ? {} : declared("externalId") ? {} : { externalId: `hand-${serial()}` };
        const dba = resource.type === "LegalEntity" && !declared("dba") ? { dba: `Hand ${round}` } : {};
        const renamed = random() < 0.5 ? { name: `${String(current.name)} (by hand)` } : {};
        const idPart =
          row.idInBody === "wrapped"
            ? { id: { id: resource.id } }
            : row.idInBody === "plain"
              ? { id: resource.id }
              : {};
        await client.put(path, { body: { ...current, ...undeclared, ...dba, ...renamed, ...idPart } });
        return true;
      }
      if (resource.type === "Company" && !declared("externalId")) {
        const { id: _id, ...current } = entity;
        await client.put(apiPath`/v2/companies/${resource.id}`, {
          body: { ...current, externalId: `hand-${serial()}`, id: { id: resource.id } },
        });
        return true;
      }
      if (resource.type === "CustomField") {
        const keep = ["name", "description", "includeLocations", "managementTags", "respondOnlyOnceLevel"];
        const body = Object.fromEntries(Object.entries(entity).filter(([key]) => keep.includes(key)));
        if (!declared("description")) body.description = `Set by hand ${round}`;
        if (!declared("respondOnlyOnceLevel")) body.respondOnlyOnceLevel = "TRIP";
        if (random() < 0.5) body.name = `${String(entity.name)} (by hand)`;
        await client.put(
          apiPath`/v3/companies/${resource.inputs.companyId as string}/custom-fields/${resource.id}`,
          {
            query: { companyRole: "ORG" },
            body: { ...body, id: resource.id },
          },
        );
        return true;
      }
      if (resource.type === "CompanyFeatures") {
        const featuresToUpdate = [{ name: "AUTO_DEACTIVATE_GUEST", value: String(round % 2 === 0) }];
        if (random() < 0.5) featuresToUpdate.push({ name: "FEATURE_PERSONAL_TRAVEL", value: "false" });
        await client.patch(apiPath`/v2/companies/${resource.id}/features`, { body: { featuresToUpdate } });
        return true;
      }
      return false;
    }

    /** Where `up` on the platform differs from the preview's plan; each mismatch a sentence. */
    function compare(
      planned: Plan,
      done: Plan,
      before: { resources: StateResource[]; objects: Map<string, Entity> },
      after: { resources: StateResource[]; objects: Map<string, Entity> },
    ): { mismatches: string[]; undeclared: string[] } {
      const mismatches: string[] = [];
      const undeclared: string[] = [];
      const urns = new Set([...planned.keys(), ...done.keys()]);
      for (const urn of urns) {
        const p = planned.get(urn);
        const d = done.get(urn);
        if (JSON.stringify(p) !== JSON.stringify(d))
          mismatches.push(
            `${urn}: preview planned ${JSON.stringify(p ?? "no change")}, up did ${JSON.stringify(d ?? "no change")}`,
          );
      }
      const moved = new Set(
        [...done].flatMap(([urn, { ops }]) => (ops.some((op) => op !== "update") ? [typeOfUrn(urn)] : [])),
      );
      const owned = new Set(after.resources.map((r) => `${r.type}/${r.id}`));
      for (const [key, entity] of after.objects)
        if (!owned.has(key) && !before.objects.has(key) && deletable(key.split("/")[0] as ResourceType))
          mismatches.push(
            `up left ${key} on the platform, which no resource owns: ${JSON.stringify(entity)}`,
          );
      const oldOf = new Map(before.resources.map((r) => [r.urn, r]));
      const newOf = new Map(after.resources.map((r) => [r.urn, r]));
      for (const urn of new Set([...oldOf.keys(), ...newOf.keys()])) {
        const old = oldOf.get(urn);
        const now = newOf.get(urn);
        const ops = done.get(urn)?.ops ?? [];
        const type = (old ?? now)?.type as ResourceType;
        const was = old && before.objects.get(`${type}/${old.id}`);
        const is = now && after.objects.get(`${type}/${now.id}`);
        if (now && !is) mismatches.push(`${urn}: ${now.id} is not on the platform after up`);
        if (
          old &&
          old.id !== now?.id &&
          deletable(type) &&
          after.objects.has(`${type}/${old.id}`) &&
          !owned.has(`${type}/${old.id}`)
        )
          mismatches.push(`${urn}: ${old.id} is still on the platform after its ${ops.join(",")}`);
        if (ops.length > 0 && !ops.includes("update")) continue; // created, deleted or replaced
        if (!was || !is || old?.id !== now?.id) continue;
        const allowed = new Set(done.get(urn)?.diffs ?? []);
        for (const [key, types] of Object.entries(KITS[type].changedBy ?? {}))
          if (types.some((t) => moved.has(t))) allowed.add(key);
        for (const [key, from] of Object.entries(KITS[type].derivedFrom ?? {}))
          if (allowed.has(from)) allowed.add(key);
        for (const key of new Set([...Object.keys(was), ...Object.keys(is)]))
          if (JSON.stringify(was[key]) !== JSON.stringify(is[key]) && !allowed.has(key))
            undeclared.push(
              `${urn}: ${key} changed from ${JSON.stringify(was[key])} to ${JSON.stringify(is[key])} (step: ${ops.join(",") || "same"})`,
            );
      }
      return { mismatches, undeclared };
    }

    for (let round = 0; round < ROUNDS[host]; round++) {
      it(`round ${round}: preview plans what up does on the platform, then no changes`, async () => {
        if (companyId !== undefined && groups.length === 0)
          groups.push(await createCustomGroup(env.emulator, companyId, "Kit group"));
        // A tenant key rotates at most once an hour (by hand below, then by up).
        env.emulator.admin.clock.advance(2 * 3600 * 1000);
        const next = evolveProgram(random, serial, spec, round, { companyId, groups });
        const resources = await stateResources();
        const mode = round > 0 ? await meddle(round, next, resources) : "none";
        spec = next;
        env.emulator.admin.clock.advance(2 * 3600 * 1000);
        await env.stack.setConfig("property:spec", { value: JSON.stringify(spec) });
        if (mode === "refresh") await env.stack.refresh();
        const refresh = mode === "up --refresh";
        const preview = planRecorder(host);
        await env.stack.preview({ refresh, onEvent: preview.onEvent });
        const before = await stateResources();
        const platformBefore =
          companyId === undefined ? new Map<string, Entity>() : (await platform(before)).objects;
        const up = planRecorder(host);
        // The plugin's last round runs with --debug: the state test below reads its output for secrets.
        const debug = host === "plugin" && round === ROUNDS[host] - 1;
        const result = await env.stack.up({ refresh, onEvent: up.onEvent, debug });
        if (debug) debugUp = result;
        companyId = result.outputs.companyId?.value as string;
        // Adoptions are creates: a later round keeps them as plain resources.
        for (const r of spec.resources) delete r.inputs.adoptId;
        const after = await stateResources();
        const platformAfter = (await platform(after)).objects;
        const { mismatches, undeclared } = compare(
          preview.plan,
          up.plan,
          { resources: before, objects: platformBefore },
          { resources: after, objects: platformAfter },
        );
        covered.programs++;
        // refresh (when the round takes one), preview, up and the second preview
        covered.engineRuns += mode === "refresh" ? 4 : 3;
        covered.operations += up.plan.size;
        covered.checked += new Set([...before, ...after].map((r) => r.urn)).size;
        for (const r of spec.resources) covered.types.add(r.type);
        covered.mismatches += mismatches.length + undeclared.length;
        report.push({
          round,
          mode,
          resources: spec.resources.length,
          changed: up.plan.size,
          summary: result.summary.resourceChanges,
        });
        expect({ mismatches, undeclared }).toEqual({ mismatches: [], undeclared: [] });
        await env.stack.preview({ expectNoChanges: true });
      });
    }

    it("covered every registry type", () => {
      // The first round declares every type it can; user groups (for UserGroupRoles) come in round 1.
      expect(ROUNDS[host]).toBeGreaterThanOrEqual(2);
      expect([...covered.types].sort()).toEqual(Object.keys(KITS).sort());
    });

    // Only the plugin host keeps a state of its own shape; the dynamic host has no such test.
    if (host === "plugin")
      it("the plugin's state: no __provider, at most 1.5 KB a resource, no secret in plaintext; its requests kept the vendor's contract", async () => {
        // Every request the recorder saw came from the plugin: the test's own client goes to the emulator.
        expect(env.recorder.checked).toBeGreaterThan(0);
        expect(env.recorder.violations).toEqual([]);
        // The last round's up (with refresh when its round took one), run with --debug.
        const up = debugUp;
        if (up === undefined) throw new Error("the last round did not run its up --debug");
        const shown = (await env.stack.exportStack()) as unknown as StackExport;
        const exported = await pulumi(env, ["stack", "export", "--show-secrets=false"]);
        expect(exported.code, exported.output).toBe(0);
        const travel = ((JSON.parse(exported.output) as StackExport).deployment.resources ?? []).filter(
          (resource) => resource.type.startsWith(prefix),
        );
        expect(new Set(travel.map((resource) => resource.type.slice(prefix.length))).size).toBeGreaterThan(
          10,
        );
        expect(travel.filter((resource) => JSON.stringify(resource).includes("__provider"))).toEqual([]);
        const average = travel.reduce((sum, resource) => sum + resourceBytes(resource), 0) / travel.length;
        console.log(
          `plugin state: ${travel.length} travel resources, ${Math.round(average)} bytes each on average`,
        );
        expect(average).toBeLessThanOrEqual(1536);
        // The secrets: the stack's travel:clientSecret and every value the state holds as a secret.
        const secrets = new Set([env.emulator.bootstrap.clientSecret, ...secretPlaintexts(shown)]);
        const apiUsers = (shown.deployment.resources ?? []).filter((r) => r.type === `${prefix}ApiUser`);
        expect(apiUsers.length).toBeGreaterThan(0);
        // The plugin kept each API user's clientSecret a secret: it is one of the values checked below.
        for (const user of apiUsers) expect(user.outputs?.clientSecret).toMatchObject({ [SIG]: SECRET_SIG });
        const texts = { export: exported.output, "up --debug": up.stdout + up.stderr };
        for (const [where, text] of Object.entries(texts))
          expect({ where, plaintext: [...secrets].filter((secret) => text.includes(secret)) }).toEqual({
            where,
            plaintext: [],
          });
      });
  },
);
