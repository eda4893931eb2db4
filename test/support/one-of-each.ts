/**
 * One resource of each registered type, against a running emulator: its inputs under a fresh
 * company (parents made through the API), a change that makes `update` write, the write whose
 * answer a fault kit loses, and how many of its objects the platform holds. A test that walks the
 * registry fails for a type without a row here, so a new type cannot skip the kits.
 */
import { generateKeyPairSync } from "node:crypto";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import type { RecordKind } from "../../src/emulator/core/record-kind";
import { CUSTOM_FIELD_ARMS, CUSTOM_FIELDS } from "../../src/emulator/custom-fields/records";
import { PARTNER_KEYS, TENANT_KEYS } from "../../src/emulator/keys/records";
import {
  COMPANIES,
  COMPANY_CONFIGS,
  COST_CENTERS,
  DEPARTMENTS,
  GRADES,
  LEGAL_ENTITIES,
  OFFICES,
} from "../../src/emulator/org/records";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import type { Values } from "../../src/provider/model/definition";
import { listClientIds } from "../../src/resources/api-user";
import { companyChildren } from "./company-children";
import { createCustomGroup } from "./live-emulator";

/** What a row works with. */
export interface KitEnv {
  emulator: RunningEmulator;
  client: TravelClient;
  /** A company made for this row's test alone. */
  companyId: string;
}

/** A call, as an emulator fault rule matches it. */
export interface Route {
  methods: string[];
  path: string;
}

/** One type's row. */
export interface OneOfType {
  /** Inputs of one resource of the type, its parents made first. */
  inputs(env: KitEnv): Promise<Values>;
  /** Inputs after a change that `update` applies in place; undefined when every input replaces. */
  change?(inputs: Values): Values;
  /** Before the change applies (a cooldown to wait out). */
  beforeChange?(env: KitEnv): void;
  /** The first write of each operation (default: any POST, PUT, PATCH or DELETE). */
  writes?: { create?: Route; update?: Route; delete?: Route };
  /** Whether delete removes the object from the platform (false: a setting the platform keeps). */
  deleteRemoves: boolean;
  /** How many objects of this resource the platform holds (a duplicate shows as 2). */
  held(env: KitEnv, inputs: Values): Promise<number>;
  /** Calls that change a secret or key (rotations), to prove none is repeated. */
  rotations?(env: KitEnv): number;
}

/** Every write method: the first write of an operation is the one a kit's fault loses. */
export const ANY_WRITE: Route = { methods: ["POST", "PUT", "PATCH", "DELETE"], path: "/**" };

/**
 * The route of a row's create in a run where every row has a company of its own: the row's own
 * route when its path names no company (`/v2/api-users`), else its methods on any path that names
 * the row's company.
 */
export function createRouteUnder(row: OneOfType, companyId: string): Route {
  const route = row.writes?.create ?? ANY_WRITE;
  return route.path.includes("*") ? { methods: route.methods, path: `/**${companyId}**` } : route;
}

const address = { addressLines: ["1 Main Street"], regionCode: "US" };

const storedUnder = <T>(env: KitEnv, kind: RecordKind<T>, match: (record: T) => boolean = () => true) =>
  env.emulator.context.store.records(kind).of(env.companyId).values().filter(match).length;

/** Calls to `path` the platform carried out: answered 200, or committed with the answer dropped (0). */
const rotationCalls = (env: KitEnv, path: string) =>
  env.emulator.admin
    .requests(0)
    .filter((r) => r.method === "POST" && r.path === path && (r.status === 200 || r.status === 0)).length;

async function customField(env: KitEnv, name: string): Promise<string> {
  const { id } = await env.client.post<{ id: string }>(
    apiPath`/v3/companies/${env.companyId}/custom-fields`,
    { query: { companyRole: "ORG" }, body: { name } },
  );
  return id;
}

function childRow<T>(type: string, kind: RecordKind<T>): OneOfType {
  const row = companyChildren.find((child) => child.type === type);
  if (!row) throw new Error(`no company-children row for ${type}`);
  return {
    async inputs(env) {
      const parents: Values = { companyId: env.companyId };
      if (row.inLegalEntity) {
        const entity = await env.client.post<{ id: string }>(
          apiPath`/v2/companies/${env.companyId}/legal-entities`,
          { body: { name: "Parent", billingCurrency: "USD", address } },
        );
        parents.legalEntityId = entity.id;
      }
      return { ...parents, ...row.body };
    },
    change: (inputs) => ({ ...inputs, ...row.edit }),
    deleteRemoves: true,
    held: async (env) => storedUnder(env, kind),
  };
}

/** Every type's row, by type name. */
export const oneOfEach: Record<string, OneOfType> = {
  Company: {
    inputs: async () => ({ name: `Kit Co ${Math.random()}`, billingCurrency: "USD", companyRoles: ["ORG"] }),
    change: (inputs) => ({ ...inputs, billingCurrency: "EUR" }),
    writes: { create: { methods: ["POST"], path: "/v2/companies" } },
    deleteRemoves: true,
    held: async (env, inputs) =>
      env.emulator.context.store
        .records(COMPANIES)
        .values()
        .filter((company) => company.name === inputs.name).length,
  },
  LegalEntity: childRow("LegalEntity", LEGAL_ENTITIES),
  Office: childRow("Office", OFFICES),
  CostCenter: childRow("CostCenter", COST_CENTERS),
  Department: childRow("Department", DEPARTMENTS),
  Grade: childRow("Grade", GRADES),
  CompanyConfig: {
    inputs: async (env) => ({ companyId: env.companyId, kind: "travel-content", config: { airConfig: {} } }),
    // A change the vendor's TravelContentConfig accepts (it has `airConfig` only).
    change: (inputs) => ({ ...inputs, config: { airConfig: { fareCategoryFilter: [] } } }),
    deleteRemoves: true,
    held: async (env) => storedUnder(env, COMPANY_CONFIGS, (record) => record.kind === "travelContent"),
  },
  CompanyFeatures: {
    inputs: async (env) => ({ companyId: env.companyId, features: { FEATURE_PERSONAL_TRAVEL: "true" } }),
    change: (inputs) => ({ ...inputs, features: { FEATURE_PERSONAL_TRAVEL: "false" } }),
    deleteRemoves: true,
    held: async (env) => {
      const { features } = await env.client.get<{ features: { name: string }[] }>(
        apiPath`/v2/companies/${env.companyId}/features`,
      );
      return features.filter((feature) => feature.name === "FEATURE_PERSONAL_TRAVEL").length;
    },
  },
  PerTripServiceCharge: {
    inputs: async (env) => ({
      companyId: env.companyId,
      config: { charges: [{ amount: 5, currencyCode: "USD" }] },
    }),
    change: (inputs) => ({ ...inputs, config: { charges: [{ amount: 7, currencyCode: "USD" }] } }),
    deleteRemoves: false,
    held: async (env) =>
      storedUnder(env, COMPANY_CONFIGS, (record) => record.kind === "perTripServiceCharge"),
  },
  CustomField: {
    inputs: async (env) => ({ companyId: env.companyId, name: "Project code", enabled: true }),
    change: (inputs) => ({ ...inputs, description: "Which project pays" }),
    deleteRemoves: true,
    held: async (env) => storedUnder(env, CUSTOM_FIELDS),
  },
  Arm: {
    inputs: async (env) => ({
      companyId: env.companyId,
      customFieldId: await customField(env, "Arm field"),
      name: "Everyone",
      action: { type: "USER", userOptionSource: { type: "MANUAL" } },
    }),
    change: (inputs) => ({ ...inputs, name: "All travelers" }),
    deleteRemoves: true,
    held: async (env) => storedUnder(env, CUSTOM_FIELD_ARMS),
  },
  OptionGroup: {
    async inputs(env) {
      const customFieldId = await customField(env, "Options field");
      const arm = await env.client.post<{ optionGroupId: string }>(
        apiPath`/v3/companies/${env.companyId}/custom-fields/${customFieldId}/arms`,
        {
          body: {
            name: "Pick",
            audiences: [],
            action: { type: "USER", userOptionSource: { type: "MANUAL" } },
          },
        },
      );
      return {
        companyId: env.companyId,
        customFieldId,
        optionGroupId: arm.optionGroupId,
        options: [{ name: "P-100" }],
      };
    },
    change: (inputs) => ({ ...inputs, options: [{ name: "P-100" }, { name: "P-200" }] }),
    writes: { create: { methods: ["PATCH"], path: "/**" }, update: { methods: ["PATCH"], path: "/**" } },
    deleteRemoves: true,
    held: async (env, inputs) => {
      const group = await env.client.get<{ options: { name: string }[] }>(
        apiPath`/v3/companies/${env.companyId}/custom-fields/${String(inputs.customFieldId)}/option-groups/${String(inputs.optionGroupId)}`,
      );
      return group.options.some((option) => option.name === "P-100") ? 1 : 0;
    },
  },
  CustomFieldOrder: {
    inputs: async (env) => ({
      companyId: env.companyId,
      fieldIds: [await customField(env, "Second"), await customField(env, "First")].reverse(),
    }),
    change: (inputs) => ({ ...inputs, fieldIds: [...(inputs.fieldIds as string[])].reverse() }),
    writes: {
      create: { methods: ["POST"], path: "/v3/companies/*/custom-fields/reorder" },
      update: { methods: ["POST"], path: "/v3/companies/*/custom-fields/reorder" },
    },
    deleteRemoves: false,
    held: async () => 1,
  },
  UserGroupRoles: {
    inputs: async (env) => ({
      companyId: env.companyId,
      groupId: await createCustomGroup(env.emulator, env.companyId, "Kit group"),
      roles: [{ roleId: PLATFORM_ROLES[0].id }],
    }),
    change: (inputs) => ({
      ...inputs,
      roles: [{ roleId: PLATFORM_ROLES[0].id }, { roleId: PLATFORM_ROLES[1].id }],
    }),
    writes: {
      create: { methods: ["PATCH"], path: "/**" },
      update: { methods: ["PATCH"], path: "/**" },
      delete: { methods: ["PATCH"], path: "/**" },
    },
    deleteRemoves: true,
    held: async (env, inputs) => {
      const { roles } = await env.client.post<{ roles: { id: string }[] }>(
        apiPath`/v3/companies/${env.companyId}/user-groups/${String(inputs.groupId)}/roles`,
        { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
      );
      return roles.some((role) => role.id === PLATFORM_ROLES[0].id) ? 1 : 0;
    },
  },
  ApiUser: {
    inputs: async () => ({ rotation: "r0" }),
    change: (inputs) => ({ ...inputs, rotation: "r1" }),
    writes: { create: { methods: ["POST"], path: "/v2/api-users" } },
    deleteRemoves: true,
    // The bootstrap admin is the one user no test made.
    held: async (env) =>
      (await listClientIds(env.client)).filter((id) => id !== env.emulator.bootstrap.clientId).length,
    rotations: (env) => rotationCalls(env, "/v2/api-users/rotate"),
  },
  PartnerPublicKey: {
    async inputs(env) {
      const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const { n, e } = publicKey.export({ format: "jwk" });
      return { companyId: env.companyId, kid: "kit-key", jwk: { n, e } };
    },
    deleteRemoves: true,
    held: async (env) => storedUnder(env, PARTNER_KEYS, (key) => key.status === "ACTIVE"),
  },
  TenantKey: {
    inputs: async (env) => ({ companyId: env.companyId }),
    change: (inputs) => ({ ...inputs, rotation: "r1" }),
    beforeChange: (env) => env.emulator.admin.clock.advance(3600 * 1000),
    deleteRemoves: false,
    held: async (env) => storedUnder(env, TENANT_KEYS),
    // Rotations after the provisioning (cmkVersion 1).
    rotations: (env) =>
      Math.max(0, (env.emulator.context.store.records(TENANT_KEYS).get(env.companyId)?.cmkVersion ?? 1) - 1),
  },
};
