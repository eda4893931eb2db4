/** The uniqueness capability: inputs the platform keeps unique under the same parents. */
import type { UniqueInput } from "./unique-input";

/** Inputs two resources of a type in one program may not share; such a program fails before any API call. */
export interface Uniqueness {
  /**
   * `externalId` must be unique among the objects of this type with the same values of these
   * inputs (its parents; empty for a top-level object), as the platform requires.
   */
  uniqueExternalIdWithin?: readonly string[] | undefined;
  /**
   * Other inputs the platform keeps unique among the objects of this type with the same values of
   * `within` (a custom field's name per company, a partner key's kid).
   */
  uniqueInputs?: readonly (UniqueInput & { within: readonly string[] })[] | undefined;
}
