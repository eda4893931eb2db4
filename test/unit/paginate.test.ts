import { describe, expect, it } from "vitest";
import { collect, PaginationLimitError, paginate } from "../../src/client/paginate";

function listing(total: number) {
  const calls: [number, number][] = [];
  const fetchPage = async (offset: number, limit: number) => {
    calls.push([offset, limit]);
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    return { items, total };
  };
  return { calls, fetchPage };
}

describe("paginate", () => {
  it("walks every page in order", async () => {
    const { calls, fetchPage } = listing(250);
    expect(await collect(paginate(fetchPage, { pageSize: 100 }))).toEqual(
      Array.from({ length: 250 }, (_, i) => i),
    );
    expect(calls).toEqual([
      [0, 100],
      [100, 100],
      [200, 100],
    ]);
  });

  it("stops at an exact multiple of the page size using the total", async () => {
    const { calls, fetchPage } = listing(200);
    expect(await collect(paginate(fetchPage, { pageSize: 100 }))).toHaveLength(200);
    expect(calls).toHaveLength(2);
  });

  it("throws instead of silently truncating past the cap", async () => {
    const { fetchPage } = listing(50);
    await expect(collect(paginate(fetchPage, { pageSize: 10, maxItems: 25 }))).rejects.toBeInstanceOf(
      PaginationLimitError,
    );
  });

  it("survives a server that ignores offset (bounded by the cap)", async () => {
    const stuck = async () => ({ items: [1, 2, 3] });
    await expect(collect(paginate(stuck, { pageSize: 3, maxItems: 30 }))).rejects.toThrow(/more than 30/);
  });
});
