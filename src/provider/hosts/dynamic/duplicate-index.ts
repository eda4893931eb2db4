/**
 * Duplicates within one program: the program's process sees every resource it constructs, so two
 * resources of a type that claim the same unique value (an `externalId`, a custom field's name, a
 * partner key's kid) under the same parent are caught before any API call, instead of failing
 * midway through `up` with a 409.
 *
 * Values are compared when they are plain; an Output (such as a parent's `companyId` not known
 * during preview) is compared by identity, so two children of the same new company still clash.
 * Outputs are also compared by value once resolved.
 */
import { all, Output, output } from "@pulumi/pulumi/output";
import { programError } from "./program-error";
import { isMetaKey } from "../../model/codec";
import {
  comparedValue,
  duplicateMessage,
  UNIQUE_EXTERNAL_ID,
  type UniqueClaim,
  type UniqueInput,
} from "../../model/unique-input";

/** A value for a message: strings as they are, an Output as such. */
function shown(value: unknown): string {
  if (typeof value === "string") return value;
  if (Output.isInstance(value)) return "(an Output)";
  return JSON.stringify(value) ?? "undefined";
}

/** An index of the unique values one program claimed per type and parent (`program-scope.ts`). */
export class DuplicateIndex {
  private readonly claims = new Map<string, UniqueClaim>();
  private readonly outputIds = new WeakMap<object, number>();
  private nextOutputId = 0;

  /** A key for `value`: plain values by value, an Output by identity. */
  private identityOf(value: unknown): string {
    if (typeof value !== "object" || value === null) return `value:${JSON.stringify(value)}`;
    let id = this.outputIds.get(value);
    if (id === undefined) {
      id = this.nextOutputId++;
      this.outputIds.set(value, id);
    }
    return `output#${id}`;
  }

  /**
   * Records the claim of resource `name` of `type` with `args` on `rule`'s input, scoped by the
   * parent inputs `scope`. Throws at once when the same plain or same-Output key was claimed
   * before; checks the resolved values later (the Output then fails with the same message).
   */
  claim(
    type: string,
    name: string,
    args: Record<string, unknown>,
    scope: readonly string[],
    rule: UniqueInput = UNIQUE_EXTERNAL_ID,
  ): void {
    const value = args[rule.input];
    if (value === undefined) return;
    const claim: UniqueClaim = { type, name };
    const key = (parents: readonly string[], own: string) =>
      JSON.stringify([type, rule.input, ...parents, own]);
    this.take(
      key(
        scope.map((input) => this.identityOf(args[input])),
        this.identityOf(comparedValue(value, rule)),
      ),
      claim,
      shown(value),
      scope,
      rule,
    );
    const anyOutput = [value, ...scope.map((input) => args[input])].some((item) => Output.isInstance(item));
    if (!anyOutput) return;
    void all([output(value), ...scope.map((input) => output(args[input]))]).apply(
      ([resolved, ...parents]) => {
        if (resolved === undefined) return;
        this.take(
          key(
            ["resolved", ...parents.map((parent) => JSON.stringify(parent))],
            JSON.stringify(comparedValue(resolved, rule)),
          ),
          claim,
          shown(resolved),
          scope,
          rule,
        );
      },
    );
  }

  private take(
    key: string,
    claim: UniqueClaim,
    value: string,
    scope: readonly string[],
    rule: UniqueInput,
  ): void {
    const first = this.claims.get(key);
    if (first !== undefined && first.name !== claim.name)
      throw programError(duplicateMessage(claim, first, value, scope, rule));
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
  const unknown = Object.keys(args).filter((key) => !known.includes(key) && !isMetaKey(key));
  if (unknown.length > 0) {
    throw programError(
      `${type} "${name}": ${unknown.map((key) => `${key} is not a known property`).join("; ")}`,
    );
  }
}
