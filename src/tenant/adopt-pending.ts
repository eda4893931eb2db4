/**
 * Rewrites a `pulumi stack export` document so that each pending create (left by an interrupted
 * `pulumi up`) whose platform object reconcile found becomes a recorded resource with that id, and
 * the pending creates that made nothing are dropped. Importing the result (`pulumi stack import`)
 * and refreshing adopts the objects: the engine's own `--import-pending-creates` drops dynamic
 * resources instead of importing them (verified with the CLI 3.259, docs/reliability.md).
 */
import type { PendingMatch } from "./reconcile-plan";

type Json = Record<string, unknown>;

/** Thrown when a pending create matches several objects: a human must choose. */
export class AmbiguousPendingError extends Error {
  constructor(readonly urns: string[]) {
    super(
      `pending creates with several matching objects: ${urns.join(", ")}; delete the extra objects ` +
        `(pulumi-travel reconcile --delete <Type>:<id>) and run reconcile again`,
    );
    this.name = "AmbiguousPendingError";
  }
}

/**
 * Thrown when a pending create of a TMC object (an API user) made objects that are still there:
 * dropping the create would leave them orphans whose secrets nobody holds, out of every later
 * reconcile's sight (no pending create names them any more).
 */
export class UnrevokedPendingError extends Error {
  constructor(
    readonly objects: readonly { type: string; id: string }[],
    stackArg: string,
    creates: number,
  ) {
    const others =
      objects.length > creates
        ? ` ${objects.length} appeared for the stack's ${creates} pending create(s), so someone else made some meanwhile: revoke only those you know this stack made.`
        : "";
    super(
      `pending creates made ${objects.length} object(s) that are still active and whose secrets are lost: ` +
        `${objects.map((o) => `${o.type} ${o.id}`).join(", ")}. Revoke each first (${objects
          .map((o) => `pulumi-travel reconcile --stack ${stackArg} --delete ${o.type}:${o.id}`)
          .join(
            "; ",
          )}), then run --adopt-pending again: the next up makes them anew with secrets that work. ` +
        "Only objects that appeared since the stack's pending creates were checked are named; an older one " +
        `(another stack's or a person's) never is.${others}`,
    );
    this.name = "UnrevokedPendingError";
  }
}

/**
 * The export with the pending creates of `pending` resolved; the input is not modified. Refuses
 * while a pending create matches several objects, or made TMC objects that are still active.
 */
export function adoptPendingCreates(
  exported: Json,
  pending: readonly PendingMatch[],
  stackArg = "state.json",
): Json {
  const ambiguous = pending.filter((p) => p.matches.length > 1).map((p) => p.urn);
  if (ambiguous.length > 0) throw new AmbiguousPendingError(ambiguous);
  const made = new Map(pending.flatMap((p) => p.appeared ?? []).map((o) => [`${o.type}:${o.id}`, o]));
  const creates = pending.filter((p) => p.appeared !== undefined).length;
  if (made.size > 0) throw new UnrevokedPendingError([...made.values()], stackArg, creates);
  const byUrn = new Map(pending.map((p) => [p.urn, p]));
  const deployment = { ...(exported.deployment as Json) };
  const resources = [...((deployment.resources as Json[] | null | undefined) ?? [])];
  const kept: Json[] = [];
  for (const operation of (deployment.pending_operations as Json[] | null | undefined) ?? []) {
    const resource = operation.resource as Json;
    const match = operation.type === "creating" ? byUrn.get(String(resource.urn)) : undefined;
    if (!match) {
      kept.push(operation);
      continue;
    }
    const [object] = match.matches;
    if (object === undefined) continue; // Nothing was made: the next up creates it.
    const inputs = (resource.inputs as Json | undefined) ?? {};
    resources.push({ ...resource, id: object.id, inputs, outputs: { ...inputs } });
  }
  deployment.resources = resources;
  deployment.pending_operations = kept;
  return { ...exported, deployment };
}
