import { beforeEach, describe, expect, it } from "vitest";
import { recordServiceCharge } from "../../src/emulator/org/records";
import type { ServiceChargeRecord } from "../../src/schemas/service-charge";
import { useFixture } from "./fixtures";
import { call, createCompany } from "./helpers";
import { expectBadRequest, expectError, expectGuarded, expectStatus, orgFixture } from "./org-helpers";

const usd = (amount: number) => ({ amount, currencyCode: "USD" });

function charge(tripId: string, serviceType: "ITINERARY_BOOKING" | "AGENT_CONTACT"): ServiceChargeRecord {
  return {
    entity: { entityType: "TRIP", entityId: tripId },
    serviceChargeType: "TMC_CHARGE",
    serviceType,
    charge: { amount: usd(10), taxes: [], totalAmount: usd(10) },
    transactionTime: { iso8601: "2026-01-05T10:00Z" },
    paymentStatus: "SUCCESS",
  };
}

describe("per-trip service charge", () => {
  const fx = useFixture(orgFixture);
  let url: string;
  beforeEach(() => {
    url = `/v2/license/company/${fx.companyId}/service-charge/per-trip`;
  });

  const config = {
    charges: [usd(12.5), { amount: 10, currencyCode: "GBP" }],
    defaultCurrencyCode: "USD",
    tierCharges: [{ tier: "SEAT1A", charges: [usd(0)] }],
  };

  it("reads a disabled default, then what was set (POST answers 204)", async () => {
    expect((await expectStatus(fx, 200, "GET", url)).json()).toEqual({
      enabled: false,
      enableDisableOpSupported: false,
    });
    const set = await expectStatus(fx, 204, "POST", url, { config });
    expect(set.body).toBe("");
    expect((await expectStatus(fx, 200, "GET", url)).json()).toEqual({
      config,
      enabled: true,
      enableDisableOpSupported: false,
    });
    await expectStatus(fx, 204, "POST", url, { config: { charges: [usd(5)] } });
    expect((await expectStatus(fx, 200, "GET", url)).json()).toMatchObject({ config: { charges: [usd(5)] } });
  });

  it("validates the configuration field by field", async () => {
    expectBadRequest(await call(fx.emu, fx.token, "POST", url, {}), /config/);
    expectBadRequest(await call(fx.emu, fx.token, "POST", url, { config: {} }), /config\.charges/);
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", url, { config: { charges: [usd(-1)] } }),
      /config\.charges\.0\.amount: must not be negative/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", url, { config: { charges: [usd(1), usd(2)] } }),
      /config\.charges\.1\.currencyCode: repeats USD/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", url, {
        config: { charges: [usd(1)], defaultCurrencyCode: "EUR" },
      }),
      /config\.defaultCurrencyCode: EUR is not among the currencies of charges/,
    );
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", url, {
        config: { charges: [usd(1)], tierCharges: [{ tier: "GOLD", charges: [] }] },
      }),
      /config\.tierCharges\.0\.tier/,
    );
  });

  it("lets only a TMC admin set it, and the company admin read it", async () => {
    expectError(await call(fx.emu, fx.companyAdmin, "POST", url, { config }), 403, "PERMISSION_DENIED");
    await expectStatus(fx, 200, "GET", url, undefined, fx.companyAdmin);
    await expectGuarded(fx, "GET", (companyId) => `/v2/license/company/${companyId}/service-charge/per-trip`);
    await expectGuarded(
      fx,
      "POST",
      (companyId) => `/v2/license/company/${companyId}/service-charge/per-trip`,
      {
        config,
      },
    );
  });
});

describe("service charge list", () => {
  const fx = useFixture(orgFixture);

  const listUrl = (entityId: string, entityType = "TRIP", type = "TMC_CHARGE") =>
    `/v2/service-charge/${entityType}/${entityId}/types/${type}/list`;

  it("lists the charges of an entity, filtered by service type", async () => {
    const store = fx.emu.context.store;
    const booking = recordServiceCharge(store, fx.companyId, charge("trip-1", "ITINERARY_BOOKING"));
    recordServiceCharge(store, fx.companyId, charge("trip-1", "AGENT_CONTACT"));
    recordServiceCharge(store, fx.companyId, charge("trip-2", "ITINERARY_BOOKING"));
    const all = (await expectStatus(fx, 200, "POST", listUrl("trip-1"), {})).json<{
      serviceCharges: ServiceChargeRecord[];
    }>();
    expect(all.serviceCharges.map((c) => c.serviceType)).toEqual(["ITINERARY_BOOKING", "AGENT_CONTACT"]);
    expect(all.serviceCharges[0]).toEqual({ ...charge("trip-1", "ITINERARY_BOOKING"), chargeId: booking });
    const filtered = await expectStatus(fx, 200, "POST", listUrl("trip-1"), { serviceType: "AGENT_CONTACT" });
    expect(filtered.json<{ serviceCharges: unknown[] }>().serviceCharges).toHaveLength(1);
    expect((await expectStatus(fx, 200, "POST", listUrl("trip-9"), {})).json()).toEqual({
      serviceCharges: [],
    });
    expect((await expectStatus(fx, 200, "POST", listUrl("trip-1", "USER"), {})).json()).toEqual({
      serviceCharges: [],
    });
  });

  it("shows only the charges of companies the caller may access", async () => {
    const sibling = await createCompany(fx.emu, fx.token, { name: "Sibling" });
    recordServiceCharge(fx.emu.context.store, fx.companyId, charge("trip-1", "ITINERARY_BOOKING"));
    recordServiceCharge(fx.emu.context.store, sibling, charge("trip-1", "AGENT_CONTACT"));
    const count = async (token: string) =>
      (await expectStatus(fx, 200, "POST", listUrl("trip-1"), {}, token)).json<{
        serviceCharges: unknown[];
      }>().serviceCharges.length;
    expect(await count(fx.token)).toBe(2);
    expect(await count(fx.companyAdmin)).toBe(1);
    expect(await count(fx.otherTmcAdmin)).toBe(0);
  });

  it("validates the path and body", async () => {
    expectBadRequest(await call(fx.emu, fx.token, "POST", listUrl("t", "FLIGHT"), {}), /entityType/);
    expectBadRequest(await call(fx.emu, fx.token, "POST", listUrl("t", "TRIP", "OTHER_CHARGE"), {}), /type/);
    expectBadRequest(
      await call(fx.emu, fx.token, "POST", listUrl("t"), { serviceType: "LOUNGE" }),
      /serviceType/,
    );
    expect((await call(fx.emu, undefined, "POST", listUrl("t"), {})).statusCode).toBe(401);
  });
});
