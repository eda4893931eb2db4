/**
 * Seeded random Pulumi programs over every type of the resource registry, for the plan-fidelity
 * property test (`test/e2e/plan-fidelity-property.test.ts`). A program is data ({@link ProgramSpec}):
 * resources with literal inputs, inputs taken from other resources' outputs, and inputs passed
 * through an output that is unknown at preview. {@link KITS} holds one row per registry type (the
 * type `Record<ResourceType, ...>` makes a missing row a compile error, and the test fails on one),
 * so a new type cannot stay out of the property test.
 */
import { generateKeyPairSync } from "node:crypto";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import type { Values } from "../../src/provider/model/definition";
import { comparable, normalizingSchema } from "../../src/provider/model/normalize";
import { definitions, type ResourceType } from "../../src/resources/registry";
import { TRAVEL_BY_HOST } from "./plugin-classes";

/** An output of another resource of the program: its name and the output's name. */
export type Ref = readonly [string, string];

/** One resource of a program. */
export interface ResourceSpec {
  type: ResourceType;
  name: string;
  /** Literal inputs. */
  inputs: Values;
  /** Inputs taken from other resources' outputs (a list of refs makes an array input). */
  refs: Record<string, Ref | Ref[]>;
  /** Literal inputs passed through an output that is unknown at preview (the round's anchor). */
  unknown: string[];
}

/** A whole program: its resources in declaration order, parents first. */
export interface ProgramSpec {
  /** The resource whose `id` is unknown at preview (created in every round). */
  anchor: string;
  resources: ResourceSpec[];
}

/**
 * The program that runs a {@link ProgramSpec} read from the stack config `spec`, on the host the
 * stack config `host` names (test/support/plugin-classes.ts).
 */
export const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
const spec = JSON.parse(new pulumi.Config().require("spec"));
const made = {};
const output = ([name, key]) => made[name][key];
for (const r of spec.resources) {
  const args = { ...r.inputs };
  for (const [key, ref] of Object.entries(r.refs))
    args[key] = typeof ref[0] === "string" ? output(ref) : pulumi.all(ref.map(output));
  for (const key of r.unknown) {
    const value = args[key];
    args[key] = made[spec.anchor].id.apply(() => value);
  }
  made[r.name] = new travel[r.type](r.name, args);
}
exports.companyId = made.co.companyId;
`;

/** What a generator sees: the random source, the program so far and the world outside it. */
export interface Gen {
  random: () => number;
  /** A number unique in the run, for names. */
  serial(): number;
  /** The resources of the program being built, by name. */
  byName: ReadonlyMap<string, ResourceSpec>;
  /** The company's id once it exists (round 1 on), and user groups made through the API. */
  companyId: string | undefined;
  groups: readonly string[];
}

/** One registry type's row: how to declare a resource of it at random. */
export interface TypeKit {
  /** Most resources of the type one program holds (singletons: 1). */
  max: number;
  /** Inputs and refs of a new resource, or undefined when the program cannot hold one now. */
  make(g: Gen): Pick<ResourceSpec, "inputs" | "refs"> | undefined;
  /**
   * New inputs for an existing resource: random optional fields, changes that update in place and
   * changes that replace. Default: {@link make}'s inputs with the refs kept.
   */
  edit?(g: Gen, spec: ResourceSpec): Pick<ResourceSpec, "inputs" | "refs"> | undefined;
  /**
   * Platform fields of the type's object that change when a step creates, replaces or deletes a
   * resource of another type (the checkout order lists every custom field, new ones last), so the
   * property test does not count them as undeclared changes.
   */
  changedBy?: Record<string, ResourceType[]>;
  /**
   * Fields the type's inventory computes from another of its fields rather than reads off the
   * platform (the unique names of a group's roles, which `export` writes), by the field they follow:
   * they may change wherever that field may.
   */
  derivedFrom?: Record<string, string>;
  /** Whether `spec` is still valid in the program (a reference the program no longer allows). */
  valid?(spec: ResourceSpec, byName: ReadonlyMap<string, ResourceSpec>): boolean;
}

/** A random element of `items`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const maybe = (g: Gen, p: number, value: Values): Values => (g.random() < p ? value : {});
const CO: Ref = ["co", "companyId"];
const address = { addressLines: ["1 Main Street"], regionCode: "US" };
const namesOf = (g: Gen, type: ResourceType) => [...g.byName.values()].filter((r) => r.type === type);
const idOf = (type: ResourceType): string =>
  ({ LegalEntity: "legalEntityId", CustomField: "customFieldId", Arm: "armId" })[type as string] ?? "id";

/** Three RSA keys, made once: the partner keys of the programs choose among them. */
const RSA_KEYS = Array.from({ length: 3 }, () => {
  const { n, e } = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" });
  return { n: String(n), e: String(e) };
});

const USER_MANUAL = { type: "USER", userOptionSource: { type: "MANUAL" } };

/** Every registry type's row. */
export const KITS: Record<ResourceType, TypeKit> = {
  Company: {
    max: 1,
    make: (g) => ({
      inputs: {
        name: `Property Co ${pick(g.random, ["one", "two"])}`,
        billingCurrency: pick(g.random, ["USD", "EUR"]),
        ...maybe(g, 0.4, { emailDomains: [`${pick(g.random, ["a", "b"])}.example`] }),
      },
      refs: {},
    }),
  },
  CompanyFeatures: {
    max: 1,
    make: (g) => ({
      inputs: {
        features: {
          FEATURE_PERSONAL_TRAVEL: pick(g.random, ["true", "false"]),
          ...maybe(g, 0.5, { HIDE_SHERPA_VISA_WIDGET: pick(g.random, ["true", "false"]) }),
        },
      },
      refs: { companyId: CO },
    }),
  },
  CompanyConfig: {
    max: 1,
    make: (g) => ({
      inputs: {
        kind: "travel-content",
        config: { airConfig: g.random() < 0.5 ? {} : { fareCategoryFilter: [] } },
      },
      refs: { companyId: CO },
    }),
  },
  PerTripServiceCharge: {
    max: 1,
    make: (g) => ({
      inputs: { config: { charges: [{ amount: 1 + Math.floor(g.random() * 3), currencyCode: "USD" }] } },
      refs: { companyId: CO },
    }),
  },
  LegalEntity: {
    max: 3,
    make: (g) => ({
      inputs: {
        name: `Entity ${g.serial()}`,
        billingCurrency: pick(g.random, ["USD", "GBP"]),
        address,
        ...maybe(g, 0.4, { dba: `Trading ${g.serial()}` }),
        ...maybe(g, 0.4, { externalId: `le-${g.serial()}` }),
      },
      refs: { companyId: CO },
    }),
  },
  Office: {
    max: 2,
    make(g) {
      const entities = namesOf(g, "LegalEntity");
      if (entities.length === 0) return undefined;
      // A move to another legal entity replaces the office.
      const entity = pick(g.random, entities).name;
      return {
        inputs: { name: `Office ${g.serial()}`, ...maybe(g, 0.4, { externalId: `of-${g.serial()}` }) },
        refs: { companyId: CO, legalEntityId: [entity, idOf("LegalEntity")] },
      };
    },
  },
  CostCenter: {
    max: 3,
    make: (g) => ({
      inputs: {
        name: `Cost center ${g.serial()}`,
        ...maybe(g, 0.4, { externalId: `cc-${g.serial()}` }),
        // Create-only: a change replaces the cost center.
        ...maybe(g, 0.4, { numberOfEmployees: Math.floor(g.random() * 3) }),
      },
      refs: { companyId: CO },
    }),
  },
  Department: {
    max: 2,
    make: (g) => ({
      inputs: { name: `Department ${g.serial()}`, ...maybe(g, 0.4, { externalId: `dep-${g.serial()}` }) },
      refs: { companyId: CO },
    }),
  },
  Grade: {
    max: 3,
    make: (g) => ({ inputs: { name: `Grade ${g.serial()}` }, refs: { companyId: CO } }),
  },
  CustomField: {
    max: 3,
    make: (g) => ({
      inputs: {
        name: `Field ${g.serial()}`,
        enabled: g.random() < 0.5,
        ...maybe(g, 0.4, { description: `About ${g.serial()}` }),
        ...maybe(g, 0.3, { respondOnlyOnceLevel: "TRIP" }),
      },
      refs: { companyId: CO },
    }),
  },
  Arm: {
    max: 3,
    make(g) {
      const fields = namesOf(g, "CustomField");
      if (fields.length === 0) return undefined;
      return {
        inputs: {
          name: `Arm ${g.serial()}`,
          // Switching to or from USER + MANUAL replaces the arm.
          action: g.random() < 0.7 ? USER_MANUAL : { type: "AUTO", value: `auto ${g.serial()}` },
          ...(g.companyId === undefined
            ? {}
            : maybe(g, 0.4, { audiences: [{ predicates: [{ type: "COMPANY", id: g.companyId }] }] })),
        },
        refs: { companyId: CO, customFieldId: [pick(g.random, fields).name, idOf("CustomField")] },
      };
    },
    edit(g, spec) {
      const made = KITS.Arm.make(g);
      return made && { inputs: made.inputs, refs: spec.refs };
    },
  },
  OptionGroup: {
    max: 2,
    make(g) {
      const taken = new Set(namesOf(g, "OptionGroup").map((group) => (group.refs.optionGroupId as Ref)[0]));
      const arms = namesOf(g, "Arm").filter((arm) => isManual(arm) && !taken.has(arm.name));
      if (arms.length === 0) return undefined;
      const arm = pick(g.random, arms);
      return {
        inputs: { options: randomOptions(g) },
        refs: { ...arm.refs, optionGroupId: [arm.name, "optionGroupId"] },
      };
    },
    edit: (g, spec) => ({ inputs: { options: randomOptions(g) }, refs: spec.refs }),
    valid(spec, byName) {
      const arm = byName.get((spec.refs.optionGroupId as Ref)[0]);
      return arm !== undefined && isManual(arm);
    },
  },
  CustomFieldOrder: {
    max: 1,
    changedBy: { fieldIds: ["CustomField"] },
    make(g) {
      const fields = namesOf(g, "CustomField").map((field): Ref => [field.name, idOf("CustomField")]);
      if (fields.length === 0) return undefined;
      return { inputs: {}, refs: { companyId: CO, fieldIds: shuffled(g, fields) } };
    },
  },
  UserGroupRoles: {
    max: 1,
    make(g) {
      if (g.groups.length === 0 || g.companyId === undefined) return undefined;
      const roles = shuffled(g, PLATFORM_ROLES.slice(0, 3))
        .slice(0, 1 + Math.floor(g.random() * 2))
        .map((role) => ({
          roleId: role.id,
          ...maybe(g, 0.4, {
            scope: { audiences: [{ predicates: [{ type: "COMPANY", id: g.companyId }] }] },
          }),
        }));
      return { inputs: { groupId: pick(g.random, g.groups), roles }, refs: { companyId: CO } };
    },
    derivedFrom: { uniqueRoleNames: "roles" },
  },
  ApiUser: {
    max: 2,
    make: (g) =>
      g.random() < 0.5
        ? { inputs: { ...maybe(g, 0.5, { rotation: `r${g.serial()}` }) }, refs: {} }
        : { inputs: { role: "COMPANY_ADMIN" }, refs: { orgId: CO } },
  },
  PartnerPublicKey: {
    max: 2,
    make(g) {
      const used = new Set(namesOf(g, "PartnerPublicKey").map((key) => JSON.stringify(key.inputs.jwk)));
      const free = RSA_KEYS.filter((key) => !used.has(JSON.stringify(key)));
      if (free.length === 0) return undefined;
      return { inputs: { kid: `kid-${g.serial()}`, jwk: pick(g.random, free) }, refs: { companyId: CO } };
    },
  },
  TenantKey: {
    max: 1,
    make: (g) => ({ inputs: { ...maybe(g, 0.5, { rotation: `r${g.serial()}` }) }, refs: { companyId: CO } }),
  },
};

function isManual(arm: ResourceSpec): boolean {
  return JSON.stringify(arm.inputs.action) === JSON.stringify(USER_MANUAL);
}

function randomOptions(g: Gen): Values[] {
  const names = shuffled(g, ["P-100", "P-200", "P-300", "P-400", "P-500", "P-600"]);
  return names
    .slice(0, 1 + Math.floor(g.random() * 4))
    .map((name) => ({ name, ...maybe(g, 0.3, { description: `${name} help` }) }));
}

function shuffled<T>(g: Gen, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(g.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The refs of `spec`, flattened. */
export function refsOf(spec: ResourceSpec): Ref[] {
  return Object.values(spec.refs).flatMap((ref) =>
    typeof ref[0] === "string" ? [ref as Ref] : (ref as Ref[]),
  );
}

/** What the program generator knows of the platform: the company once made, its user groups. */
export interface World {
  companyId: string | undefined;
  groups: readonly string[];
}

/** Literal keys of `inputs` that differ from `before` (all of them for a new resource). */
/**
 * The literal inputs of a `type` that differ from `before` as the provider compares them
 * (`normalize.ts`: unordered arrays as sets, an omitted empty value as its explicit form), so an
 * input passed through an unknown output really changes and preview's planned update is up's.
 */
function changedKeys(type: ResourceType, inputs: Values, before: Values | undefined): string[] {
  const definition = definitions[type];
  const both =
    before !== undefined && definition !== undefined
      ? comparable(normalizingSchema(definition, inputs), before, inputs)
      : { olds: before ?? {}, news: inputs };
  return Object.keys(inputs).filter(
    (key) => JSON.stringify(both.news[key]) !== JSON.stringify(both.olds[key]),
  );
}

/**
 * The next program: the company kept or edited, a new anchor, each other resource kept, edited
 * (random fields, which may replace it) or removed, new resources of random types, and resources
 * whose references the program no longer holds removed. Some changed literal inputs are passed
 * through the anchor, so they are unknown at preview.
 */
export function evolveProgram(
  random: () => number,
  serial: () => number,
  previous: ProgramSpec | undefined,
  round: number,
  world: World,
): ProgramSpec {
  const byName = new Map<string, ResourceSpec>();
  const g: Gen = { random, serial, byName, ...world };
  const place = (spec: ResourceSpec) => byName.set(spec.name, spec);
  const withUnknown = (spec: Omit<ResourceSpec, "unknown">, before: Values | undefined): ResourceSpec => ({
    ...spec,
    unknown: changedKeys(spec.type, spec.inputs, before).filter(() => random() < 0.3),
  });
  const oldCompany = previous?.resources.find((r) => r.name === "co");
  const company =
    oldCompany && random() < 0.7
      ? oldCompany
      : { type: "Company" as const, name: "co", ...KITS.Company.make(g) };
  place({ ...(company as ResourceSpec), unknown: [] });
  const anchor = `anchor-${round}`;
  place({
    type: "Grade",
    name: anchor,
    inputs: { name: `Anchor ${round}` },
    refs: { companyId: CO },
    unknown: [],
  });
  for (const old of previous?.resources ?? []) {
    if (old.name === "co" || old.name.startsWith("anchor-")) continue;
    const roll = random();
    if (roll < 0.15) continue;
    const kit = KITS[old.type];
    const edited = roll < 0.5 ? (kit.edit ?? kit.make)(g, old) : undefined;
    place(
      edited
        ? withUnknown({ type: old.type, name: old.name, ...edited }, old.inputs)
        : { ...old, unknown: [] },
    );
  }
  for (const [type, kit] of Object.entries(KITS) as [ResourceType, TypeKit][]) {
    // A type the program lacks is added whenever it can be, so every type is in the first rounds.
    const count = [...byName.values()].filter((r) => r.type === type).length;
    if (type === "Company" || count >= kit.max || (count > 0 && random() < 0.6)) continue;
    const made = kit.make(g);
    if (made) place(withUnknown({ type, name: `r${round}-${serial()}`, ...made }, undefined));
  }
  return { anchor, resources: pruned(byName) };
}

/** The resources of `byName` whose references all resolve, dropping references to removed ones from lists. */
function pruned(byName: Map<string, ResourceSpec>): ResourceSpec[] {
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, spec] of byName) {
      const refs = Object.fromEntries(
        Object.entries(spec.refs).map(([key, ref]) => [
          key,
          typeof ref[0] === "string" ? ref : (ref as Ref[]).filter(([target]) => byName.has(target)),
        ]),
      );
      const next = { ...spec, refs };
      const broken =
        refsOf(next).some(([target]) => !byName.has(target)) ||
        Object.values(refs).some((ref) => ref.length === 0) ||
        KITS[spec.type].valid?.(next, byName) === false;
      if (broken) byName.delete(name);
      else byName.set(name, next);
      changed ||= broken;
    }
  }
  return [...byName.values()];
}
