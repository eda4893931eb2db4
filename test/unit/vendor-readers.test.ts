/**
 * Every response reader checked against the vendor's response schema: walked
 * together with the schema of the answer it reads, each reader ignores unknown properties (never
 * a strict object), takes every enum value the vendor documents, and requires only what the vendor
 * requires, unless it declares a fallback (a zod default standing in for an omitted value, or a
 * fallback named in FALLBACKS and recorded in docs/api-decisions.md). Every exported
 * `*ResponseSchema` of src/schemas is a reader here or names why it has no vendor schema.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { itemsUnder, listedItemSchema } from "../../src/client";
import { vendorDocument, type VendorDocumentName } from "../../src/contract/vendor-documents";
import * as apiUser from "../../src/schemas/api-user";
import { entityIdSchema } from "../../src/schemas/common";
import { companyResponseSchema } from "../../src/schemas/company";
import { featureConfigsSchema } from "../../src/schemas/features";
import { listGradesResponseSchema } from "../../src/schemas/grade";
import { offsetPaginationResponseSchema } from "../../src/schemas/pagination";
import { partnerPublicKeysResponseSchema } from "../../src/schemas/partner-public-key";
import { listPreferenceTiersResponseSchema } from "../../src/schemas/preference-tiers";
import {
  getCompanyPerTripSrvChargeResponseSchema,
  listServiceChargesResponseSchema,
} from "../../src/schemas/service-charge";
import { tenantKeyResponseSchema } from "../../src/schemas/tenant-key";

type JsonSchema = Record<string, unknown>;

/** A reader and the vendor component it reads. */
interface Reader {
  name: string;
  schema: z.ZodType;
  document: VendorDocumentName;
  component: string;
}

const READERS: Reader[] = [
  { name: "company", schema: companyResponseSchema, document: "company", component: "Company" },
  { name: "created id", schema: entityIdSchema, document: "company", component: "EntityId" },
  {
    name: "listing of references (list shapes offsetQuery, pageNumberQuery)",
    schema: itemsUnder("elements", listedItemSchema).page,
    document: "company",
    component: "ArrayOfReference",
  },
  {
    name: "v3 cost center listing (listPosted)",
    schema: itemsUnder("costCenters", listedItemSchema).page,
    document: "company",
    component: "ListCostCentersResponse",
  },
  {
    name: "v3 department listing (listPosted)",
    schema: itemsUnder("departments", listedItemSchema).page,
    document: "company",
    component: "ListDepartmentsResponse",
  },
  {
    name: "office listing (listPosted)",
    schema: itemsUnder("offices", listedItemSchema).page,
    document: "company",
    component: "ListOfficesV2Response",
  },
  {
    name: "paging totals",
    schema: offsetPaginationResponseSchema,
    document: "company",
    component: "OffsetBasedPaginationResponseParams",
  },
  {
    name: "API user create",
    schema: apiUser.createApiUserResponseSchema,
    document: "auth",
    component: "CreateApiUsersResponse",
  },
  {
    name: "API user rotation",
    schema: apiUser.rotateApiUserResponseSchema,
    document: "auth",
    component: "RotateClientSecretResponse",
  },
  {
    name: "API user listing",
    schema: apiUser.listApiUsersResponseSchema,
    document: "auth",
    component: "GetApiUsersResponse",
  },
  {
    name: "partner key listing",
    schema: partnerPublicKeysResponseSchema,
    document: "company",
    component: "ListPartnerPublicKeysResponse",
  },
  {
    name: "partner key add",
    schema: partnerPublicKeysResponseSchema,
    document: "company",
    component: "AddPartnerPublicKeyResponse",
  },
  { name: "features", schema: featureConfigsSchema, document: "company", component: "FeatureConfigs" },
  {
    name: "tenant key",
    schema: tenantKeyResponseSchema,
    document: "company",
    component: "ProvisionOrRotateTenantKeyResponse",
  },
  {
    name: "per-trip service charge",
    schema: getCompanyPerTripSrvChargeResponseSchema,
    document: "company",
    component: "GetCompanyPerTripSrvChargeResponse",
  },
  {
    name: "service charges",
    schema: listServiceChargesResponseSchema,
    document: "company",
    component: "ListServiceChargesResponse",
  },
  { name: "grades", schema: listGradesResponseSchema, document: "company", component: "ListGradesResponse" },
  {
    name: "preference tiers",
    schema: listPreferenceTiersResponseSchema,
    document: "company",
    component: "ListPreferenceTiersResponse",
  },
];

/**
 * Properties a reader requires though the vendor marks them optional, with the fallback that
 * stands in (recorded in docs/api-decisions.md, "Readers and the vendor's response schemas").
 */
const FALLBACKS: Record<string, string> = {
  "listing of references (list shapes offsetQuery, pageNumberQuery).elements[].id": "an item without an id",
  "v3 cost center listing (listPosted).costCenters[].id": "an item without an id",
  "v3 department listing (listPosted).departments[].id": "an item without an id",
  "office listing (listPosted).offices[].id": "an item without an id",
  "created id.id": "a create answered without an id",
  "company.id": "a company answered without an id",
};

/**
 * Exported `*ResponseSchema`s that are no reader here: on routes the vendor does not document
 * (custom fields, RBAC, trips, car), or read by no code (the office listing is read through
 * `listPosted`, checked above as "office listing").
 */
const UNDOCUMENTED = new Set([
  "listOfficesV2ResponseSchema",
  "customFieldListResponseSchema",
  "rolesResponseSchema",
  "groupRolesResponseSchema",
  "tripListResponseSchema",
  "carSearchResponseSchema",
  "carModifyBookResponseSchema",
  "carCancelResponseSchema",
  "customFieldUserResponseSchema",
]);

interface ZodDef {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  in?: z.ZodType;
  out?: z.ZodType;
}
const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** The schema under wrappers, and whether an omitted value is accepted (optional or defaulted). */
function unwrap(schema: z.ZodType): { core: z.ZodType; omittable: boolean } {
  let core = schema;
  let omittable = false;
  for (;;) {
    const def = defOf(core);
    if (["optional", "default", "prefault"].includes(def.type)) omittable = true;
    if (
      ["optional", "nullable", "default", "prefault", "readonly", "catch"].includes(def.type) &&
      def.innerType
    )
      core = def.innerType;
    else if (def.type === "pipe" && def.in)
      core = defOf(def.in).type === "transform" && def.out ? def.out : def.in;
    else return { core, omittable };
  }
}

/** The vendor schema with `$ref` resolved and `allOf` merged. */
function resolve(document: VendorDocumentName, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref === "string") {
    const name = ref.split("/").pop() ?? "";
    const components = (
      vendorDocument(document) as unknown as { components: { schemas: Record<string, JsonSchema> } }
    ).components.schemas;
    return resolve(document, components[name] ?? {});
  }
  const allOf = schema.allOf as JsonSchema[] | undefined;
  if (!allOf) return schema;
  const parts = allOf.map((part) => resolve(document, part));
  return {
    type: "object",
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
    required: parts.flatMap((part) => (part.required as string[] | undefined) ?? []),
  };
}

/** The ways `schema` refuses an answer `vendor` allows, at `path`. */
function problems(reader: Reader, schema: z.ZodType, vendor: JsonSchema, path: string): string[] {
  const found: string[] = [];
  const { core } = unwrap(schema);
  const def = defOf(core);
  const resolved = resolve(reader.document, vendor);
  if (def.type === "object") {
    if (def.catchall && defOf(def.catchall).type === "never")
      found.push(`${path}: a strict object refuses the properties the vendor's schema allows`);
    const properties = (resolved.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((resolved.required as string[] | undefined) ?? []);
    for (const [key, property] of Object.entries(def.shape ?? {})) {
      const at = `${path}.${key}`;
      if (!unwrap(property).omittable && !required.has(key) && FALLBACKS[at] === undefined)
        found.push(`${at}: required here, optional in the vendor's ${reader.component}`);
      const vendorProperty = properties[key];
      if (vendorProperty) found.push(...problems(reader, property, vendorProperty, at));
    }
  } else if (def.type === "array" && def.element && resolved.items) {
    found.push(...problems(reader, def.element, resolved.items as JsonSchema, `${path}[]`));
  } else if (def.type === "enum" && Array.isArray(resolved.enum)) {
    const taken = new Set(Object.values(def.entries ?? {}));
    const missing = (resolved.enum as string[]).filter((value) => !taken.has(value));
    if (missing.length > 0) found.push(`${path}: refuses the vendor's values ${missing.join(", ")}`);
  }
  return found;
}

describe("response readers against the vendor's response schemas", () => {
  it.each(READERS.map((reader) => [reader.name, reader] as const))(
    "%s accepts every answer the vendor's schema allows, or declares its fallback",
    (_name, reader) => {
      const component = resolve(reader.document, { $ref: `#/${reader.component}` });
      expect(Object.keys(component).length, `vendor component ${reader.component}`).toBeGreaterThan(0);
      expect(problems(reader, reader.schema, component, reader.name)).toEqual([]);
    },
  );

  it("walks every exported *ResponseSchema of src/schemas", async () => {
    const folder = join(__dirname, "../../src/schemas");
    const read = new Set<unknown>(READERS.map((reader) => reader.schema));
    const unmapped: string[] = [];
    for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
      const module = (await import(join(folder, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module))
        if (name.endsWith("ResponseSchema") && typeof value !== "function")
          if (!read.has(value) && !UNDOCUMENTED.has(name)) unmapped.push(name);
    }
    expect(unmapped, "response schemas neither checked here nor named undocumented").toEqual([]);
  });

  it("records every fallback in docs/api-decisions.md", () => {
    const decisions = readFileSync(join(__dirname, "../../docs/api-decisions.md"), "utf8");
    const section = decisions
      .slice(decisions.indexOf("## Readers and the vendor's response schemas"))
      .replace(/\s+/g, " ");
    expect(section.length).toBeLessThan(decisions.length);
    for (const fallback of new Set(Object.values(FALLBACKS))) expect(section).toContain(fallback);
  });
});
