/**
 * Async iteration over offset/limit list endpoints, with a hard cap so that a server that ignores
 * `offset` cannot loop a run forever.
 */

/** One page as a fetcher returns it. */
export interface Page<T> {
  items: T[];
  /** Total number of results, when the endpoint reports it. */
  total?: number | undefined;
}

/** Paging settings. */
export interface PaginateOptions {
  /** Items requested per page. */
  pageSize?: number | undefined;
  /** Items yielded at most; more results throw instead of being dropped silently. */
  maxItems?: number | undefined;
}

/** Thrown when a listing holds more items than `maxItems`. */
export class PaginationLimitError extends Error {
  readonly kind = "pagination_limit";

  constructor(readonly maxItems: number) {
    super(`listing has more than ${maxItems} items; raise maxItems or narrow the query`);
    this.name = "PaginationLimitError";
  }
}

/** Yields every item of an offset/limit listing, fetching pages lazily. */
export async function* paginate<T>(
  fetchPage: (offset: number, limit: number) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const pageSize = options.pageSize ?? 100;
  const maxItems = options.maxItems ?? 10_000;
  let offset = 0;
  for (;;) {
    const page = await fetchPage(offset, pageSize);
    for (const item of page.items) {
      if (offset >= maxItems) throw new PaginationLimitError(maxItems);
      offset++;
      yield item;
    }
    const exhausted =
      page.items.length === 0 ||
      page.items.length < pageSize ||
      (page.total !== undefined && offset >= page.total);
    if (exhausted) return;
  }
}

/** Collects a whole listing into an array (bounded by `maxItems`). */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
