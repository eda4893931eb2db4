/** The adoption capability: taking over an object that already exists on the platform. */
import type { ImportIdForm } from "./import-id";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/** How a type takes over an existing object: by its `adoptId` input, or by `pulumi import`. */
export interface Adoption<I extends Values, S extends Values> {
  /**
   * Takes over the existing object `id` (the `adoptId` input). Default: converge it with
   * `update`, taking ownership of the declared fields only. A type whose objects need more to be
   * usable declares it (an API user is rotated once, for a secret the program can hold).
   */
  adopt?(ctx: ResourceContext, id: string, inputs: I): Promise<S>;
  /** How `pulumi import` names an object of this type, when not its parents then its id (`import-id.ts`). */
  importId?: ImportIdForm | undefined;
}
