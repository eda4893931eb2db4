/**
 * The platform's list shapes, one adapter each: how a request asks for a page and where the
 * response reports the total. The loop itself is `paginate.ts`; `list-collection.ts` binds both
 * to a {@link TravelClient}. Shapes from the vendor's OpenAPI documents and the platform spec.
 */
import type { PagePosition } from "./paginate";
import type { QueryValue } from "./url";

/** How one list shape asks for a page and reads the total back. */
export interface ListShape {
  /** The HTTP method of the listing. */
  readonly method: "GET" | "POST";
  /** The query parameters or body fields that ask for the page at `position`. */
  ask(position: PagePosition): { query?: Record<string, QueryValue>; body?: Record<string, unknown> };
  /** The total number of results the response reports, when it does. */
  total(response: object): number | undefined;
}

/** The number at `path` inside `value`, when there is one there. */
function numberAt(value: unknown, ...path: string[]): number | undefined {
  let found = value;
  for (const key of path) {
    if (typeof found !== "object" || found === null) return undefined;
    found = Reflect.get(found, key);
  }
  return typeof found === "number" ? found : undefined;
}

/** The adapters, by name. */
export const LIST_SHAPES = {
  /**
   * `GET ?offset&limit`: companies (`{ elements, totalNumResults }`) and API users
   * (`{ apiUsers, totalCount }`).
   */
  offsetQuery: {
    method: "GET",
    ask: ({ offset, limit }) => ({ query: { offset, limit } }),
    total: (response) => numberAt(response, "totalNumResults") ?? numberAt(response, "totalCount"),
  },
  /**
   * `GET ?pageNumber&pageSize` (from 1): legal entities and offices, `{ elements, totalNumResults }`.
   * After a short page the size shrinks so that the next page starts at the items received.
   */
  pageNumberQuery: {
    method: "GET",
    ask: ({ pageNumber, numberedSize }) => ({ query: { pageNumber, pageSize: numberedSize } }),
    total: (response) => numberAt(response, "totalNumResults"),
  },
  /** `POST` with `pagination: { offset, limit }`: the RBAC lists, `pagination.totalNumResults`. */
  paginationBody: {
    method: "POST",
    ask: ({ offset, limit }) => ({ body: { pagination: { offset, limit } } }),
    total: (response) => numberAt(response, "pagination", "totalNumResults"),
  },
  /**
   * `POST` with `paginationParams: { offset, limit }`: the v3 directories, grades and custom
   * fields, `paginationParams.totalNumResults`.
   */
  paginationParamsBody: {
    method: "POST",
    ask: ({ offset, limit }) => ({ body: { paginationParams: { offset, limit } } }),
    total: (response) => numberAt(response, "paginationParams", "totalNumResults"),
  },
  /** `POST` with top-level `offset` and `limit`: the trip listing, `{ trips, totalCount }`. */
  offsetBody: {
    method: "POST",
    ask: ({ offset, limit }) => ({ body: { offset, limit } }),
    total: (response) => numberAt(response, "totalCount"),
  },
} as const satisfies Record<string, ListShape>;

/** The name of a list shape. */
export type ListShapeName = keyof typeof LIST_SHAPES;
