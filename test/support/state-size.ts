/**
 * The size of a stack's state on a `file://` backend, per resource: what the engine keeps of each
 * resource, without the `stackTrace` and `sourcePosition` it records of the program (they grow
 * with the program's language and layout, not with the provider). Shared by the YAML e2e and the
 * plugin bench.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A resource of a checkpoint, as far as the callers read it. */
export interface StateResource {
  urn: string;
  type: string;
  outputs?: Record<string, unknown>;
}

/** The checkpoint file of `project`'s stack `stack` on the `file://` backend in `backendDir`, as text. */
export function checkpointText(backendDir: string, project: string, stack: string): string {
  return readFileSync(join(backendDir, ".pulumi", "stacks", project, `${stack}.json`), "utf8");
}

/** The resources of a checkpoint's text (none once the stack is destroyed). */
export function checkpointResources(text: string): StateResource[] {
  const parsed = JSON.parse(text) as { checkpoint: { latest?: { resources?: StateResource[] } } };
  return parsed.checkpoint.latest?.resources ?? [];
}

/** The resources a program declared: not the stack, not a provider. */
export function declaredResources(resources: readonly StateResource[]): StateResource[] {
  return resources.filter((r) => r.type !== "pulumi:pulumi:Stack" && !r.type.startsWith("pulumi:providers:"));
}

/** The bytes of `resource`'s JSON without `stackTrace` and `sourcePosition`. */
export function resourceBytes(resource: StateResource): number {
  return JSON.stringify(resource, (key, value: unknown) =>
    key === "stackTrace" || key === "sourcePosition" ? undefined : value,
  ).length;
}

/** The average of {@link resourceBytes} over the declared resources of a checkpoint's text (0 for none). */
export function bytesPerResource(text: string): number {
  const resources = declaredResources(checkpointResources(text));
  if (resources.length === 0) return 0;
  return resources.reduce((sum, r) => sum + resourceBytes(r), 0) / resources.length;
}
