import { describe, expect, it } from "vitest";
import { FaultInjector, faultRuleSchema, globToRegExp } from "../../src/emulator/admin/faults";
import { seededRandom } from "../../src/emulator/core/random";

describe("fault rules", () => {
  it.each([
    ["/v2/companies", "/v2/companies", true],
    ["/v2/companies/*", "/v2/companies/abc", true],
    ["/v2/companies/*", "/v2/companies/abc/features", false],
    ["/v2/companies/**", "/v2/companies/abc/features", true],
    ["/v2/*/list", "/v2/grades/list", true],
    ["/**", "/anything/at/all", true],
    ["/v2/a.b", "/v2/aXb", false],
  ])("glob %s against %s", (glob, path, matches) => {
    expect(globToRegExp(glob).test(path)).toBe(matches);
  });

  it("rejects probabilities that add up to more than 1", () => {
    expect(faultRuleSchema.safeParse({ rate429: 0.6, rate503: 0.6 }).success).toBe(false);
  });

  it("injects roughly the configured share of faults, reproducibly", () => {
    const decide = () => {
      const faults = new FaultInjector(seededRandom(42));
      faults.add(faultRuleSchema.parse({ path: "/v2/**", rate429: 0.2, rate503: 0.1 }));
      return Array.from({ length: 1000 }, () => faults.decide("GET", "/v2/companies").type);
    };
    const first = decide();
    expect(decide()).toEqual(first);
    const faulted = first.filter((type) => type === "status").length;
    expect(faulted).toBeGreaterThan(240);
    expect(faulted).toBeLessThan(360);
  });

  it("stops after `times` faults and respects methods", () => {
    const faults = new FaultInjector(seededRandom(1));
    const rule = faults.add(
      faultRuleSchema.parse({ path: "/v2/**", methods: ["post"], rate500: 1, times: 2 }),
    );
    expect(faults.decide("GET", "/v2/x").type).toBe("none");
    expect(faults.decide("POST", "/v2/x")).toMatchObject({ type: "status", status: 500, ruleId: rule.id });
    expect(faults.decide("POST", "/v2/x").type).toBe("status");
    expect(faults.decide("POST", "/v2/x").type).toBe("none");
    expect(faults.list()[0]?.fired).toBe(2);
  });

  it("adds latency of every matching rule", () => {
    const faults = new FaultInjector(seededRandom(1));
    faults.add(faultRuleSchema.parse({ path: "/**", latencyMs: 5 }));
    faults.add(faultRuleSchema.parse({ path: "/v2/**", latencyMs: 7 }));
    expect(faults.decide("GET", "/v2/x")).toEqual({ type: "none", latencyMs: 12 });
  });
});
