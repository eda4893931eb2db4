import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkInputs, propertyPath } from "../../src/provider/planning/check";
import { configLookup, readProviderConfig } from "../../src/provider/operations/config";
import { diffInputs } from "../../src/provider/planning/diff";
import { jsonEqual } from "../../src/provider/model/values";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import { replacementBody } from "../../src/resources/replace-whole";

const schema = z.strictObject({
  name: z.string().min(1, "must not be empty"),
  tags: z.array(z.string()).default([]),
  address: z.object({ regionCode: z.string().length(2, "must be 2 letters") }).optional(),
  count: z.number().int().optional(),
});

describe("checkInputs", () => {
  it("applies defaults to valid inputs", () => {
    expect(checkInputs(schema, { name: "a" })).toEqual({ inputs: { name: "a", tags: [] }, failures: [] });
  });

  it("names the property path and the reason", () => {
    const result = checkInputs(schema, { name: "", address: { regionCode: "USA" }, tags: ["x", 3] });
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { property: "name", reason: "must not be empty" },
        { property: "address.regionCode", reason: "must be 2 letters" },
        { property: "tags[1]", reason: expect.stringContaining("string") },
      ]),
    );
  });

  it("reports unknown properties by name", () => {
    expect(checkInputs(schema, { name: "a", nmae: "typo" }).failures).toEqual([
      { property: "nmae", reason: "is not a known property" },
    ]);
  });

  it("does not judge values unknown during preview", () => {
    expect(checkInputs(schema, { name: UNKNOWN, count: UNKNOWN, address: UNKNOWN }).failures).toEqual([]);
    expect(checkInputs(schema, { name: UNKNOWN, count: "x" }).failures).toEqual([
      { property: "count", reason: expect.any(String) },
    ]);
  });

  it("formats paths", () => {
    expect(propertyPath(["a", 0, "b", 12])).toBe("a[0].b[12]");
  });
});

describe("diffInputs", () => {
  const keys = ["name", "parentId", "tags", "adoptId"];
  it.each([
    ["no change", { name: "a", tags: ["x"] }, { name: "a", tags: ["x"] }, [], []],
    ["rename", { name: "a" }, { name: "b" }, ["name"], []],
    ["parent change replaces", { parentId: "1" }, { parentId: "2" }, ["parentId"], ["parentId"]],
    ["field removed", { name: "a", tags: ["x"] }, { name: "a" }, ["tags"], []],
    ["array order matters", { tags: ["x", "y"] }, { tags: ["y", "x"] }, ["tags"], []],
    ["unknown value is a change", { name: "a" }, { name: UNKNOWN }, ["name"], []],
    ["unknown parent replaces", { parentId: "1" }, { parentId: UNKNOWN }, ["parentId"], ["parentId"]],
    ["adoptId never diffs", { name: "a" }, { name: "a", adoptId: "x" }, [], []],
  ])("%s", (_name, olds, news, changed, replaces) => {
    expect(diffInputs(keys, olds, news, ["parentId"])).toEqual({ changed, replaces });
  });
});

describe("jsonEqual", () => {
  it("treats missing and undefined alike", () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });
});

describe("replacementBody", () => {
  it("keeps undeclared fields, applies declared ones and drops removed ones", () => {
    const current = { id: { id: "c" }, name: "old", isActive: true, phone: "1", emailDomains: ["a.example"] };
    const body = replacementBody(current, { name: "new" }, { name: "old", emailDomains: ["a.example"] }, [
      "name",
      "emailDomains",
      "adoptId",
    ]);
    expect(body).toEqual({ id: { id: "c" }, name: "new", isActive: true, phone: "1" });
  });
});

describe("provider configuration", () => {
  const stack = (values: Record<string, string>) => ({ get: (key: string) => values[key] });

  it("prefers the environment over stack config, which may be the one recorded in state", () => {
    const lookup = configLookup(
      stack({
        "travel:baseUrl": "https://a.example",
        "travel:clientSecret": "stale",
        "travel:clientId": "id",
      }),
      { TRAVEL_BASE_URL: "https://b.example", TRAVEL_CLIENT_SECRET: "fixed", TRAVEL_CLIENT_ID: "" },
    );
    expect(readProviderConfig(lookup)).toMatchObject({
      baseUrl: "https://b.example",
      clientId: "id",
      clientSecret: "fixed",
    });
  });

  it("reads travel:verifyCredentials", () => {
    const lookup = configLookup(
      stack({
        "travel:baseUrl": "https://a.example",
        "travel:accessToken": "t",
        "travel:verifyCredentials": "false",
      }),
      {},
    );
    expect(readProviderConfig(lookup).verifyCredentials).toBe(false);
  });

  it("explains missing credentials without echoing values", () => {
    const lookup = configLookup(undefined, { TRAVEL_BASE_URL: "https://a.example", TRAVEL_CLIENT_ID: "id" });
    expect(() => readProviderConfig(lookup)).toThrow(/travel:clientSecret/);
  });

  it("names a bad setting", () => {
    const lookup = configLookup(undefined, { TRAVEL_BASE_URL: "nope", TRAVEL_ACCESS_TOKEN: "t0ken-value" });
    expect(() => readProviderConfig(lookup)).toThrow(/travel:baseUrl \(env TRAVEL_BASE_URL\)/);
  });

  it("parses numbers and booleans", () => {
    const lookup = configLookup(undefined, {
      TRAVEL_BASE_URL: "http://10.0.0.1",
      TRAVEL_ACCESS_TOKEN: "token",
      TRAVEL_ALLOW_INSECURE_HTTP: "true",
      TRAVEL_REQUESTS_PER_SECOND: "2.5",
    });
    expect(readProviderConfig(lookup)).toMatchObject({ allowInsecureHttp: true, requestsPerSecond: 2.5 });
  });
});
