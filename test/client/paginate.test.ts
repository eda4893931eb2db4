/**
 * The paginator through the real client: every list shape against the emulator's list routes, and
 * every shape against a local server that ignores the page asked for (it ends at the repeated page,
 * in a typed error when its total says more follow; never a loop).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  apiPath,
  byId,
  itemsUnder,
  LIST_SHAPES,
  listAll,
  listElements,
  listPosted,
  type ListShapeName,
  PaginationLimitError,
  PaginationRepeatError,
  TravelClient,
} from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { createCustomGroup } from "../support/live-emulator";
import { clientFor, liveEmulator } from "./harness";

const item = z.looseObject({ id: z.string().min(1) });

describe("listAll against the emulator's list routes", () => {
  let emu: RunningEmulator;
  let client: TravelClient;
  let companyId: string;

  beforeAll(async () => {
    emu = await liveEmulator();
    client = clientFor(emu);
    companyId = (
      await client.post<{ id: string }>("/v2/companies", {
        body: { name: "Paged", billingCurrency: "USD", companyRoles: ["ORG"] },
      })
    ).id;
    const base = apiPath`/v2/companies/${companyId}`;
    for (let i = 0; i < 5; i++) {
      await client.post("/v2/companies", {
        body: { name: `Co ${i}`, billingCurrency: "USD", companyRoles: ["ORG"] },
      });
      await client.post(`${base}/legal-entities`, {
        body: {
          name: `Entity ${i}`,
          billingCurrency: "USD",
          address: { addressLines: ["1 Main Street"], regionCode: "US" },
          externalId: `le-${i}`,
        },
      });
      await client.post(`${base}/cost-centers`, { body: { name: `Center ${i}`, externalId: `cc-${i}` } });
      await createCustomGroup(emu, companyId, `Group ${i}`);
    }
    for (let i = 0; i < 2; i++) await client.post("/v2/api-users", { body: {} });
  });
  afterAll(async () => {
    await client.close();
    await emu.close();
  });

  const rows: { shape: ListShapeName; path: () => string; itemsKey: string; idKey?: string }[] = [
    { shape: "offsetQuery", path: () => "/v2/companies", itemsKey: "elements" },
    { shape: "offsetQuery", path: () => "/v2/api-users", itemsKey: "apiUsers", idKey: "clientId" },
    {
      shape: "pageNumberQuery",
      path: () => apiPath`/v2/companies/${companyId}/legal-entities`,
      itemsKey: "elements",
    },
    {
      shape: "paginationParamsBody",
      path: () => apiPath`/v3/companies/${companyId}/cost-centers/list`,
      itemsKey: "costCenters",
    },
    {
      shape: "paginationBody",
      path: () => apiPath`/v3/companies/${companyId}/user-groups/list`,
      itemsKey: "userGroups",
    },
    { shape: "paginationBody", path: () => apiPath`/v3/companies/${companyId}/roles`, itemsKey: "roles" },
    // The emulator seeds trips with car PNRs.
    { shape: "offsetBody", path: () => "/v3/trips/list", itemsKey: "trips", idKey: "tripId" },
  ];

  it.each(rows)("reads $shape $itemsKey two at a time, the same as one page", async (row) => {
    const path = row.path();
    const idKey = row.idKey ?? "id";
    const listed = z.looseObject({ [idKey]: z.string().min(1) });
    const request = { path, shape: row.shape, ...itemsUnder(row.itemsKey, listed) };
    const whole = await listAll(client, { ...request, pageSize: 100 });
    expect(whole.length).toBeGreaterThanOrEqual(3);
    const before = emu.admin.lastRequestSeq;
    const paged = await listAll(client, { ...request, pageSize: 2 });
    expect(paged).toEqual(whole);
    const pages = emu.admin.requests(before).filter((entry) => entry.path === path);
    expect(pages.map((entry) => entry.status)).toEqual(Array(Math.ceil(whole.length / 2)).fill(200));
    expect(pages.every((entry) => entry.method === LIST_SHAPES[row.shape].method)).toBe(true);
  });

  it("throws the typed error when the emulator's listing is larger than the cap", async () => {
    const path = apiPath`/v2/companies/${companyId}/legal-entities`;
    const error = await listAll(client, {
      path,
      shape: "pageNumberQuery",
      ...itemsUnder("elements", item),
      pageSize: 2,
      maxItems: 4,
      uniqueBy: byId,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaginationLimitError);
    expect(error).toMatchObject({ listing: `GET ${path}`, maxItems: 4 });
  });
});

describe("listAll against a server that ignores paging", () => {
  let server: Server;
  let client: TravelClient;
  /** The page and total every request gets, whatever it asked for. */
  let pageSize = 2;
  const requests: { method: string; url: string; body: string }[] = [];

  /** Whether each page reports a total (far more than a page holds). */
  let reportTotal = true;

  const answer = (request: IncomingMessage, response: ServerResponse, body: string) => {
    requests.push({ method: request.method ?? "", url: request.url ?? "", body });
    const total = reportTotal ? { totalNumResults: 1_000_000 } : {};
    const items = Array.from({ length: pageSize }, (_, i) => ({ id: `same-${i}` }));
    const page = {
      items,
      elements: items,
      ...total,
      ...(reportTotal ? { totalCount: 1_000_000 } : {}),
      pagination: total,
      paginationParams: total,
    };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(page));
  };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += String(chunk)));
      request.on("end", () => answer(request, response, body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    client = new TravelClient({ baseUrl: `http://127.0.0.1:${port}`, accessToken: "static-token" });
  });
  afterAll(async () => {
    await client.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** What the second request asked for, in the shape's own words. */
  const field = (body: string, key: string): unknown => (JSON.parse(body) as Record<string, unknown>)[key];
  const secondPage: Record<ListShapeName, (request: { url: string; body: string }) => unknown> = {
    offsetQuery: ({ url }) => new URL(url, "http://x").searchParams.get("offset"),
    pageNumberQuery: ({ url }) => new URL(url, "http://x").searchParams.get("pageNumber"),
    paginationBody: ({ body }) => field(body, "pagination"),
    paginationParamsBody: ({ body }) => field(body, "paginationParams"),
    offsetBody: ({ body }) => field(body, "offset"),
  };
  const expectedSecond: Record<ListShapeName, unknown> = {
    offsetQuery: "2",
    pageNumberQuery: "2",
    paginationBody: { offset: 2, limit: 2 },
    paginationParamsBody: { offset: 2, limit: 2 },
    offsetBody: 2,
  };

  it.each(Object.keys(LIST_SHAPES) as ListShapeName[])(
    "ends %s at the repeated page with an error naming the path, when its total says more follow",
    async (shape) => {
      pageSize = 2;
      reportTotal = true;
      requests.length = 0;
      const error = await listAll(client, {
        path: "/stuck",
        shape,
        ...itemsUnder("items", item),
        pageSize: 2,
        maxItems: 10,
        uniqueBy: byId,
      }).catch((caught: unknown) => caught);
      const method = LIST_SHAPES[shape].method;
      expect(error).toBeInstanceOf(PaginationRepeatError);
      expect(error).toMatchObject({ kind: "pagination_repeat", listing: `${method} /stuck`, read: 2 });
      expect((error as Error).message).toMatch(
        new RegExp(`^${method} /stuck: the server answered the same page twice after 2 of the 1000000 items`),
      );
      // The second page repeats the first: no third is asked for.
      expect(requests).toHaveLength(2);
      expect(requests.every((request) => request.method === method)).toBe(true);
      expect(secondPage[shape](requests[1] ?? { url: "", body: "" })).toEqual(expectedSecond[shape]);
    },
  );

  it.each(Object.keys(LIST_SHAPES) as ListShapeName[])(
    "ends %s at the repeated page without a total: an unpaged listing, read once",
    async (shape) => {
      pageSize = 3;
      reportTotal = false;
      requests.length = 0;
      const items = await listAll(client, {
        path: "/stuck",
        shape,
        ...itemsUnder("items", item),
        pageSize: 2,
      });
      expect(items.map((entry) => entry.id)).toEqual(["same-0", "same-1", "same-2"]);
      expect(requests).toHaveLength(2);
      reportTotal = true;
    },
  );

  it.each([
    ["listElements", () => listElements(client, "/stuck")],
    ["listPosted", () => listPosted(client, "/stuck", "items")],
  ])("%s never loops on a server that ignores paging", async (_name, list) => {
    pageSize = 100;
    requests.length = 0;
    await expect(list()).rejects.toBeInstanceOf(PaginationRepeatError);
    expect(requests).toHaveLength(2);
  });
});
