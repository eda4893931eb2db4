/**
 * The plan of a preview or an update as the engine's events tell it: per resource of one host, the
 * steps and the properties they change. Preview and `up` planned alike when their plans are equal.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type Host, TOKEN_PREFIX } from "../support/plugin-classes";

/** Per resource (URN): the engine's steps and the properties they change. */
export type Plan = Map<string, { ops: string[]; diffs: string[] }>;

const STEP_OPS = new Set(["create", "update", "delete", "replace", "create-replacement", "delete-replaced"]);

/** The steps and changed properties of a preview or update of `host`'s resources, from its engine events. */
export function planRecorder(host: Host): { plan: Plan; onEvent: (event: EngineEvent) => void } {
  const plan: Plan = new Map();
  return {
    plan,
    onEvent: (event) => {
      const step = event.resourcePreEvent?.metadata;
      if (!step?.type.startsWith(TOKEN_PREFIX[host]) || !STEP_OPS.has(step.op)) return;
      const entry = plan.get(step.urn) ?? { ops: [], diffs: [] };
      entry.ops = [...entry.ops, step.op].sort();
      entry.diffs = [...new Set([...entry.diffs, ...(step.diffs ?? [])])].sort();
      plan.set(step.urn, entry);
    },
  };
}
