/**
 * "After handling" faults: the platform commits the request, then the answer is replaced by a
 * 5xx or the connection is dropped. The object must exist afterwards (in memory and on disk).
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator";
import { COMPANIES } from "../../src/emulator/org/records";
import { emulatorFixture, runningEmulatorFixture, useFixture } from "./fixtures";
import { call, errorCode } from "./helpers";

const company = (name: string) => ({ name, billingCurrency: "USD", companyRoles: ["ORG"] });

/** Names of the companies the emulator holds (what was committed, whatever the answer was). */
function companyNames(emu: Emulator): string[] {
  return emu.context.store
    .records(COMPANIES)
    .values()
    .map((record) => record.name);
}

describe("after-handling faults in process", () => {
  const fx = useFixture(emulatorFixture, "all");
  afterEach(() => fx.emu.admin.clearFaults());

  it("commits the create, then answers 503 in the platform's shape, `times` times", async () => {
    const installed = await fx.emu.app.inject({
      method: "POST",
      url: "/_emulator/faults",
      payload: { path: "/v2/companies", methods: ["POST"], afterHandling: 503, times: 1 },
    });
    expect(installed.statusCode, installed.body).toBe(201);
    expect(installed.json()).toMatchObject({ afterHandling: 503, afterHandlingRate: 1, times: 1, fired: 0 });
    const faultId = installed.json<{ id: string }>().id;

    const seq = fx.emu.admin.lastRequestSeq;
    const lost = await call(fx.emu, fx.token, "POST", "/v2/companies", company("Lost answer"));
    expect(lost.statusCode).toBe(503);
    expect(lost.headers["retry-after"]).toBe("1");
    expect(lost.json()).toEqual({
      debugIdentifier: expect.any(String),
      errorMessages: [
        { errorCode: "SERVICE_UNAVAILABLE", message: `injected fault ${faultId} (after handling)` },
      ],
    });
    expect(companyNames(fx.emu)).toContain("Lost answer");
    const [logged] = fx.emu.admin.requests(seq);
    expect(logged).toMatchObject({ route: "POST /v2/companies", status: 503, fault: faultId });

    // `times: 1` is used up: the next create is answered normally.
    const next = await call(fx.emu, fx.token, "POST", "/v2/companies", company("Answered"));
    expect(next.statusCode, next.body).toBe(201);
    expect(fx.emu.admin.faults()[0]?.fired).toBe(1);
  });

  it("replaces even an error answer, and leaves other methods alone", async () => {
    fx.emu.admin.addFault({ path: "/v2/companies/**", methods: ["PUT"], afterHandling: 504 });
    const missing = await call(
      fx.emu,
      fx.token,
      "PUT",
      "/v2/companies/00000000-0000-0000-0000-000000000000",
      company("X"),
    );
    expect(missing.statusCode).toBe(504);
    expect(errorCode(missing)).toBe("GATEWAY_TIMEOUT");
    const read = await call(fx.emu, fx.token, "GET", "/v2/companies");
    expect(read.statusCode).toBe(200);
  });

  it("fires at `afterHandlingRate`, and every create is committed either way", async () => {
    fx.emu.admin.addFault({
      path: "/v2/companies",
      methods: ["POST"],
      afterHandling: 500,
      afterHandlingRate: 0.5,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await call(fx.emu, fx.token, "POST", "/v2/companies", company(`rated-${i}`))).statusCode,
      );
    }
    const faulted = statuses.filter((status) => status === 500).length;
    expect(statuses.filter((status) => status !== 500 && status !== 201)).toEqual([]);
    expect(faulted).toBeGreaterThan(5);
    expect(faulted).toBeLessThan(35);
    expect(fx.emu.admin.faults()[0]?.fired).toBe(faulted);
    const names = companyNames(fx.emu);
    for (let i = 0; i < 40; i++) expect(names).toContain(`rated-${i}`);
  });

  it("refuses an unknown after-handling fault, naming the field", async () => {
    const response = await fx.emu.app.inject({
      method: "POST",
      url: "/_emulator/faults",
      payload: { afterHandling: 418 },
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe("EMULATOR_ADMIN_INVALID");
    expect(response.json<{ errorMessages: { message: string }[] }>().errorMessages[0]?.message).toMatch(
      /^invalid fault rule afterHandling:/,
    );
  });
});

describe("an after-handling drop over a real socket", () => {
  const fx = useFixture(() => runningEmulatorFixture({ tempStateFile: true }), "all");

  it("destroys the connection after the create is on disk", async () => {
    const { emu, token, stateFile = "" } = fx;
    const fault = emu.admin.addFault({
      path: "/v2/companies",
      methods: ["POST"],
      afterHandling: "drop",
      times: 1,
    });
    const seq = emu.admin.lastRequestSeq;
    const sent = fetch(`${emu.url}/v2/companies`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(company("Dropped answer")),
    });
    await expect(sent).rejects.toThrow();
    const onDisk = JSON.parse(readFileSync(stateFile, "utf8")) as {
      collections: { companies: Record<string, { name: string }> };
    };
    expect(Object.values(onDisk.collections.companies).map((c) => c.name)).toContain("Dropped answer");
    expect(emu.admin.requests(seq)).toEqual([
      expect.objectContaining({ route: "POST /v2/companies", status: 0, fault: fault.id }),
    ]);
  });
});
