/**
 * Smoke tests of `npm run bench`: the engine section at N = 3 (one cost center, department and
 * office: every kind of the graph) through the real CLI, for both the floor and pulumi-travel, and
 * the fleet section (`npm run bench -- fleet`) at T = 2, P = 2 (the two stacks at once, against
 * the rate limit). They assert that complete tables came out and the counts the design promises,
 * per resource, never a timing (figures belong in docs/performance.md).
 */
import { describe, expect, inject, it } from "vitest";
import { COMMANDS, formatEngineResults, runEngineBench } from "../../bench/engine";
import { formatFleetResults, runFleetBench } from "../../bench/fleet";
import { fleetChartSvg } from "../../bench/fleet-chart";
import { e2eSkipReason } from "./harness";

/** The engine section's size: a company, a legal entity and one child of each kind. */
const N = 3;

describe.skipIf(e2eSkipReason() !== "")(`npm run bench: the engine section at N = ${N}`, () => {
  it("produces a complete table", async () => {
    const results = await runEngineBench({ sizes: [N], packedProjectDir: inject("packedProjectDir") });
    expect(results).toHaveLength(1);
    const [result] = results;
    if (!result) throw new Error("no result");
    const resources = N + 2;
    expect(result.resources).toBe(resources);
    for (const command of COMMANDS) {
      expect(result.floor[command].seconds).toBeGreaterThan(0);
      expect(result.floor[command].calls).toBe(0);
      expect(result.travel[command].seconds).toBeGreaterThan(0);
    }
    expect(result.travel.preview.calls).toBe(0);
    // One call per resource, and at up one lookup of its key before each create (every type here
    // has a natural key: an object that already held it is never adopted). The destroy also
    // reads, as the company's delete starts, what goes with the company (the company, its custom
    // fields, partner keys, user groups and roles: 5 reads) and what would block its delete (its
    // cost centers, departments, grades, legal entities and offices: 5 reads), which the check
    // before the first delete under the company also reads, the legal entity's offices included
    // (6 reads: the entity is still there then).
    const calls = { up: 2 * resources, refresh: resources, destroy: resources + 5 + 5 + 6 };
    for (const command of ["up", "refresh", "destroy"] as const) {
      expect({ command, calls: result.travel[command].calls }).toEqual({ command, calls: calls[command] });
      expect(result.travel[command].tokenRequests).toBe(1);
    }
    expect(result.providerBytes).toBeGreaterThan(100);
    expect(result.providerBytes).toBeLessThanOrEqual(1024);
    expect(result.stateBytes.travel).toBeGreaterThan(result.stateBytes.floor);
    const table = formatEngineResults(results);
    expect(table.split("\n").filter((line) => line.startsWith(`| ${N} |`))).toHaveLength(COMMANDS.length);
    expect(table).toContain("__provider");
  });
});

describe.skipIf(e2eSkipReason() !== "")("npm run bench -- fleet: T = 2, P = 2", () => {
  it("deploys the fleet on PostgreSQL against a rate-limited emulator and finds nothing astray", async () => {
    const results = await runFleetBench({
      tenants: 2,
      parallel: [2],
      rateLimit: 50,
      packedProjectDir: inject("packedProjectDir"),
    });
    expect(results.map((r) => r.parallel)).toEqual([2]);
    for (const result of results) {
      expect(result.stacks).toBe(2);
      // Two tenants, each the example tenant: as many resources in each stack.
      expect(result.resources % 2).toBe(0);
      expect(result.resources).toBeGreaterThanOrEqual(2 * 20);
      expect(result.calls).toBeGreaterThanOrEqual(result.resources);
      expect(result.physicalLimitSeconds).toBeCloseTo(result.calls / 50);
      expect(result.tokenRequests).toBeGreaterThanOrEqual(2);
      expect(result.objects).toBeGreaterThan(0);
      expect(result.failedRuns).toEqual([]);
      expect(result.duplicates).toEqual([]);
      expect(result.orphans).toEqual([]);
    }
    const table = formatFleetResults(results, 50);
    expect(table.split("\n").filter((line) => /^\| 2 \| 2 \|/.test(line))).toHaveLength(1);
    const svg = fleetChartSvg(results, 2, 50);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/<rect x=/g)).toHaveLength(1);
    expect(svg).toContain("P = 2");
  });
});
