/**
 * The schemas the provider reads and compares by agree with the vendor on order: every array of a
 * resource's inputs (and of each company config document) whose vendor description gives it no
 * order (`speaksOfOrder` is false: the emulator may shuffle it) is marked `unordered`, so an answer
 * in another order is no change (docs/api-decisions.md, "What an answer may leave out or
 * reorder"). The vendor's request schema and ours are walked side by side, property by property.
 */
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { speaksOfOrder, vendorRequestSchema } from "../../src/contract";
import { defOf, WRAPPERS } from "../../src/provider/model/normalize";
import { definitions } from "../../src/resources/registry";
import { CONFIG_DOCUMENTS } from "../../src/schemas/company-config-documents";
import { setCompanyPerTripSrvChargeRequestSchema } from "../../src/schemas/service-charge";
import { isUnordered } from "../../src/schemas/unordered";

type JsonSchema = Record<string, unknown>;

/** Our schema and the vendor request it stands for. */
const pairs: { name: string; ours: z.ZodType; method: string; template: string }[] = [
  ...Object.entries(CONFIG_DOCUMENTS).map(([kind, document]) => ({
    name: `CompanyConfig ${kind}`,
    ours: document.schema as z.ZodType,
    method: "PUT",
    template: `/v2/companies/{companyId}/${document.segment}`,
  })),
  {
    name: "PerTripServiceCharge",
    ours: setCompanyPerTripSrvChargeRequestSchema,
    method: "POST",
    template: "/v2/license/company/{companyId}/service-charge/per-trip",
  },
  {
    name: "Company",
    ours: (definitions.Company as { inputs: z.ZodType }).inputs,
    method: "POST",
    template: "/v2/companies",
  },
  ...(
    [
      ["LegalEntity", "/v2/companies/{companyId}/legal-entities"],
      ["Office", "/v2/companies/{companyId}/legal-entities/{legalEntityId}/offices"],
      ["CostCenter", "/v2/companies/{companyId}/cost-centers"],
      ["Department", "/v2/companies/{companyId}/departments"],
      ["Grade", "/v2/companies/{companyId}/grades"],
    ] as const
  ).map(([type, template]) => ({
    name: type,
    ours: (definitions[type] as { inputs: z.ZodType }).inputs,
    method: "POST",
    template,
  })),
];

/** Our schema with its wrappers (optional, default, a pipe's input, lazy) taken off. */
function bare(schema: z.ZodType): { schema: z.ZodType; marked: boolean } {
  let current = schema;
  let marked = isUnordered(current);
  for (let guard = 0; guard < 16; guard++) {
    const def = defOf(current);
    const next =
      WRAPPERS.has(def.type) && def.innerType
        ? def.innerType
        : def.type === "pipe"
          ? def.in
          : def.type === "lazy"
            ? def.getter?.()
            : undefined;
    if (!next) break;
    current = next;
    marked = isUnordered(current);
  }
  return { schema: current, marked };
}

/** The vendor node with its reference and `allOf` members merged in. */
function resolved(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  let out: JsonSchema = { ...node };
  for (let guard = 0; typeof out.$ref === "string" && guard < 16; guard++) {
    const { $ref, ...rest } = out;
    out = { ...(defs[String($ref).slice("#/$defs/".length)] ?? {}), ...rest };
  }
  for (const member of (out.allOf as JsonSchema[] | undefined) ?? []) {
    const part = resolved(member, defs);
    out = { ...part, ...out, properties: { ...(part.properties as object), ...(out.properties as object) } };
  }
  return out;
}

/** The paths of arrays the vendor gives no order that `ours` compares in order. */
function orderedWithoutReason(
  vendor: JsonSchema,
  ours: z.ZodType,
  defs: Record<string, JsonSchema>,
  path: string,
  depth = 0,
): string[] {
  if (depth > 8) return [];
  const node = resolved(vendor, defs);
  const { schema, marked } = bare(ours);
  const def = defOf(schema);
  if (node.type === "array" && def.type === "array" && def.element) {
    const description = [node.description, vendor.description].find((text) => typeof text === "string");
    const found = !marked && !speaksOfOrder(description ?? "") ? [path] : [];
    const items = node.items as JsonSchema | undefined;
    return items
      ? [...found, ...orderedWithoutReason(items, def.element, defs, `${path}[]`, depth + 1)]
      : found;
  }
  if (def.type !== "object" || !def.shape) return [];
  const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(def.shape).flatMap(([key, sub]) =>
    properties[key]
      ? orderedWithoutReason(properties[key], sub, defs, path ? `${path}.${key}` : key, depth + 1)
      : [],
  );
}

describe("arrays the vendor gives no order", () => {
  it.each(pairs)("$name: each is compared as a set", ({ ours, method, template }) => {
    const vendor = vendorRequestSchema(method, template) as JsonSchema | undefined;
    expect(vendor, `${method} ${template} is documented`).toBeDefined();
    const defs = ((vendor as JsonSchema).$defs ?? {}) as Record<string, JsonSchema>;
    expect(orderedWithoutReason(vendor as JsonSchema, ours, defs, "")).toEqual([]);
  });
});
