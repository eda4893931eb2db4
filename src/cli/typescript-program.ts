/**
 * The TypeScript project `export --format typescript` writes: `index.ts`, a program declaring the
 * resources of the exported manifest with the package's classes (each with its `adoptId`, inputs
 * filled by another resource's output written as that output, such as
 * `companyId: company.companyId`), and the `Pulumi.yaml`, `package.json` and `tsconfig.json` that
 * run it. Values the platform does not return are read from stack config, and the header says
 * which `pulumi config set` commands supply them; no secret is written. Pure: no I/O.
 */
import { definitions } from "../resources/registry";
import { type DeclaredResource, OutputReference, StackValueReference } from "./declared-resources";
import { programNotes, type StackValue } from "./export-document";
import type { OwnPackage } from "./own-package";
import { LINE_WIDTH, literal, stringLiteral, uniqueIdentifier } from "./typescript-source";

/** What the program says besides its resources. */
export interface ProgramContext {
  /** The exported company, for the header. */
  companyId: string;
  /** The Pulumi project's name. */
  project: string;
  /** Values the stack's config must supply. */
  stackValues: readonly StackValue[];
  /** What the platform holds that the program does not (and why). */
  notes: readonly string[];
}

/**
 * The project's tsconfig.json, as the README's quick start has it: `nodenext`, which the
 * `exports` of pulumi-travel's subpaths (`pulumi-travel/plugin`) need, and which `@pulumi/pulumi`
 * runs a TypeScript program with.
 */
export const PROJECT_TSCONFIG = {
  compilerOptions: {
    strict: true,
    target: "ES2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    types: [],
    skipLibCheck: true,
    outDir: "bin",
  },
  files: ["index.ts"],
} as const;

/** The files of the project, by name. */
export type ProjectFiles = Record<string, string>;

/** Names the program declares itself, which no resource variable may take. */
const PROGRAM_NAMES = ["pulumi", "config", "companyId", ...Object.keys(definitions)];

/** The project's files for `resources` (in declaration order: every reference to an earlier one). */
export function typescriptProject(
  resources: readonly DeclaredResource[],
  context: ProgramContext,
  versions: OwnPackage,
): ProjectFiles {
  return {
    "index.ts": programSource(resources, context),
    "Pulumi.yaml": [
      `name: ${context.project}`,
      `description: The tenant of company ${context.companyId}, exported by pulumi-travel as TypeScript.`,
      "runtime:",
      "  name: nodejs",
      "  options:",
      "    typescript: true",
      "main: index.ts",
      "",
    ].join("\n"),
    "package.json": json({
      name: context.project,
      private: true,
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": versions.pulumiVersion, "pulumi-travel": versions.installSpec },
      devDependencies: { typescript: versions.typescriptVersion },
    }),
    "tsconfig.json": json(PROJECT_TSCONFIG),
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** `index.ts`: the header, the imports, one statement per resource, the company's id exported. */
export function programSource(resources: readonly DeclaredResource[], context: ProgramContext): string {
  // The company is always a variable: the program exports its id.
  const referenced = new Set(resources.filter((resource) => resource.type === "Company"));
  for (const resource of resources) forEachReference(resource.inputs, (ref) => referenced.add(ref.resource));
  const taken = new Set(PROGRAM_NAMES);
  const variables = new Map<DeclaredResource, string>();
  const usesConfig = resources.some((resource) => hasStackValue(resource.inputs));
  const expression = (value: unknown): string | undefined => {
    if (value instanceof StackValueReference)
      return `config.${value.kind === "secret" ? "requireSecret" : "require"}(${stringLiteral(value.name)})`;
    if (!(value instanceof OutputReference)) return undefined;
    const variable = variables.get(value.resource);
    if (variable === undefined)
      throw new Error(`export: ${value.resource.name} is referenced before it is declared`);
    const idOutput = definitions[value.resource.type]?.capabilities?.outputRules?.idOutput ?? "id";
    // Outputs other than the id may be undefined (an arm without an option group), read as the manifest does.
    return value.output === "id" || value.output === idOutput
      ? `${variable}.${idOutput}`
      : `${variable}.${value.output}.apply((value) => value ?? "")`;
  };
  const statements = resources.map((resource) => {
    const variable = referenced.has(resource)
      ? uniqueIdentifier(resource.name, resource.type, taken)
      : undefined;
    const open = `${variable === undefined ? "" : `const ${variable} = `}new ${resource.type}(${stringLiteral(resource.name)}, `;
    const statement = `${open}${literal(inputsInOrder(resource.inputs), expression, 0, open.length + 1)});`;
    if (variable !== undefined) variables.set(resource, variable);
    return statement;
  });
  const company = resources.find((resource) => resource.type === "Company");
  const classes = [...new Set(resources.map((resource) => resource.type))].sort();
  return [
    ...header(context),
    ...(usesConfig ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    importOf(classes, "pulumi-travel"),
    "",
    ...(usesConfig ? ["const config = new pulumi.Config();", ""] : []),
    ...statements.flatMap((statement) => [statement, ""]),
    ...(company && variables.has(company)
      ? [`export const companyId = ${variables.get(company)}.companyId;`]
      : []),
  ]
    .join("\n")
    .replace(/\n*$/, "\n");
}

/** `import { A, B } from "module";`, one name per line when that is too long. */
function importOf(names: readonly string[], module: string): string {
  const line = `import { ${names.join(", ")} } from ${stringLiteral(module)};`;
  return line.length <= LINE_WIDTH
    ? line
    : `import {\n${names.map((name) => `  ${name},\n`).join("")}} from ${stringLiteral(module)};`;
}

/** The comment the program opens with: how it adopts, what the stack must supply, what is left out. */
function header({ companyId, stackValues, notes }: ProgramContext): string[] {
  const lines = [
    `Exported by \`pulumi-travel export --company ${companyId} --format typescript\`:`,
    "every resource carries its platform id as adoptId, so the first `pulumi up` adopts it instead",
    "of creating it. The provider reads travel:baseUrl, travel:clientId and the secret",
    "travel:clientSecret from the stack's config (or TRAVEL_* variables), as in any program.",
  ];
  lines.push(...programNotes(stackValues, notes));
  return [...lines.map((line) => `//${line === "" ? "" : ` ${line}`}`), ""];
}

/** The inputs with references to other resources first and `adoptId` last. */
function inputsInOrder(inputs: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(inputs);
  const rank = ([key, value]: [string, unknown]) =>
    key === "adoptId" ? 2 : value instanceof OutputReference ? 0 : 1;
  return Object.fromEntries(entries.sort((a, b) => rank(a) - rank(b)));
}

/** Calls `visit` with each {@link OutputReference} in `value`. */
function forEachReference(value: unknown, visit: (reference: OutputReference) => void): void {
  if (value instanceof OutputReference) visit(value);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) forEachReference(item, visit);
}

/** True when `value` holds a {@link StackValueReference}. */
function hasStackValue(value: unknown): boolean {
  if (value instanceof StackValueReference) return true;
  if (value instanceof OutputReference || typeof value !== "object" || value === null) return false;
  return Object.values(value).some(hasStackValue);
}
