/**
 * Objects created or adopted in this run, claimed in its {@link Run}: when a resource of the run created (or adopted) an object, a delete
 * of the same object later in the run comes from another resource that held it before, as when a
 * singleton setting (a company config, the features, a group's roles) moves to a resource of
 * another name. `up` creates the new resource first and deletes the old one last, so that delete
 * would remove what the new resource just wrote: it leaves the object to its new owner instead.
 */
import type { Values } from "../model/values";
import type { Run } from "../model/run";
import type { TypeOperations } from "./type-operations";

/** `operations` with their creates claimed in `run` and their deletes of claimed objects left out. */
export function withRunClaims<I extends Values, S extends Values>(
  type: string,
  operations: TypeOperations<I, S>,
  run: Run,
): TypeOperations<I, S> {
  return {
    ...operations,
    async create(news, resource) {
      const result = await operations.create(news, resource);
      run.claim(type, result.id);
      return result;
    },
    async delete(id, recorded) {
      if (run.isClaimed(type, id)) return;
      await operations.delete(id, recorded);
    },
  };
}
