/**
 * Duplicates within one program: the program's process sees every resource it constructs, so two
 * resources of a type that claim the same `externalId` under the same parent are caught before any
 * API call, instead of failing midway through `up` with 409 DUPLICATE_EXTERNAL_ID.
 *
 * Values are compared when they are plain; an Output (such as a parent's `companyId` not known
 * during preview) is compared by identity, so two children of the same new company still clash.
 * Outputs are also compared by value once resolved.
 */
import * as pulumi from "@pulumi/pulumi";

/** The input that must be unique among siblings. */
export const UNIQUE_INPUT = "externalId";

/** A resource that claimed a key. */
interface Claim {
  type: string;
  name: string;
}

const outputIds = new WeakMap<object, number>();
let nextOutputId = 0;

function identityOf(value: unknown): string {
  if (typeof value !== "object" || value === null) return `value:${JSON.stringify(value)}`;
  let id = outputIds.get(value);
  if (id === undefined) {
    id = nextOutputId++;
    outputIds.set(value, id);
  }
  return `output#${id}`;
}

/** A value for a message: strings as they are, an Output as such. */
function shown(value: unknown): string {
  if (typeof value === "string") return value;
  if (pulumi.Output.isInstance(value)) return "(an Output)";
  return JSON.stringify(value) ?? "undefined";
}

function duplicateError(claim: Claim, first: Claim, externalId: string, scope: readonly string[]): Error {
  const where = scope.length > 0 ? ` under the same ${scope.join(" and ")}` : "";
  return new Error(
    `${claim.type} "${claim.name}" has externalId "${externalId}", already used by ${first.type} "${first.name}"${where}: ` +
      `the platform rejects the second one (409 DUPLICATE_EXTERNAL_ID); give each its own externalId`,
  );
}

/** A per-process index of the `externalId`s claimed per type and parent. */
export class DuplicateIndex {
  private readonly claims = new Map<string, Claim>();

  /**
   * Records the claim of resource `name` of `type` with `args`, scoped by the parent inputs
   * `scope`. Throws at once when the same plain or same-Output key was claimed before; checks the
   * resolved values later (the Output then fails with the same message).
   */
  claim(type: string, name: string, args: Record<string, unknown>, scope: readonly string[]): void {
    const externalId = args[UNIQUE_INPUT];
    if (externalId === undefined) return;
    const claim: Claim = { type, name };
    this.take(
      JSON.stringify([type, ...scope.map((key) => identityOf(args[key])), identityOf(externalId)]),
      claim,
      shown(externalId),
      scope,
    );
    const anyOutput = [externalId, ...scope.map((key) => args[key])].some((value) =>
      pulumi.Output.isInstance(value),
    );
    if (!anyOutput) return;
    void pulumi
      .all([pulumi.output(externalId), ...scope.map((key) => pulumi.output(args[key]))])
      .apply(([resolvedId, ...parents]) => {
        if (resolvedId === undefined) return;
        this.take(
          JSON.stringify(["resolved", type, ...parents.map((value) => JSON.stringify(value)), resolvedId]),
          claim,
          shown(resolvedId),
          scope,
        );
      });
  }

  private take(key: string, claim: Claim, externalId: string, scope: readonly string[]): void {
    const first = this.claims.get(key);
    if (first !== undefined && first.name !== claim.name)
      throw duplicateError(claim, first, externalId, scope);
    this.claims.set(key, claim);
  }
}

/**
 * Throws when `args` names a property the input schema does not declare: the names are known in
 * the program even when values are not, so `up` (which may skip the preview) fails before it
 * registers the resource instead of after its parent was created.
 */
export function assertKnownKeys(
  type: string,
  name: string,
  args: Record<string, unknown>,
  known: readonly string[],
): void {
  const unknown = Object.keys(args).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new Error(
      `${type} "${name}": ${unknown.map((key) => `${key} is not a known property`).join("; ")}`,
    );
  }
}

/** The index of this process's program. */
export const programDuplicates = new DuplicateIndex();
