/**
 * Generates zod schemas, strict at every depth and with TSDoc taken from the vendor's
 * descriptions, for the vendor request properties a resource maps but the hand-written schemas in
 * `src/schemas/` do not model. It reads the vendor's OpenAPI document and writes one TypeScript
 * module; the module is committed and never edited by hand.
 *
 * Run with `npm run vendor-schemas` (optionally with the path of another copy of
 * `vendor-company-api.openapi.json`). `test/unit/vendor-schemas.test.ts` fails when the committed
 * module differs from what this script writes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { speaksOfOrder } from "../src/contract/answer-variation";

/** A JSON Schema node as the vendor document writes it. */
type Node = { [keyword: string]: unknown };

/** Properties of one vendor schema, exported as an object of zod fields. */
export interface GeneratedFields {
  /** The vendor schema whose properties are generated. */
  schema: string;
  /** Name of the exported object of zod fields. */
  exportName: string;
  /** The schema's properties to generate (the others are hand-written). */
  properties: readonly string[];
}

/** What one generated module holds, and where it is written. */
export interface GeneratedModule {
  /** The module's path, relative to the repository root. */
  file: string;
  /** Its header comment. */
  summary: string;
  /** The field sets it exports. */
  fields: readonly GeneratedFields[];
}

/** The modules this script writes. */
export const GENERATED_MODULES: readonly GeneratedModule[] = [
  {
    file: "src/schemas/company-settings.ts",
    summary:
      "The properties of the vendor's `CreateCompanyRequest` and `Company` that `src/schemas/company.ts` does not write by hand (support, privacy, e-mail client, expense partner, rewards and carbon cost settings, logos, emergency contacts, partner role mappings, and what only a read company carries), and the vendor shapes they reach, which other schemas reuse (`PhoneNumber`, `ExpensePartnerConfig`).",
    fields: [
      {
        schema: "CreateCompanyRequest",
        exportName: "companySettingsFields",
        properties: [
          "emergencyContactInfos",
          "companyLogo",
          "supportConfig",
          "supportConfigs",
          "rewardsProgram",
          "tmcDefaultConfiguration",
          "expensePartnerConfig",
          "applicableCustomFieldTypes",
          "oauthPartnerConfig",
          "privacySettings",
          "emailClientConfig",
          "isFake",
          "tmcPartnerRoleMappings",
          "carbonCostConfig",
          "defaultBookingTmcId",
          "companySpecifiedAttributes",
        ],
      },
      {
        schema: "Company",
        exportName: "companyReadFields",
        properties: ["isActive", "connectors", "designationTree", "supportConfigs"],
      },
    ],
  },
];

/** The default location of the vendor document. */
export const DEFAULT_VENDOR_DOCUMENT = "vendor-api/vendor-company-api.openapi.json";

/** A TSDoc comment from a vendor description (and its deprecation), or nothing. */
function tsdoc(node: Node, indent: string): string {
  const parts: string[] = [];
  if (typeof node.description === "string" && node.description.trim() !== "") {
    const text = node.description.trim().replace(/\s+/g, " ").replace(/\*\//g, "*\\/");
    parts.push(/[.!?]$/.test(text) ? text : `${text}.`);
  }
  if (node.deprecated === true) {
    const sunset = typeof node["x-sunset"] === "string" ? ` (sunset ${node["x-sunset"]})` : "";
    parts.push(`Deprecated by the vendor${sunset}.`);
  }
  if (parts.length === 0) return "";
  return `${indent}/** ${parts.join(" ")} */\n`;
}

const refName = (ref: string): string => ref.slice(ref.lastIndexOf("/") + 1);
const constName = (schema: string): string => `vendor${schema}Schema`;

/** Writes zod source for the vendor schemas reachable from some properties, in dependency order. */
class ZodWriter {
  private readonly emitted = new Set<string>();
  private readonly inProgress = new Set<string>();
  private readonly declarations: string[] = [];

  /** Whether an expression written so far marks an array {@link unordered}. */
  unordered = false;

  private readonly schemas: Record<string, Node>;

  constructor(schemas: Record<string, Node>) {
    this.schemas = schemas;
  }

  /** The declarations written so far, dependencies first. */
  get output(): readonly string[] {
    return this.declarations;
  }

  /** Declares the component `name` (and what it refers to) once. */
  declare(name: string): void {
    if (this.emitted.has(name) || this.inProgress.has(name)) return;
    const node = this.schemas[name];
    if (node === undefined) throw new Error(`the vendor document has no schema ${name}`);
    this.inProgress.add(name);
    const expression = this.expression(node, "");
    this.inProgress.delete(name);
    this.emitted.add(name);
    const doc = tsdoc(
      { description: `\`${name}\`${typeof node.description === "string" ? `: ${node.description}` : "."}` },
      "",
    );
    this.declarations.push(`${doc}export const ${constName(name)} = ${expression};\n`);
  }

  /** The zod expression of a schema node. */
  expression(node: Node, indent: string): string {
    if (typeof node.$ref === "string") return this.reference(refName(node.$ref));
    const variants = (node.oneOf ?? node.anyOf) as Node[] | undefined;
    if (Array.isArray(variants)) {
      const members = variants.map((variant) => this.expression(variant, indent));
      return members.length === 1 ? (members[0] as string) : `z.union([${members.join(", ")}])`;
    }
    if (Array.isArray(node.enum)) return `z.enum(${JSON.stringify(node.enum)})`;
    const type = node.type ?? (node.items ? "array" : node.properties ? "object" : undefined);
    switch (type) {
      case "string":
        return this.string(node);
      case "boolean":
        return "z.boolean()";
      case "integer":
        return "z.number().int()";
      case "number":
        return "z.number()";
      case "array": {
        const array = `z.array(${this.expression((node.items ?? {}) as Node, indent)})`;
        // An array whose description gives its order no meaning is read as a set (src/schemas/unordered.ts).
        if (speaksOfOrder(typeof node.description === "string" ? node.description : "")) return array;
        this.unordered = true;
        return `unordered(${array})`;
      }
      case "object":
        return this.object(node, indent);
      case undefined:
        return "z.unknown()";
      default:
        throw new Error(`unsupported schema type ${JSON.stringify(node.type)}`);
    }
  }

  /** The TSDoc of a property: its own description, else that of the schema it refers to. */
  doc(property: Node, indent: string): string {
    if (property.description === undefined && typeof property.$ref === "string") {
      const target = this.schemas[refName(property.$ref)];
      if (target !== undefined)
        return tsdoc(
          {
            description: target.description,
            deprecated: property.deprecated,
            "x-sunset": property["x-sunset"],
          },
          indent,
        );
    }
    return tsdoc(property, indent);
  }

  private reference(name: string): string {
    // A reference back into a schema being declared (Money -> FlightPassTax -> Money) is lazy;
    // its TypeScript type is left open to break the circular inference.
    if (this.inProgress.has(name)) return `z.lazy((): z.ZodType => ${constName(name)})`;
    this.declare(name);
    return constName(name);
  }

  private string(node: Node): string {
    switch (node.format) {
      case "uuid":
        return 'z.guid("must be a uuid")';
      case "email":
        return 'z.email("must be an e-mail address")';
      case "date":
        return 'z.iso.date("must be a date such as 2026-01-31")';
      case "date-time":
        return 'z.iso.datetime({ offset: true, message: "must be a date-time such as 2026-01-31T12:00:00Z" })';
      case "byte":
        return 'z.base64("must be base64")';
      default:
        return "z.string()";
    }
  }

  private object(node: Node, indent: string): string {
    const properties = node.properties as Record<string, Node> | undefined;
    if (properties === undefined) {
      const values = node.additionalProperties;
      const value =
        typeof values === "object" && values !== null
          ? this.expression(values as Node, indent)
          : "z.unknown()";
      return `z.record(z.string(), ${value})`;
    }
    const required = new Set((node.required ?? []) as string[]);
    const inner = `${indent}  `;
    const fields = Object.entries(properties).map(([key, property]) => {
      const value = this.expression(property, inner);
      const optional = required.has(key) ? "" : ".optional()";
      return `${this.doc(property, inner)}${inner}${JSON.stringify(key)}: ${value}${optional},\n`;
    });
    return `z.strictObject({\n${fields.join("")}${indent}})`;
  }
}

/** The source of one generated module. */
export function generateModule(
  document: { components: { schemas: Record<string, Node> } },
  spec: GeneratedModule,
): string {
  const schemas = document.components.schemas;
  const writer = new ZodWriter(schemas);
  const exports = spec.fields.map((set) => {
    const owner = schemas[set.schema];
    const properties = owner?.properties as Record<string, Node> | undefined;
    if (properties === undefined) throw new Error(`the vendor document has no object schema ${set.schema}`);
    const required = new Set((owner?.required ?? []) as string[]);
    const fields = set.properties.map((key) => {
      const property = properties[key];
      if (property === undefined) throw new Error(`${set.schema} has no property ${key}`);
      const value = writer.expression(property, "  ");
      const optional = required.has(key) ? "" : ".optional()";
      return `${writer.doc(property, "  ")}  ${key}: ${value}${optional},\n`;
    });
    return `/** Properties of \`${set.schema}\` generated from the vendor document. */\nexport const ${set.exportName} = {\n${fields.join("")}} as const;\n`;
  });
  return [
    `/**\n * ${spec.summary}\n *\n * Generated by scripts/gen-vendor-schemas.ts from the vendor's Company API document; do not edit.\n * Objects are strict at every depth: a property the vendor does not declare is refused.\n */\n`,
    'import { z } from "zod";\n',
    writer.unordered ? 'import { unordered } from "./unordered";\n\n' : "\n",
    ...writer.output.map((declaration) => `${declaration}\n`),
    exports.join("\n"),
  ].join("");
}

if (require.main === module) {
  // Run from dist/scripts: the repository is two folders up.
  const root = join(__dirname, "..", "..");
  const documentPath = process.argv[2] ?? join(root, DEFAULT_VENDOR_DOCUMENT);
  const document = JSON.parse(readFileSync(documentPath, "utf8")) as {
    components: { schemas: Record<string, Node> };
  };
  for (const spec of GENERATED_MODULES) {
    writeFileSync(join(root, spec.file), generateModule(document, spec));
    console.log(`wrote ${spec.file}`);
  }
}
