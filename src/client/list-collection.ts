/**
 * Reads a whole platform collection, page by page, in the two list shapes the Company API uses:
 * `GET <path>?pageNumber&pageSize` answering `{ elements, totalNumResults }`, and
 * `POST <path>/list` with `paginationParams: { offset, limit }` answering `{ <key>: [...],
 * paginationParams: { totalNumResults } }`. Shared by the create lookups of the resources and by
 * the live-tenant reader. Items are deduplicated by id and the number of pages is bounded, so a
 * server that ignores paging cannot loop a read forever.
 */
import { z } from "zod";
import type { QueryValue } from "./url";
import type { TravelClient } from "./travel-client";

/** Items requested per page. */
export const LIST_PAGE_SIZE = 100;
/** Pages read at most per listing. */
export const LIST_MAX_PAGES = 100;

/** A listed item: its id, name when shown, and whatever else the platform returned. */
export type ListedItem = { id: string; name?: string | undefined } & Record<string, unknown>;

const itemSchema = z.looseObject({ id: z.string().min(1), name: z.string().optional() });
const getPageSchema = z.looseObject({
  elements: z.array(itemSchema).default([]),
  totalNumResults: z.number().optional(),
});
const postPageSchema = z.looseObject({
  paginationParams: z.looseObject({ totalNumResults: z.number().optional() }).optional(),
});

async function allPages(
  fetchPage: (page: number) => Promise<{ items: ListedItem[]; total: number | undefined }>,
): Promise<ListedItem[]> {
  const found = new Map<string, ListedItem>();
  for (let page = 0; page < LIST_MAX_PAGES; page++) {
    const { items, total } = await fetchPage(page);
    for (const item of items) found.set(item.id, item);
    if (items.length < LIST_PAGE_SIZE || (total !== undefined && found.size >= total)) break;
  }
  return [...found.values()];
}

/** Every element of `GET path` (paged with `pageNumber`/`pageSize`), with `query` added. */
export function listElements(
  client: TravelClient,
  path: string,
  query: Record<string, QueryValue> = {},
): Promise<ListedItem[]> {
  return allPages(async (page) => {
    const response = await client.get(path, {
      query: { ...query, pageNumber: page + 1, pageSize: LIST_PAGE_SIZE },
      schema: getPageSchema,
    });
    return { items: response.elements, total: response.totalNumResults };
  });
}

/** Every item under `key` of `POST path` (paged with `paginationParams`), with `body` added. */
export function listPosted(
  client: TravelClient,
  path: string,
  key: string,
  body: Record<string, unknown> = {},
): Promise<ListedItem[]> {
  return allPages(async (page) => {
    const response = await client.post<Record<string, unknown>>(path, {
      body: { ...body, paginationParams: { offset: page * LIST_PAGE_SIZE, limit: LIST_PAGE_SIZE } },
      schema: postPageSchema,
      idempotent: true,
    });
    const parsed = z.array(itemSchema).safeParse(response[key] ?? []);
    if (!parsed.success) throw new Error(`${path}: unexpected ${key}: ${parsed.error.message}`);
    const total = (response.paginationParams as { totalNumResults?: number } | undefined)?.totalNumResults;
    return { items: parsed.data, total };
  });
}
