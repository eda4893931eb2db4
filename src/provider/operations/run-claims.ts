/**
 * Objects created or adopted in this run. The engine starts one provider process per run and the
 * runtime holds one set for it: when a resource of the run created (or adopted) an object, a delete
 * of the same object later in the run comes from another resource that held it before, as when a
 * singleton setting (a company config, the features, a group's roles) moves to a resource of
 * another name. `up` creates the new resource first and deletes the old one last, so that delete
 * would remove what the new resource just wrote: it leaves the object to its new owner instead.
 */
import type { TypeProvider } from "./type-provider";
import type { Values } from "../model/values";

/** The key of the object `id` of `type` in a run's set of claimed objects. */
export const claimKey = (type: string, id: string): string => `${type}/${id}`;

/** `provider` with its creates recorded in `claimed` and its deletes of claimed objects left out. */
export function withRunClaims(
  type: string,
  provider: TypeProvider,
  claimed: Set<string>,
): Pick<TypeProvider, "create" | "delete"> {
  return {
    async create(inputs: Values) {
      const result = await provider.create(inputs);
      claimed.add(claimKey(type, result.id));
      return result;
    },
    async delete(id: string, recorded: Values) {
      if (claimed.has(claimKey(type, id))) return;
      await provider.delete(id, recorded);
    },
  };
}
