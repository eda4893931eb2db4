/**
 * The one pagination loop of pulumi-travel: it asks a page source for page after page until the
 * listing ends, and stops at a hard cap with a {@link PaginationLimitError} instead of truncating
 * silently, so that a server that ignores paging cannot loop a run forever. Each list shape of the
 * platform is an adapter over this loop (see `list-shapes.ts` and `list-collection.ts`). Models:
 * stripe-node's `autoPagination` (one loop, bounded) and octokit's
 * `normalize-paginated-list-response` (one adapter per list shape).
 */

/** Items requested per page unless a listing says otherwise (the platform's usual maximum). */
export const DEFAULT_PAGE_SIZE = 100;
/** Items a listing may hold unless it says otherwise; more throw {@link PaginationLimitError}. */
export const DEFAULT_MAX_ITEMS = 10_000;

/** Where one page starts, in every form a list shape may ask for it. */
export interface PagePosition {
  /** The page's index, from 0 (pages asked so far). */
  readonly index: number;
  /** Items before this page: the items received so far, never `index * limit`. */
  readonly offset: number;
  /** Items asked for: the page size. */
  readonly limit: number;
  /**
   * The page's number, from 1, for listings that page by number: page `pageNumber` of
   * `numberedSize` items starts at `offset`.
   */
  readonly pageNumber: number;
  /**
   * The page size to send with {@link pageNumber}: `limit`, or after a short page the largest size
   * up to `limit` whose pages start at `offset`.
   */
  readonly numberedSize: number;
}

/** One page as a page source returns it. */
export interface Page<T> {
  items: readonly T[];
  /** Total number of results, when the endpoint reports it. */
  total?: number | undefined;
  /** True when the endpoint says this page is the last (an `isLastPage` flag, no next marker). */
  last?: boolean | undefined;
}

/** Paging settings. */
export interface PaginateOptions {
  /** Items requested per page (default {@link DEFAULT_PAGE_SIZE}). */
  pageSize?: number | undefined;
  /** Items a listing may hold (default {@link DEFAULT_MAX_ITEMS}); more throw instead of being dropped. */
  maxItems?: number | undefined;
  /** What is listed, named in errors: `POST /v3/companies/c1/user-groups/list`. */
  listing?: string | undefined;
}

/** Thrown when a listing holds more than its cap of items, or a server keeps sending pages past it. */
export class PaginationLimitError extends Error {
  /** Stable discriminator; use it instead of `instanceof`. */
  readonly kind = "pagination_limit";

  constructor(
    /** What was listed, such as `GET /v2/companies`. */
    readonly listing: string,
    /** The cap that was reached. */
    readonly maxItems: number,
  ) {
    super(
      `${listing}: the listing did not end within ${maxItems} items (the paging cap); narrow the query, ` +
        "raise maxItems, or check that the server honours paging",
    );
    this.name = "PaginationLimitError";
  }
}

/**
 * Thrown when a server answers the same page twice while its own total says more items follow: it
 * does not honour the paging asked for, and ending there would drop the rest silently.
 */
export class PaginationRepeatError extends Error {
  /** Stable discriminator; use it instead of `instanceof`. */
  readonly kind = "pagination_repeat";

  constructor(
    readonly listing: string,
    /** Items read before the repeated page. */
    readonly read: number,
    /** The total the server reported. */
    readonly total: number,
  ) {
    super(
      `${listing}: the server answered the same page twice after ${read} of the ${total} items it ` +
        "reports; it does not honour the paging asked for, so the listing cannot be read whole",
    );
    this.name = "PaginationRepeatError";
  }
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a positive integer (got ${value})`);
  }
  return value;
}

/**
 * True when `page` ends the listing by the platform's own signals: it says so, the items received
 * reach the reported total, or it is empty. A short page is not the end: a platform may answer
 * fewer items than asked (a smaller page cap) while more follow.
 */
function isLastPage(page: Page<unknown>, seen: number): boolean {
  if (page.last === true || page.items.length === 0) return true;
  return page.total !== undefined && seen >= page.total;
}

/**
 * Where the page after `seen` items starts, `limit` items asked for; a numbered page is at most
 * `served` items, the most a page held while more followed (the server's own page size), since a
 * server that serves smaller pages than asked counts its page numbers in its own size.
 */
function positionAt(index: number, seen: number, limit: number, served: number): PagePosition {
  let numberedSize = Math.min(limit, served);
  while (seen % numberedSize !== 0) numberedSize--;
  return { index, offset: seen, limit, pageNumber: seen / numberedSize + 1, numberedSize };
}

/**
 * Yields every item of a listing, fetching pages lazily through `fetchPage`; each page starts
 * after the items received so far. A page that repeats the one before it (a server that ignores
 * the page asked for, as an unpaged listing does) ends the listing, its items not yielded twice;
 * when the server's total says more follow, it throws {@link PaginationRepeatError} instead of
 * dropping them. It throws {@link PaginationLimitError} on the first item past `maxItems`.
 */
export async function* paginate<T>(
  fetchPage: (position: PagePosition) => Promise<Page<T>>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const pageSize = positiveInteger("pageSize", options.pageSize ?? DEFAULT_PAGE_SIZE);
  const maxItems = positiveInteger("maxItems", options.maxItems ?? DEFAULT_MAX_ITEMS);
  const listing = options.listing ?? "listing";
  let seen = 0;
  let served = pageSize;
  let previous: string | undefined;
  // A page that does not end the listing holds an item, so at most maxItems + 1 pages are read.
  for (let index = 0; index <= maxItems; index++) {
    const position = positionAt(index, seen, pageSize, served);
    const page = await fetchPage(position);
    const content = page.items.length > 0 ? JSON.stringify(page.items) : undefined;
    if (content !== undefined && content === previous) {
      if (page.total !== undefined && seen < page.total)
        throw new PaginationRepeatError(listing, seen, page.total);
      return;
    }
    previous = content;
    if (page.items.length < position.numberedSize) served = Math.max(1, page.items.length);
    for (const item of page.items) {
      if (seen >= maxItems) throw new PaginationLimitError(listing, maxItems);
      seen++;
      yield item;
    }
    if (isLastPage(page, seen)) return;
  }
  throw new PaginationLimitError(listing, maxItems);
}

/** Collects a whole listing into an array (bounded by the listing's cap). */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
