/** The fleet bench's command line (`npm run bench -- fleet ...`): its defaults, its flags and the errors that name a bad one. */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FLEET_DEFAULTS, parseFleetArgs } from "../../bench/fleet-command";

describe("npm run bench -- fleet: arguments", () => {
  it("defaults to the issue's acceptance run, charted into docs/fleet-bench.svg", () => {
    const options = parseFleetArgs([]);
    expect(options).toMatchObject({ tenants: 20, parallel: [1, 2, 4, 8], rateLimit: 50 });
    expect(options).toMatchObject(FLEET_DEFAULTS);
    expect(options.chart).toBe(resolve(__dirname, "../../docs/fleet-bench.svg"));
  });

  it("takes T, P, R and the chart's path from flags", () => {
    expect(
      parseFleetArgs(["--tenants", "2", "--parallel", "1, 2", "--rate", "10", "--chart", "x.svg"]),
    ).toEqual({
      tenants: 2,
      parallel: [1, 2],
      rateLimit: 10,
      chart: resolve("x.svg"),
    });
  });

  it.each([
    [["--tenants", "0"], /--tenants must be a whole number of at least 1, not "0"/],
    [["--parallel", "1,two"], /--parallel must be a whole number of at least 1, not "two"/],
    [["--rate", "2.5"], /--rate must be a whole number of at least 1, not "2.5"/],
    [["--tenant", "3"], /Unknown option '--tenant'/],
  ])("refuses %j, naming the flag", (args, message) => {
    expect(() => parseFleetArgs(args)).toThrow(message);
  });
});
