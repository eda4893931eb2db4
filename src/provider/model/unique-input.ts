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
