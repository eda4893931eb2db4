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
    { name: "reports no total", pageSize: 10, total: undefined },
    { name: "reports the total of its one page", pageSize: 10, total: 10 },
    { name: "reports no total, at the default page size", pageSize: undefined, total: undefined },
  ])("ends a server that ignores paging and $name at the repeated page", async ({ pageSize, total }) => {
    const { calls, fetchPage } = ignoresPaging(pageSize ?? 100, total);
    const items = await collect(paginate(fetchPage, { pageSize }));
    expect(items).toEqual(Array.from({ length: pageSize ?? 100 }, (_, i) => i));
    expect(calls).toHaveLength(total === undefined ? 2 : 1);
  });

  it("refuses a repeated page while the server's total says more follow, instead of dropping them", async () => {
    const { calls, fetchPage } = ignoresPaging(10, 1_000_000);
    await expect(
      collect(paginate(fetchPage, { pageSize: 10, listing: "GET /things" })),
    ).rejects.toMatchObject({
      kind: "pagination_repeat",
      message: expect.stringMatching(
        /^GET \/things: the server answered the same page twice after 10 of the 1000000 items/,
      ),
    });
    expect(calls).toHaveLength(2);
  });

  it("reads a numbered listing whole from a server whose pages are smaller than asked (its page numbers count its own size)", async () => {
    // The server serves at most `cap` items per page and numbers its pages by that size.
    for (const [total, cap] of [
      [5, 2],
      [30, 4],
      [7, 3],
    ] as const) {
      const calls: PagePosition[] = [];
      const fetchPage = async (position: PagePosition): Promise<Page<number>> => {
        calls.push(position);
        const size = Math.min(position.numberedSize, cap);
        const start = (position.pageNumber - 1) * size;
        return {
          items: Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i),
        };
      };
      expect(await collect(paginate(fetchPage, { pageSize: 100 }))).toEqual(
        Array.from({ length: total }, (_, i) => i),
      );
      expect(calls.length).toBeLessThanOrEqual(Math.ceil(total / cap) + 1);
    }
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
