/**
 * The inputs a state records, checked before refresh, update or delete use them. A state edited
 * by hand (or written by a broken tool) can hold a value of the wrong JSON type; used as it is, it
 * fails deep inside a resource with a raw message such as "flatMap is not a function". This names
 * the resource, the property and the way out instead.
 */
import type { z } from "zod";
import type { Values } from "./values";
import { valueAt } from "./value-path";

/** A recorded input has the wrong type: the state is damaged. */
export class DamagedStateError extends Error {
  readonly code = "DAMAGED_STATE";

  constructor(
    readonly type: string,
    readonly id: string,
    readonly problems: readonly string[],
  ) {
    super(
      `${type} ${id}: the state is damaged: ${problems.join("; ")}. Fix the value in the state ` +
        "(`pulumi stack export --file state.json`, correct it, `pulumi stack import --file state.json`), or drop " +
        "the resource from the state (`pulumi state delete <urn>`) and take the object over again with adoptId.",
    );
    this.name = "DamagedStateError";
  }
}

/**
 * Throws a {@link DamagedStateError} when a recorded input's JSON type is not the one its schema
 * takes. Only types are judged: a value a later version validates more strictly is not damage.
 */
export function assertRecordedTypes(
  type: string,
  id: string,
  shape: Record<string, z.ZodType>,
  recorded: Values,
): void {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(recorded)) {
    const schema = shape[key];
    if (schema === undefined || value === undefined) continue;
    const result = schema.safeParse(value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      if (issue.code !== "invalid_type") continue;
      const path = [key, ...issue.path.map(String)].join(".");
      problems.push(`${path} is ${describeType(valueAt(value, issue.path))}, expected ${issue.expected}`);
    }
  }
  if (problems.length > 0) throw new DamagedStateError(type, id, problems);
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}
