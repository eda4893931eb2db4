/**
 * The package's public surface: docs/public-api.md must be what `npm run api-report` writes from
 * package.json `exports`, so an export added or lost by accident fails here. The root holds what a
 * Pulumi program uses; car booking and the client stay on their own entry points.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { API_REPORT, apiReport, type EntryPoint, readEntryPoints } from "../../scripts/api-report";
import { repositoryRoot } from "../../scripts/resource-docs/compiler-docs";
import { definitions } from "../../src/resources/registry";

let entries: EntryPoint[];
const exportsOf = (specifier: string) =>
  new Set(entries.find((e) => e.specifier === specifier)?.exports.map((e) => e.name));

describe("public API", () => {
  beforeAll(() => {
    entries = readEntryPoints();
  }, 60_000);

  it("is what docs/public-api.md reports (npm run api-report rewrites it)", async () => {
    const committed = readFileSync(join(repositoryRoot(), API_REPORT), "utf8");
    expect(committed).toBe(await apiReport());
  });

  it("exports every resource and its Args from the root, and no car schema or client internal", () => {
    const root = exportsOf("pulumi-travel");
    for (const type of Object.keys(definitions)) {
      expect(root, type).toContain(type);
      expect(root, `${type}Args`).toContain(`${type}Args`);
    }
    for (const name of [
      "modifyCarBooking",
      "carVendorSchema",
      "decideRetry",
      "registerSecret",
      "LIST_SHAPES",
    ])
      expect(root).not.toContain(name);
    expect(exportsOf("pulumi-travel/car")).toContain("modifyCarBooking");
    expect(exportsOf("pulumi-travel/client")).toContain("TravelClient");
  });

  it("has no wildcard entry point: an internal module does not resolve by package path", () => {
    const manifest = JSON.parse(readFileSync(join(repositoryRoot(), "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(Object.keys(manifest.exports).filter((key) => key.includes("*"))).toEqual([]);
    // The package resolves its own name through its exports (self-reference), as an installed copy does.
    const resolve = createRequire(join(repositoryRoot(), "package.json")).resolve;
    for (const internal of [
      "pulumi-travel/resources/registry",
      "pulumi-travel/provider/hosts/dynamic/dynamic-resource",
    ])
      expect(() => resolve(internal), internal).toThrow(/not defined by "exports"/);
    expect(resolve("pulumi-travel/package.json")).toBe(join(repositoryRoot(), "package.json"));
  });
});
