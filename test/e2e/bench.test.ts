/**
 * Smoke test of `npm run bench`'s engine section: N = 30 through the real CLI, for both the floor
 * and pulumi-travel. It asserts that a complete table came out and the call counts the design
 * promises, never a timing (figures belong in docs/performance.md).
 */
import { describe, expect, inject, it } from "vitest";
import { COMMANDS, formatEngineResults, runEngineBench } from "../../bench/engine";
import { e2eSkipReason } from "./harness";

describe.skipIf(e2eSkipReason() !== "")("npm run bench: the engine section at N = 30", () => {
  it("produces a complete table", async () => {
    const results = await runEngineBench({ sizes: [30], packedProjectDir: inject("packedProjectDir") });
    expect(results).toHaveLength(1);
    const [result] = results;
    if (!result) throw new Error("no result");
    expect(result.resources).toBe(32);
    for (const command of COMMANDS) {
      expect(result.floor[command].seconds).toBeGreaterThan(0);
      expect(result.floor[command].calls).toBe(0);
      expect(result.travel[command].seconds).toBeGreaterThan(0);
    }
    expect(result.travel.preview.calls).toBe(0);
    for (const command of ["up", "refresh", "destroy"] as const) {
      expect(result.travel[command].calls).toBe(32);
      expect(result.travel[command].tokenRequests).toBe(1);
    }
    expect(result.providerBytes).toBeGreaterThan(100);
    expect(result.providerBytes).toBeLessThanOrEqual(1024);
    expect(result.stateBytes.travel).toBeGreaterThan(result.stateBytes.floor);
    const table = formatEngineResults(results);
    expect(table.split("\n").filter((line) => line.startsWith("| 30 |"))).toHaveLength(COMMANDS.length);
    expect(table).toContain("__provider");
  });
});
