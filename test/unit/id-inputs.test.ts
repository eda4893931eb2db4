/**
 * Every input that names a platform object by id (`companyId`, `orgId`, `groupId`, `adoptId`, ...)
 * is one plain URL path segment, on every type of the registry: a hostile id fails `check` (so the
 * preview of either host, which both call it) naming the property, before any request is built.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inputKeysOf } from "../../src/provider/model/definition";
import { Run } from "../../src/provider/model/run";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { checkInputs } from "../../src/provider/planning/check";
import { definitions } from "../../src/resources/registry";

const HOSTILE = ["../x", "x/y", "x?y=1#z", "..%2F..", "..", "a b"];

/** A run whose client may not be asked for: a refused input never reaches the platform. */
const noPlatform = () =>
  new Run({
    client: () => {
      throw new Error("check reached for the platform with a refused id");
    },
  });

/** True when `schema` (optional or not) takes a string. */
const takesString = (schema: z.ZodType): boolean =>
  schema instanceof z.ZodOptional || schema instanceof z.ZodDefault
    ? takesString(schema.unwrap() as z.ZodType)
    : schema instanceof z.ZodString;

/** Inputs named `...Id` that hold the user's own identifiers, not the platform's ids. */
const OWN_IDENTIFIERS = ["externalId", "taxId"];

/** The inputs named `...Id` that take a string: ids of platform objects, every one but the user's own. */
const idInputs = Object.values(definitions).flatMap((definition) =>
  inputKeysOf(definition)
    .filter(
      (key) =>
        /Id$/.test(key) &&
        !OWN_IDENTIFIERS.includes(key) &&
        takesString(definition.inputs.shape[key] as z.ZodType),
    )
    .map((key) => [`${definition.type}.${key}`, key, definition] as const),
);

describe("id inputs", () => {
  it("are found on every type that has one", () => {
    expect(new Set(idInputs.map(([, , definition]) => definition.type)).size).toBe(
      Object.keys(definitions).length,
    );
    expect(idInputs.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "TenantKey.companyId",
        "ApiUser.orgId",
        "CostCenter.companyId",
        "Company.adoptId",
      ]),
    );
  });

  describe.each(idInputs)("%s", (_name, key, definition) => {
    it.each(HOSTILE)("refuses %j at check, naming the property", async (value) => {
      const provider = buildTypeProvider(definition, noPlatform());
      const { failures } = await provider.check({}, { [key]: value });
      expect(failures.find((failure) => failure.property === key)?.reason).toMatch(
        /letters, digits and \. _ ~ - only/,
      );
    });

    it("takes a platform id", () => {
      const { failures } = checkInputs(definition.inputs, { [key]: "0b8f9a52-3c1e-4d7a-9f00-5e2c1d4b6a70" });
      // Only the id's own form is judged here (an orgId may still be wrong for the role).
      expect(
        failures.filter((failure) => failure.property === key && /letters, digits/.test(failure.reason)),
      ).toEqual([]);
    });
  });
});
