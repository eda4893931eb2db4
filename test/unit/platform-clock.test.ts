/**
 * The platform clock of the client (`src/client/platform-clock.ts`) and the HTTP-date parsing it
 * shares with `Retry-After`, from tables: the offset of each answer's `Date` from the local receipt
 * time, to the second; the latest valid `Date` kept; invalid ones ignored. Also the tenant key's
 * cooldown verdict at preview (`cooldownRefusal`), by the platform's time it is handed.
 */
import { describe, expect, it } from "vitest";
import { parseHttpDate } from "../../src/client/http-date";
import { PlatformClock } from "../../src/client/platform-clock";
import { cooldownRefusal } from "../../src/resources/tenant-key";

const LOCAL = Date.parse("2026-11-26T16:00:00.000Z");
const http = (ms: number) => new Date(ms).toUTCString();

describe("parseHttpDate", () => {
  it.each([
    ["an IMF-fixdate", "Thu, 26 Nov 2026 16:00:00 GMT", LOCAL],
    ["padded", "  Thu, 26 Nov 2026 16:00:00 GMT ", LOCAL],
    ["absent", undefined, undefined],
    ["empty", "", undefined],
    ["delta seconds", "120", undefined],
    ["an ISO time (not an HTTP date)", "2026-11-26T16:00:00Z", undefined],
    ["a weekday and garbage", "Thu, soon", undefined],
  ])("%s", (_name, value, expected) => {
    expect(parseHttpDate(value)).toBe(expected);
  });
});

describe("PlatformClock", () => {
  it.each([
    // [name, Date sent (platform ms), received at (local ms), expected offset]
    ["clocks that agree, answered within the second", LOCAL, LOCAL + 300, 0],
    ["clocks that agree, Date truncated near the second's end", LOCAL, LOCAL + 999, 0],
    ["a platform an hour ahead", LOCAL + 3_600_000, LOCAL + 200, 3_600_000],
    ["a platform 30 days behind", LOCAL - 30 * 86_400_000, LOCAL + 400, -30 * 86_400_000],
    ["a platform 90 s ahead", LOCAL + 90_000, LOCAL + 100, 90_000],
  ])("%s", (_name, dateMs, receivedAt, offset) => {
    const clock = new PlatformClock(() => receivedAt);
    clock.observe(http(dateMs), receivedAt);
    expect(clock.offsetMs).toBe(offset);
    expect(clock.at(receivedAt + 5_000)).toBe(receivedAt + 5_000 + offset);
  });

  it("knows nothing before an answer, keeps the latest valid Date and ignores invalid ones", () => {
    let local = LOCAL + 250;
    const clock = new PlatformClock(() => local);
    expect(clock.offsetMs).toBeUndefined();
    expect(clock.at()).toBeUndefined();
    clock.observe(undefined);
    clock.observe("not a date");
    expect(clock.at()).toBeUndefined();

    clock.observe(http(LOCAL + 3_600_000));
    expect(clock.at()).toBe(local + 3_600_000);
    clock.observe("Thu, 99 Nov 2026 99:00:00 GMT");
    clock.observe("");
    expect(clock.offsetMs).toBe(3_600_000);

    local += 10_000;
    clock.observe(http(LOCAL + 10_000 - 120_000));
    expect(clock.offsetMs).toBe(-120_000);
    expect(clock.at()).toBe(local - 120_000);
  });
});

describe("cooldownRefusal (TenantKey at preview)", () => {
  const rotatedAt = "2026-11-26T16:00:00.000Z";
  const recorded = { companyId: "co-1", rotation: "r1", rotatedAt };
  const rotatedMs = Date.parse(rotatedAt);

  it("refuses a rotation within the hour by the platform's clock, naming when it is allowed", () => {
    const message = cooldownRefusal(recorded, { companyId: "co-1", rotation: "r2" }, rotatedMs + 504_000);
    expect(message).toBe(
      "TenantKey of company co-1: cannot rotate the key yet: the platform allows one provisioning or " +
        "rotation per hour, and the stack's latest was at 2026-11-26T16:00:00.000Z; by the platform's " +
        "clock the next rotation is allowed at 2026-11-26T17:00:00Z (in 3096 s). Nothing was sent; run pulumi up after that.",
    );
  });

  it.each([
    ["the hour has passed", { rotation: "r2" }, rotatedMs + 3_600_000],
    ["the rotation is unchanged", { rotation: "r1" }, rotatedMs + 1_000],
    ["no rotation is declared", {}, rotatedMs + 1_000],
    [
      "the record is after the platform's now (a local clock's, not the platform's)",
      { rotation: "r2" },
      rotatedMs - 3_600_000,
    ],
  ])("allows it when %s", (_name, news, nowMs) => {
    expect(cooldownRefusal(recorded, { companyId: "co-1", ...news }, nowMs)).toBeUndefined();
  });

  it("allows it when nothing is recorded", () => {
    expect(
      cooldownRefusal({ companyId: "co-1" }, { companyId: "co-1", rotation: "r2" }, rotatedMs),
    ).toBeUndefined();
  });
});
