/**
 * The resources a tenant manifest declares, as data. `tenantFromManifest` (the one description of
 * how entries become resources: `manifest/plain-sections.ts` and the codecs of
 * `manifest/sections/`) runs under Pulumi's mock runtime, which hands each registration to a
 * recorder instead of an engine. Every output a recorded resource hands back is a marker naming
 * that resource and output, so an input another resource's output fills (a `companyId`, a legal
 * entity in an audience, an arm's option group) is recorded as an {@link OutputReference}, and a
 * placeholder of the manifest (`${config:...}`, `${secret:...}`) as a {@link StackValueReference}.
 * `export --format typescript` writes its program from these records.
 */
import type * as pulumi from "@pulumi/pulumi";
import { CustomResource } from "@pulumi/pulumi/resource";
import { setMocks } from "@pulumi/pulumi/runtime/mocks";
import { isRpcSecret, unwrapRpcSecret } from "@pulumi/pulumi/runtime/rpc";
import { manifestSchema, type TenantManifest } from "../manifest/schema";
import { hasPlaceholder, type PlaceholderKind, placeholdersOf } from "../manifest/placeholders";
import { tenantFromManifest } from "../manifest/tenant";
import { dynamicTokenOf } from "../provider/hosts/dynamic/token";
import { isMetaKey } from "../provider/model/codec";
import { definitions } from "../resources/registry";
import type { Json } from "./export-document";

/** A resource the manifest declares. */
export interface DeclaredResource {
  /** Its type in the registry (also the name of its class). */
  type: string;
  /** Its Pulumi resource name. */
  name: string;
  /** Its inputs: JSON values, {@link OutputReference}s and {@link StackValueReference}s. */
  inputs: Record<string, unknown>;
}

/** An input filled by an output of another declared resource (`id`: its id). */
export class OutputReference {
  constructor(
    readonly resource: DeclaredResource,
    readonly output: string,
  ) {}
}

/** An input the stack's config supplies: a placeholder of the manifest. */
export class StackValueReference {
  constructor(
    readonly kind: PlaceholderKind,
    readonly name: string,
  ) {}
}

/** A registration as the mock runtime saw it. */
interface Registration {
  token: string;
  name: string;
  inputs: Record<string, unknown>;
}

const TYPES_BY_TOKEN = new Map(Object.keys(definitions).map((type) => [dynamicTokenOf(type), type]));

/** Counts runs, so that the markers of two runs in one process never meet. */
let runs = 0;

/**
 * The resources `document` (an exported manifest) declares, in the registry's order of their types
 * (parents first), then by resource name.
 */
export async function declaredResources(document: Json): Promise<DeclaredResource[]> {
  const run = ++runs;
  const marker = (index: number, output: string) => `\u0000ref:${run}:${index}:${output}\u0000`;
  const registrations: Registration[] = [];
  await setMocks(
    {
      newResource: ({ type: token, name, inputs }) => {
        const index = registrations.push({ token, name, inputs: inputs as Record<string, unknown> }) - 1;
        const type = TYPES_BY_TOKEN.get(token);
        const outputs = [
          ...Object.keys(inputs as object),
          ...(type ? (definitions[type]?.outputs ?? []) : []),
        ];
        return {
          id: marker(index, "id"),
          state: Object.fromEntries(outputs.map((output) => [output, marker(index, output)])),
        };
      },
      call: ({ token }) => {
        throw new Error(`export: the manifest's declaration called ${token}, which a program cannot replay`);
      },
    },
    "export",
    "export",
    false,
  );
  await registered(resourcesIn(tenantFromManifest(declarable(document))));
  return resolveMarkers(registrations, new RegExp(`^\\u0000ref:${run}:(\\d+):([^\\u0000]+)\\u0000$`));
}

/**
 * `document` as `tenantFromManifest` takes it: each section parsed by its schema (defaults
 * applied). A section whose only problems are at placeholders (a partner key's PEM the platform
 * does not return) is taken as written: the loader's verdict on it is "valid once the stack
 * supplies the value", and its placeholders become {@link StackValueReference}s.
 */
function declarable(document: Json): TenantManifest {
  const parsed = Object.entries(document).map(([section, value]) => {
    const schema = manifestSchema.shape[section as keyof typeof manifestSchema.shape];
    if (schema === undefined) throw new Error(`export: the document has no section "${section}"`);
    const result = schema.safeParse(value);
    if (result.success) return [section, result.data];
    const blocking = result.error.issues.filter((issue) => !placeholderAt(value, issue.path));
    if (blocking.length > 0)
      throw new Error(`export: the ${section} section does not parse: ${blocking[0]?.message ?? ""}`);
    return [section, value];
  });
  return Object.fromEntries(parsed) as TenantManifest;
}

/** True when the value at `path` below `value` holds a placeholder (the loader's rule). */
function placeholderAt(value: unknown, path: readonly PropertyKey[]): boolean {
  const found = path.reduce<unknown>(
    (node, part) =>
      typeof node === "object" && node !== null ? (node as Record<PropertyKey, unknown>)[part] : undefined,
    value,
  );
  return hasPlaceholder(found);
}

/**
 * Resolves once every resource of `resources` is registered. An error while they are declared (an
 * `apply` that throws) reaches no caller through the SDK; it rejects this instead of ending the
 * process.
 */
async function registered(resources: readonly pulumi.CustomResource[]): Promise<void> {
  let listener: ((reason: unknown) => void) | undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    listener = reject;
    process.on("unhandledRejection", reject);
  });
  try {
    await Promise.race([
      Promise.all(resources.map((resource) => new Promise((done) => resource.urn.apply(done)))),
      failed,
    ]);
  } finally {
    if (listener) process.off("unhandledRejection", listener);
  }
}

/** Every resource held anywhere in `value` (the {@link Tenant} of the manifest). */
function resourcesIn(value: unknown): pulumi.CustomResource[] {
  if (value instanceof CustomResource) return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(resourcesIn);
}

/** The registrations as declared resources, markers and placeholders turned into references. */
function resolveMarkers(registrations: readonly Registration[], pattern: RegExp): DeclaredResource[] {
  const declared = registrations.map(({ token, name }): DeclaredResource => {
    const type = TYPES_BY_TOKEN.get(token);
    if (type === undefined) throw new Error(`export: ${name} is of ${token}, not a type of the registry`);
    return { type, name, inputs: {} };
  });
  const resolve = (value: unknown, path: string): unknown => {
    if (isRpcSecret(value)) return resolve(unwrapRpcSecret(value), path);
    if (typeof value === "string") return referenceIn(value, path);
    if (Array.isArray(value)) return value.map((item, index) => resolve(item, `${path}[${index}]`));
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, resolve(item, `${path}.${key}`)]),
      );
    return value;
  };
  const referenceIn = (text: string, path: string): unknown => {
    const output = pattern.exec(text);
    const target = output ? declared[Number(output[1])] : undefined;
    if (output && target) return new OutputReference(target, output[2] ?? "id");
    const [placeholder, ...more] = placeholdersOf(text);
    if (placeholder && more.length === 0 && text === `\${${placeholder.kind}:${placeholder.name}}`)
      return new StackValueReference(placeholder.kind, placeholder.name);
    if (text.includes("\u0000ref:") || placeholder)
      throw new Error(`export: ${path} mixes a value the program cannot write as one expression`);
    return text;
  };
  registrations.forEach(({ inputs, name }, index) => {
    const resource = declared[index] as DeclaredResource;
    for (const [key, value] of Object.entries(inputs))
      if (!isMetaKey(key)) resource.inputs[key] = resolve(value, `${name}.${key}`);
  });
  const order = Object.keys(definitions);
  return [...declared].sort(
    (a, b) =>
      order.indexOf(a.type) - order.indexOf(b.type) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}
