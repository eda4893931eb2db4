/**
 * What one stack's drift check found, read from the JSON of
 * `pulumi preview --refresh --expect-no-changes --json`: the resources the preview would change
 * after reading the platform, and which of their properties differ. Only property names are
 * reported, never values (a value may be a secret).
 */
import { isDeepStrictEqual } from "node:util";
import { redactText } from "../client/redact";

/** One resource the preview would change. */
export interface ResourceDrift {
  /** The type's short name (`CostCenter`). */
  type: string;
  /** The resource's name in the program (`tps`). */
  name: string;
  /** The engine's step: `update`, `replace`, `create` (gone from the platform), `delete`. */
  op: string;
  /** The properties whose platform value differs from the program's, sorted. */
  properties: string[];
}

/** One stack's result. */
export interface StackDrift {
  stack: string;
  /** `in-sync`: no change; `drifted`: changes; `failed`: no usable preview (see `error`). */
  status: "in-sync" | "drifted" | "failed";
  resources: ResourceDrift[];
  /** Why the preview failed: its first error, redacted. */
  error?: string;
}

interface PreviewStep {
  op?: string;
  urn?: string;
  oldState?: { inputs?: Record<string, unknown> };
  newState?: { inputs?: Record<string, unknown> };
}

interface PreviewJson {
  steps?: PreviewStep[];
  diagnostics?: { message?: string; severity?: string }[];
}

/** Steps that change nothing on the platform. */
const NO_CHANGE = new Set(["same", "refresh", "read", "discard", "discard-replaced"]);

/** `urn:pulumi:<stack>::<project>::<parent$type>::<name>` → the type's short name and the name. */
function typeAndName(urn: string): { type: string; name: string; token: string } {
  const parts = urn.split("::");
  const token = (parts[2] ?? "").split("$").pop() ?? "";
  return { token, type: token.split(":").pop() ?? token, name: parts.slice(3).join("::") };
}

/** The input properties that differ between the refreshed state and the program (internal `__` ones left out). */
function changedProperties(step: PreviewStep): string[] {
  const before = step.oldState?.inputs ?? {};
  const after = step.newState?.inputs ?? {};
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter((key) => !key.startsWith("__") && !isDeepStrictEqual(before[key], after[key]))
    .sort();
}

/** The drift of `stack` from the text its drift check saved. */
export function driftOfPreview(stack: string, text: string): StackDrift {
  let preview: PreviewJson;
  try {
    preview = JSON.parse(text) as PreviewJson;
  } catch {
    return {
      stack,
      status: "failed",
      resources: [],
      error: "the preview wrote no JSON result (see the job's log)",
    };
  }
  const error = preview.diagnostics?.find((d) => d.severity === "error")?.message;
  if (error !== undefined)
    return { stack, status: "failed", resources: [], error: redactText(error.trim().split("\n")[0] ?? "") };
  const byUrn = new Map<string, ResourceDrift>();
  for (const step of preview.steps ?? []) {
    if (step.op === undefined || step.urn === undefined || NO_CHANGE.has(step.op)) continue;
    const { token, type, name } = typeAndName(step.urn);
    if (token === "pulumi:pulumi:Stack" || token.startsWith("pulumi:providers:")) continue;
    const found = byUrn.get(step.urn);
    const properties = changedProperties(step);
    // A replacement is several steps (replace, create-replacement, delete-replaced): one row.
    if (found) found.properties = [...new Set([...found.properties, ...properties])].sort();
    else byUrn.set(step.urn, { type, name, op: step.op, properties });
  }
  const resources = [...byUrn.values()];
  return { stack, status: resources.length === 0 ? "in-sync" : "drifted", resources };
}
