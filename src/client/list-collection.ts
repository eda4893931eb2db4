/**
 * Reads a platform listing through a {@link TravelClient}: the bounded loop of `paginate.ts` with
 * the adapter of the listing's shape (`list-shapes.ts`). Every list in pulumi-travel goes through
 * {@link listEach} or {@link listAll}; {@link listElements} and {@link listPosted} are the two
 * shapes of the company's own collections, deduplicated by id, for the resources' create lookups
 * and the live-tenant reader.
 */
import { z } from "zod";
import { LIST_SHAPES, type ListShape, type ListShapeName } from "./list-shapes";
import { collect, DEFAULT_MAX_ITEMS, DEFAULT_PAGE_SIZE, paginate } from "./paginate";
import type { TravelClient } from "./travel-client";
import type { QueryValue } from "./url";

/** Items requested per page. */
export const LIST_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Pages read at most per listing of {@link LIST_PAGE_SIZE} items, by the default cap. */
export const LIST_MAX_PAGES = DEFAULT_MAX_ITEMS / DEFAULT_PAGE_SIZE;

/** One listing: where it is, its shape, the schema of a page and where a page holds its items. */
export interface ListRequest<P extends object, T> {
  /** The listing's path, built with `apiPath`. */
  path: string;
  /** How the listing pages (see {@link LIST_SHAPES}). */
  shape: ListShapeName;
  /** The schema of one page's response; a page that does not match fails the listing. */
  page: z.ZodType<P>;
  /** The items of a page, such as `(page) => page.userGroups`. */
  items(page: P): readonly T[];
  /** Query parameters sent with every page (filters); the page's own parameters win. */
  query?: Record<string, QueryValue> | undefined;
  /** Body fields sent with every page of a POST listing (filters); the page's own fields win. */
  body?: Record<string, unknown> | undefined;
  /** Items per page (default {@link LIST_PAGE_SIZE}). */
  pageSize?: number | undefined;
  /** Items the listing may hold (default 10 000); past it the listing throws `PaginationLimitError`. */
  maxItems?: number | undefined;
}

/**
 * The `page` and `items` of a listing that has no response schema of its own: its items are an
 * array of `item` under `key` (absent: none).
 */
export function itemsUnder<I extends z.ZodType>(key: string, item: I) {
  return {
    page: z.looseObject({ [key]: z.array(item).default([]) }),
    items: (page: Record<string, z.output<I>[] | undefined>): z.output<I>[] => page[key] ?? [],
  };
}

/** Every item of a listing, page by page as they are read; stop early by leaving the loop. */
export function listEach<P extends object, T>(
  client: TravelClient,
  request: ListRequest<P, T>,
): AsyncGenerator<T, void, undefined> {
  const shape: ListShape = LIST_SHAPES[request.shape];
  return paginate(
    async (position) => {
      const asked = shape.ask(position);
      const { data } = await client.request({
        method: shape.method,
        path: request.path,
        query: { ...request.query, ...asked.query },
        ...(shape.method === "POST" ? { body: { ...request.body, ...asked.body }, idempotent: true } : {}),
        schema: request.page,
      });
      return { items: request.items(data), total: shape.total(data) };
    },
    { pageSize: request.pageSize, maxItems: request.maxItems, listing: `${shape.method} ${request.path}` },
  );
}

/**
 * Every item of a listing, read whole. With `uniqueBy`, an item listed twice (the listing moved
 * under the pages) is kept once, at its first place, with its latest content.
 */
export async function listAll<P extends object, T>(
  client: TravelClient,
  request: ListRequest<P, T> & { uniqueBy?: ((item: T) => string) | undefined },
): Promise<T[]> {
  const { uniqueBy } = request;
  if (uniqueBy === undefined) return collect(listEach(client, request));
  const found = new Map<string, T>();
  for await (const item of listEach(client, request)) found.set(uniqueBy(item), item);
  return [...found.values()];
}

/** A listed item: its id, name when shown, and whatever else the platform returned. */
export type ListedItem = { id: string; name?: string | undefined } & Record<string, unknown>;

/** The schema of a {@link ListedItem}. */
export const listedItemSchema = z.looseObject({ id: z.string().min(1), name: z.string().optional() });

/** The id of a listed item, for `uniqueBy`. */
export const byId = (item: { id: string }): string => item.id;

/** Every element of `GET path` (paged with `pageNumber`/`pageSize`), with `query` added, by id. */
export function listElements(
  client: TravelClient,
  path: string,
  query: Record<string, QueryValue> = {},
): Promise<ListedItem[]> {
  return listAll(client, {
    path,
    shape: "pageNumberQuery",
    ...itemsUnder("elements", listedItemSchema),
    query,
    uniqueBy: byId,
  });
}

/** Every item under `key` of `POST path` (paged with `paginationParams`), with `body` added, by id. */
export function listPosted(
  client: TravelClient,
  path: string,
  key: string,
  body: Record<string, unknown> = {},
): Promise<ListedItem[]> {
  return listAll(client, {
    path,
    shape: "paginationParamsBody",
    ...itemsUnder(key, listedItemSchema),
    body,
    uniqueBy: byId,
  });
}
