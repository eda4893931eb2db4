/**
 * Objects created or adopted in this run, claimed in its {@link Run}: when a resource of the run created (or adopted) an object, a delete
 * of the same object later in the run comes from another resource that held it before, as when a
 * singleton setting (a company config, the features, a group's roles) moves to a resource of
 * another name. `up` creates the new resource first and deletes the old one last, so that delete
 * would remove what the new resource just wrote: it leaves the object to its new owner instead.
 */
import type { Run } from "../model/run";
import type { TypeProvider } from "./type-provider";
import type { Values } from "../model/values";

/** `provider` with its creates claimed in `run` and its deletes of claimed objects left out. */
export function withRunClaims(
  type: string,
  provider: TypeProvider,
  run: Run,
): Pick<TypeProvider, "create" | "delete"> {
  return {
    async create(inputs: Values, resource) {
      const result = await provider.create(inputs, resource);
      run.claim(type, result.id);
      return result;
    },
    async delete(id: string, recorded: Values) {
      if (run.isClaimed(type, id)) return;
      await provider.delete(id, recorded);
    },
  };
}
