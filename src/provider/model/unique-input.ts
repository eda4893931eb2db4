/** Inputs the platform keeps unique among the objects of a type under the same parents. */

/** An input whose value must be unique among the resources of a type with the same parents. */
export interface UniqueInput {
  /** The input, such as `externalId`. */
  input: string;
  /** How the platform compares values (default: exactly). */
  caseInsensitive?: boolean | undefined;
  /** Why, for the message: what the platform answers to the second one. */
  rejection: string;
}

/** The `externalId` rule the platform applies to most objects. */
export const UNIQUE_EXTERNAL_ID: UniqueInput = {
  input: "externalId",
  rejection: "the platform rejects the second one (409 DUPLICATE_EXTERNAL_ID)",
};

/** A resource that claimed a unique value. */
export interface UniqueClaim {
  type: string;
  name: string;
}

/**
 * The message of a second resource (`claim`) taking `value` of `rule`'s input, which `first`
 * holds under the same `scope` inputs: the same words on both hosts.
 */
export function duplicateMessage(
  claim: UniqueClaim,
  first: UniqueClaim,
  value: string,
  scope: readonly string[],
  rule: UniqueInput,
): string {
  const where = scope.length > 0 ? ` under the same ${scope.join(" and ")}` : "";
  return (
    `${claim.type} "${claim.name}" has ${rule.input} "${value}", already used by ${first.type} "${first.name}"${where}: ` +
    `${rule.rejection}; give each its own ${rule.input}`
  );
}

/** The value of a unique input as the platform compares it. */
export function comparedValue(value: unknown, rule: UniqueInput): unknown {
  return rule.caseInsensitive === true && typeof value === "string" ? value.trim().toLowerCase() : value;
}

/** The rules of a definition's uniqueness capability, each with the inputs it is unique within. */
export function uniqueRules(uniqueness: {
  uniqueExternalIdWithin?: readonly string[] | undefined;
  uniqueInputs?: readonly (UniqueInput & { within: readonly string[] })[] | undefined;
}): (UniqueInput & { within: readonly string[] })[] {
  return [
    ...(uniqueness.uniqueExternalIdWithin === undefined
      ? []
      : [{ ...UNIQUE_EXTERNAL_ID, within: uniqueness.uniqueExternalIdWithin }]),
    ...(uniqueness.uniqueInputs ?? []),
  ];
}
