/**
 * Every lookup exported from `src/lookups` has a provider function of the same name, and every
 * provider function is a lookup: the plugin serves what TypeScript programs can call.
 */
import { describe, expect, it } from "vitest";
import * as lookups from "../../src/lookups";
import { PROVIDER_FUNCTIONS } from "../../src/lookups";

describe("PROVIDER_FUNCTIONS", () => {
  it("has one entry per lookup exported from src/lookups, and no other", () => {
    const exported = Object.entries(lookups)
      .filter(
        ([name, value]) =>
          /^get[A-Z]\w*$/.test(name) && !name.endsWith("Output") && typeof value === "function",
      )
      .map(([name]) => name)
      .sort();
    expect(exported.length).toBeGreaterThanOrEqual(11);
    expect(PROVIDER_FUNCTIONS.map((fn) => fn.name).sort()).toEqual(exported);
  });

  it("declares object arguments and results, and describes each function", () => {
    for (const fn of PROVIDER_FUNCTIONS) {
      expect(fn.description, fn.name).toMatch(/^The \S/);
      expect(Object.keys(fn.args.shape).length, fn.name).toBeGreaterThan(0);
      expect(fn.result.shape, fn.name).toHaveProperty("id");
    }
  });
});
