/**
 * What the platform answers, it takes back: every object an update replaces whole (the company and
 * its children), read while the emulator varies every answer in every way the vendor's published
 * schema allows (all default families, rate 1, several seeds), is accepted as a PUT body once cut
 * to what the vendor's request declares (`vendorDeclaredPart`, as `replaceWhole` sends it) with its
 * id in the body. A varied answer may claim values the platform never stored; a platform holding
 * them would have accepted them, so its own rules must accept them back (docs/api-decisions.md,
 * "A full replacement sends back what the request declares").
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_VARIATION_FAMILIES, vendorDeclaredPart } from "../../src/contract";
import { type CompanyChildRow, companyChildren } from "../support/company-children";
import { call } from "./helpers";
import { createLegalEntity, createObject, type OrgFixture, orgFixture } from "./org-helpers";

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/** The body of a PUT of `object` read from `path`: what the request declares, and the id. */
function readBack(path: string, object: Record<string, unknown>, id: Record<string, unknown>) {
  return { ...vendorDeclaredPart("PUT", path, object), ...id };
}

function idPart(row: CompanyChildRow, id: string): Record<string, unknown> {
  return row.idInBody === "wrapped" ? { id: { id } } : row.idInBody === "plain" ? { id } : {};
}

describe("an object read with varied answers is taken back whole", () => {
  let fx: OrgFixture;
  const objects: { name: string; path: string; id: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    fx = await orgFixture();
    const legalEntityId = await createLegalEntity(fx);
    const parents = { companyId: fx.companyId, legalEntityId };
    objects.push({
      name: "Company",
      path: `/v2/companies/${fx.companyId}`,
      id: { id: { id: fx.companyId } },
    });
    for (const row of companyChildren) {
      const collection = row.collection(parents);
      const id = await createObject(fx, collection, row.body, row.createStatus ?? 201);
      objects.push({ name: row.type, path: `${collection}/${id}`, id: idPart(row, id) });
    }
  });
  afterAll(async () => {
    await fx?.emu.close();
  });

  it.each(SEEDS)("seed %i: every PUT of a varied read is accepted", async (seed) => {
    const refused: Record<string, string> = {};
    for (const { name, path, id } of objects) {
      fx.emu.admin.setResponseVariation({ seed, families: [...DEFAULT_VARIATION_FAMILIES], rate: 1 });
      const read = await call(fx.emu, fx.token, "GET", path);
      expect(read.statusCode, read.body).toBe(200);
      fx.emu.admin.setResponseVariation(undefined);
      const put = await call(fx.emu, fx.token, "PUT", path, readBack(path, read.json(), id));
      if (put.statusCode >= 300) refused[name] = put.body;
    }
    expect(refused).toEqual({});
  });
});
