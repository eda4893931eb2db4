/**
 * Reads listed objects whole, a few at a time, for the inventories that `export` and `reconcile`
 * walk: a listing names the objects, and each object's own read returns every field.
 */
import type { TravelClient } from "../client";
import type { Entity } from "../provider/kit";
import { readUnlessGone } from "./gone";

/** Objects read at once while describing a listing. */
const READ_CONCURRENCY = 8;

/** `read` of each item, at most {@link READ_CONCURRENCY} at once, in the items' order. */
export async function mapLimited<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await read(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, items.length) }, worker));
  return out;
}

/**
 * Each listed item read whole at `pathOf(id)`, with the listed id; items gone meanwhile (a 404
 * with one of `notFoundCodes`) are left out, any other error is thrown.
 */
export async function readEach(
  client: TravelClient,
  listed: readonly { id: string }[],
  pathOf: (id: string) => string,
  notFoundCodes: readonly string[],
): Promise<Entity[]> {
  const read = await mapLimited(listed, async ({ id }) => {
    const entity = await readUnlessGone(notFoundCodes, () => client.get<Record<string, unknown>>(pathOf(id)));
    return entity === undefined ? undefined : { ...entity, id };
  });
  return read.filter((entity): entity is Entity => entity !== undefined);
}
