/**
 * Reading a resource's properties in a policy: a value unknown at preview (the output of a
 * resource not yet made) reads as {@link UNKNOWN} instead of throwing, and a list the engine
 * records as a map (`keyedInputs` of the definition) reads back as the list.
 */
import type { PolicyResource } from "@pulumi/policy";
import { definitions } from "../resources/registry";

/** A value that is unknown until `pulumi up` runs. */
export const UNKNOWN = Symbol("unknown at preview");

/** A property's value, or {@link UNKNOWN}. */
export type Read = unknown;

/**
 * The sentinels the engine sends for unknown values (string, number, boolean, array, asset,
 * archive, object), as @pulumi/policy's `proxy.js` declares them (it exports no types for them).
 */
const UNKNOWN_SENTINELS: ReadonlySet<unknown> = new Set(
  Object.entries(require("@pulumi/policy/proxy") as Record<string, unknown>)
    .filter(([name]) => /^unknown[A-Z]\w*Value$/.test(name))
    .map(([, value]) => value),
);

/** True for the error @pulumi/policy throws when a policy reads an unknown value. */
function isUnknownValueError(error: unknown): boolean {
  return typeof error === "object" && error !== null && "unknownTypeSentinel" in error;
}

/** `props[key]`, or {@link UNKNOWN} when it is not known at preview. */
export function read(props: Record<string, unknown>, key: string): Read {
  try {
    const value = props[key];
    return UNKNOWN_SENTINELS.has(value) ? UNKNOWN : value;
  } catch (error) {
    if (isUnknownValueError(error)) return UNKNOWN;
    throw error;
  }
}

/** `props[key]` when it is a known string, else undefined. */
export function knownString(props: Record<string, unknown>, key: string): string | undefined {
  const value = read(props, key);
  return typeof value === "string" ? value : undefined;
}

/**
 * The entries of list input `key` of a resource of `type`, each a value or {@link UNKNOWN}; a list
 * the engine records as a map is read back through its definition's `keyedInputs`. Undefined when
 * the list itself is unknown or absent.
 */
export function readList(type: string, props: Record<string, unknown>, key: string): Read[] | undefined {
  const value = read(props, key);
  if (value === UNKNOWN || value === undefined || value === null) return undefined;
  if (Array.isArray(value))
    return value.map((_, index) => read(value as unknown as Record<string, unknown>, String(index)));
  if (typeof value !== "object") return undefined;
  const list = definitions[type]?.capabilities?.diff?.keyedInputs?.[key]?.fromRecorded(
    value as Record<string, unknown>,
    props,
  );
  return Array.isArray(list) ? list : undefined;
}

/** The ids a resource of the stack is known by: its id output and the object it adopts. */
export function idsOf(type: string, resource: Pick<PolicyResource, "props">): string[] {
  const idOutput = definitions[type]?.capabilities?.outputRules?.idOutput;
  return [idOutput, "adoptId"]
    .filter((key): key is string => key !== undefined)
    .map((key) => knownString(resource.props, key))
    .filter((id): id is string => id !== undefined);
}

/** How a resource's input names another resource of the stack. */
export type Reference = "output" | "literal" | undefined;

/**
 * Whether input `key` of `resource` names `target`: by `target`'s output (a dependency the engine
 * orders by), by a literal equal to one of its ids (no dependency), or not at all.
 */
export function referenceTo(
  resource: Pick<PolicyResource, "props" | "propertyDependencies">,
  key: string,
  target: Pick<PolicyResource, "urn" | "props" | "type">,
  targetType: string,
): Reference {
  if ((resource.propertyDependencies[key] ?? []).some((dependency) => dependency.urn === target.urn))
    return "output";
  const value = knownString(resource.props, key);
  return value !== undefined && idsOf(targetType, target).includes(value) ? "literal" : undefined;
}
