/**
 * Record kinds on a real store: the owner a kind declares drives tenant scoping (`of`) and company
 * deletion (the guard, then the cascade), including records owned through a parent record.
 */
import { describe, expect, it } from "vitest";
import { companyDeletionBlocker, purgeCompany } from "../../src/emulator/core/company-deletion";
import {
  byCompanyId,
  companyRecords,
  keyedByCompany,
  platformRecords,
} from "../../src/emulator/core/record-kind";
import { EmulatorStore } from "../../src/emulator/core/store";

interface Trip {
  companyId: string;
}
interface Booking {
  tripId: string;
  status: "CONFIRMED" | "CANCELLED";
}

const TRIPS = companyRecords<Trip>("trips", byCompanyId());
const BOOKINGS = companyRecords<Booking>("bookings", {
  companyOf: (booking, _id, find) => find(TRIPS, booking.tripId)?.companyId,
  guard: { singular: "active booking", plural: "active bookings", blocks: (b) => b.status === "CONFIRMED" },
});
const NOTES = companyRecords<{ text: string }>("notes", keyedByCompany());
const RULES = platformRecords<{ percent: number }>("rules");

function storeWithTwoCompanies(): EmulatorStore {
  // Trips before bookings: a purge must resolve owners through trips before it removes them.
  const store = new EmulatorStore([TRIPS, BOOKINGS, NOTES, RULES]);
  store.records(TRIPS).set("t1", { companyId: "acme" });
  store.records(TRIPS).set("t2", { companyId: "globex" });
  store.records(BOOKINGS).set("b1", { tripId: "t1", status: "CANCELLED" });
  store.records(BOOKINGS).set("b2", { tripId: "t2", status: "CONFIRMED" });
  store.records(NOTES).set("acme", { text: "acme's" });
  store.records(NOTES).set("globex", { text: "globex's" });
  store.records(RULES).set("r1", { percent: 10 });
  return store;
}

describe("record kinds", () => {
  it("scopes a collection to the records a company owns, through a parent too", () => {
    const store = storeWithTwoCompanies();
    expect(store.records(BOOKINGS).of("acme").entries()).toEqual([
      ["b1", { tripId: "t1", status: "CANCELLED" }],
    ]);
    expect(store.records(BOOKINGS).of("acme").get("b2")).toBeUndefined();
    expect(store.records(BOOKINGS).of("globex").get("b2")).toMatchObject({ status: "CONFIRMED" });
    expect(store.records(NOTES).of("globex").values()).toEqual([{ text: "globex's" }]);
    expect(store.records(RULES).of("acme").values()).toEqual([]);
  });

  it("refuses a company deletion while a guarded kind holds blocking records", () => {
    const store = storeWithTwoCompanies();
    expect(companyDeletionBlocker(store, "globex")).toBe("1 active booking");
    expect(companyDeletionBlocker(store, "acme")).toBeUndefined();
  });

  it("removes every record the company owns, and nothing of another company or of the platform", () => {
    const store = storeWithTwoCompanies();
    expect(purgeCompany(store, "acme")).toBe(3);
    expect(store.snapshot().collections).toEqual({
      bookings: { b2: { tripId: "t2", status: "CONFIRMED" } },
      trips: { t2: { companyId: "globex" } },
      notes: { globex: { text: "globex's" } },
      rules: { r1: { percent: 10 } },
    });
  });

  it("refuses a kind the store was not built with, and two kinds sharing a collection", () => {
    const store = new EmulatorStore([TRIPS]);
    expect(() => store.records(NOTES)).toThrow(/record kind notes is not declared in the emulator's store/);
    expect(() => new EmulatorStore([TRIPS, companyRecords<Trip>("trips", byCompanyId())])).toThrow(
      /two record kinds share a collection name/,
    );
  });

  it("refuses a snapshot that names a collection no kind declares, and keeps its state", () => {
    const store = storeWithTwoCompanies();
    const before = store.snapshot();
    expect(() => store.load({ version: 1, collections: { trips: {}, regions: {} } })).toThrow(
      /invalid state snapshot: collections\.regions: is not a collection of this emulator/,
    );
    expect(store.snapshot()).toEqual(before);
  });
});
