/**
 * Preview-time validation: zod issues become Pulumi CheckFailures that name the property path and
 * the reason. Values unknown during preview are not judged.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { isUnknownAlongPath } from "./values";

/** The result of {@link checkInputs}. */
export interface CheckOutcome<T> {
  /** Normalized inputs (defaults applied) when valid and fully known; the raw inputs otherwise. */
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

/** Validates `inputs` against `schema`; never throws for bad input. */
export function checkInputs<S extends z.ZodType>(
  schema: S,
  inputs: Record<string, unknown>,
): CheckOutcome<z.output<S>> {
  const result = schema.safeParse(inputs);
  if (result.success) return { inputs: result.data, failures: [] };
  const failures = result.error.issues
    .filter((issue) => !isUnknownAlongPath(inputs, issue.path))
    .flatMap((issue): pulumi.dynamic.CheckFailure[] =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({
            property: propertyPath([...issue.path, key]),
            reason: "is not a known property",
          }))
        : [{ property: propertyPath(issue.path) || "(inputs)", reason: issue.message }],
    );
  // When only unknown values failed, the inputs are valid so far, but defaults cannot be applied yet.
  return { inputs, failures };
}
