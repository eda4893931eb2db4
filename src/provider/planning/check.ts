/**
 * Preview-time validation: zod issues become Pulumi CheckFailures that name the property path and
 * the reason. Values unknown during preview are not judged, but everything known still is: a typo
 * is a typo even when a sibling value is unknown, and defaults apply to the known fields.
 */
import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { containsUnknown, isUnknownAlongPath, UNKNOWN } from "../model/unknown-values";
import { valueAt } from "../model/value-path";

/** The result of {@link checkInputs}. */
export interface CheckOutcome<T> {
  /**
   * Normalized inputs: with defaults applied and values normalized when valid. When some values are
   * unknown, the known fields are normalized one by one and the unknown ones are kept as they are.
   */
  inputs: T | Record<string, unknown>;
  failures: pulumi.dynamic.CheckFailure[];
}

/** Formats a zod path as a Pulumi property path: `a.b[0].c`. */
export function propertyPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

/**
 * True when an issue cannot be judged yet because it depends on an unknown value. An unrecognized
 * key is judged unless the object holding it is itself unknown: its name is known even when the
 * values around it are not.
 */
function dependsOnUnknown(inputs: Record<string, unknown>, issue: z.core.$ZodIssue): boolean {
  if (issue.code === "unrecognized_keys") {
    for (let depth = 0; depth <= issue.path.length; depth++) {
      if (valueAt(inputs, issue.path.slice(0, depth)) === UNKNOWN) return true;
    }
    return false;
  }
  return isUnknownAlongPath(inputs, issue.path);
}

/** Turns one zod issue into check failures. */
function failuresOf(issue: z.core.$ZodIssue): pulumi.dynamic.CheckFailure[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      property: propertyPath([...issue.path, key]),
      reason: "is not a known property",
    }));
  }
  return [{ property: propertyPath(issue.path) || "(inputs)", reason: issue.message }];
}

/**
 * The inputs with each fully known field normalized by its own schema (defaults, transforms), and
 * fields holding unknown values kept raw. Used when the whole object cannot be parsed yet.
 */
function normalizeKnownFields(schema: z.ZodType, inputs: Record<string, unknown>): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return inputs;
  const shape = schema.shape as Record<string, z.ZodType>;
  const out: Record<string, unknown> = { ...inputs };
  for (const [key, field] of Object.entries(shape)) {
    const value = inputs[key];
    if (containsUnknown(value)) continue;
    const parsed = field.safeParse(value);
    if (parsed.success) {
      if (parsed.data === undefined) delete out[key];
      else out[key] = parsed.data;
    }
  }
  return out;
}

/** Validates `inputs` against `schema`; never throws for bad input. */
export function checkInputs<S extends z.ZodType>(
  schema: S,
  inputs: Record<string, unknown>,
): CheckOutcome<z.output<S>> {
  const result = schema.safeParse(inputs);
  if (result.success) return { inputs: result.data, failures: [] };
  const failures = result.error.issues
    .filter((issue) => !dependsOnUnknown(inputs, issue))
    .flatMap(failuresOf);
  if (failures.length > 0) return { inputs, failures };
  // Only unknown values failed: the inputs are valid so far; apply what can be applied now.
  return { inputs: normalizeKnownFields(schema, inputs), failures };
}
