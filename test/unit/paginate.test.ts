import { describe, expect, it } from "vitest";
import {
  collect,
  type Page,
  type PagePosition,
  PaginationLimitError,
  paginate,
} from "../../src/client/paginate";

/**
 * A page source over `total` numbered items; `reportTotal` says whether pages carry the total,
 * `cap` is the most items the server answers per page whatever is asked.
 */
function listing(total: number, reportTotal = true, cap = Infinity) {
  const calls: PagePosition[] = [];
  const fetchPage = async (position: PagePosition): Promise<Page<number>> => {
    calls.push(position);
    const { offset, limit } = position;
    const length = Math.max(0, Math.min(limit, cap, total - offset));
    const items = Array.from({ length }, (_, i) => offset + i);
    return reportTotal ? { items, total } : { items };
  };
  return { calls, fetchPage };
}

/** A server that ignores the page asked for: always the same full page. */
function ignoresPaging(pageSize: number, total: number | undefined) {
  const calls: PagePosition[] = [];
  const fetchPage = async (position: PagePosition): Promise<Page<number>> => {
    calls.push(position);
    return { items: Array.from({ length: pageSize }, (_, i) => i), total };
  };
  return { calls, fetchPage };
}

describe("paginate", () => {
  // [what, items listed, pages report the total, page size, cap, pages read]
  const complete: [string, number, boolean, number, number | undefined, number][] = [
    ["several pages with a total", 250, true, 100, undefined, 3],
    ["an exact multiple, ended by the total", 200, true, 100, undefined, 2],
    ["an exact multiple, ended by an empty page", 200, false, 100, undefined, 3],
    ["an empty listing", 0, true, 100, undefined, 1],
    ["one short page, with a total", 7, true, 10, undefined, 1],
    ["exactly the cap, without a total", 30, false, 10, 30, 4],
    ["exactly the cap, with a total", 30, true, 10, 30, 3],
  ];
  it.each(complete)("reads %s in order", async (_what, total, reportTotal, pageSize, maxItems, pages) => {
    const { calls, fetchPage } = listing(total, reportTotal);
    const items = await collect(paginate(fetchPage, { pageSize, maxItems }));
    expect(items).toEqual(Array.from({ length: total }, (_, i) => i));
    expect(calls).toEqual(
      Array.from({ length: pages }, (_, index) => ({
        index,
        offset: index * pageSize,
        limit: pageSize,
        pageNumber: index + 1,
        numberedSize: pageSize,
      })),
    );
  });

  it.each([
    { total: 250, pageSize: 100, offsets: [0, 100, 200, 250] },
    { total: 7, pageSize: 10, offsets: [0, 7] },
  ])("reads $total items without a total until an empty page", async ({ total, pageSize, offsets }) => {
    const { calls, fetchPage } = listing(total, false);
    expect(await collect(paginate(fetchPage, { pageSize }))).toHaveLength(total);
    expect(calls.map((call) => call.offset)).toEqual(offsets);
  });

  it.each([
    { what: "with a total", reportTotal: true, pages: 5 },
    { what: "without a total", reportTotal: false, pages: 6 },
  ])("reads a listing answered one item per page whole, $what", async ({ reportTotal, pages }) => {
    const { calls, fetchPage } = listing(5, reportTotal, 1);
    expect(await collect(paginate(fetchPage, { pageSize: 10 }))).toEqual([0, 1, 2, 3, 4]);
    // Each page starts after the items received, never at index * pageSize.
    expect(calls.map((call) => call.offset)).toEqual([0, 1, 2, 3, 4, 5].slice(0, pages));
  });

  it("asks a numbered page that starts after the items received when pages come back short", async () => {
    const { calls, fetchPage } = listing(30, true, 4);
    await collect(paginate(fetchPage, { pageSize: 10 }));
    for (const call of calls) expect((call.pageNumber - 1) * call.numberedSize).toBe(call.offset);
    expect(calls.map((call) => call.offset)).toEqual([0, 4, 8, 12, 16, 20, 24, 28]);
  });

  it("ends on the page that says it is the last", async () => {
    let asked = 0;
    const items = await collect(
      paginate(async () => ({ items: [asked++], total: 100, last: asked === 2 }), { pageSize: 10 }),
    );
    expect(items).toEqual([0, 1]);
  });

  it.each([
    { name: "one item past the cap, with a total", total: 31, reportTotal: true, pages: 4 },
    { name: "one item past the cap, without a total", total: 31, reportTotal: false, pages: 4 },
    { name: "far past the cap", total: 5000, reportTotal: true, pages: 4 },
  ])("throws at the cap instead of truncating: $name", async ({ total, reportTotal, pages }) => {
    const { calls, fetchPage } = listing(total, reportTotal);
    const seen: number[] = [];
    const run = async () => {
      for await (const item of paginate(fetchPage, { pageSize: 10, maxItems: 30, listing: "GET /things" }))
        seen.push(item);
    };
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaginationLimitError);
    expect(error).toMatchObject({ kind: "pagination_limit", listing: "GET /things", maxItems: 30 });
    expect((error as Error).message).toMatch(/^GET \/things: .*within 30 items/);
    expect(seen).toHaveLength(30);
    expect(calls).toHaveLength(pages);
  });

  it.each([
    { name: "reports a larger total", pageSize: 10, maxItems: 100, total: 1_000_000, pages: 11 },
    { name: "reports no total", pageSize: 10, maxItems: 100, total: undefined, pages: 11 },
    {
      name: "runs into the default cap",
      pageSize: undefined,
      maxItems: undefined,
      total: 1_000_000,
      pages: 101,
    },
  ])("ends a server that ignores paging and $name", async ({ pageSize, maxItems, total, pages }) => {
    const { calls, fetchPage } = ignoresPaging(pageSize ?? 100, total);
    await expect(collect(paginate(fetchPage, { pageSize, maxItems }))).rejects.toThrow(
      new RegExp(`^listing: .*within ${maxItems ?? 10_000} items`),
    );
    expect(calls).toHaveLength(pages);
  });

  it("reads no further page than its consumer asks for", async () => {
    const { calls, fetchPage } = listing(1000);
    for await (const item of paginate(fetchPage, { pageSize: 10 })) if (item === 15) break;
    expect(calls.map((call) => call.offset)).toEqual([0, 10]);
  });

  it.each([
    ["pageSize", { pageSize: 0 }],
    ["pageSize", { pageSize: 2.5 }],
    ["maxItems", { maxItems: -1 }],
  ])("refuses a bad %s", async (name, options) => {
    const { calls, fetchPage } = listing(10);
    await expect(collect(paginate(fetchPage, options))).rejects.toThrow(
      new RegExp(`^${name} must be a positive integer`),
    );
    expect(calls).toHaveLength(0);
  });
});
