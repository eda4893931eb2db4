/**
 * A tenant key rotated within the platform's hour (issue 31 item 8), through the real engine on
 * both hosts. One small stack per host (a company and its tenant key) and three engine runs. The
 * emulator's clock is first moved 30 days ahead of this machine's, so only the platform's clock
 * (learned from its answers' `Date`) can give the right verdicts:
 * - `up` records `rotatedAt` by the platform's clock, not the local one;
 * - a changed `rotation` fails the preview, naming when the platform allows it, and nothing is sent;
 * - once the emulator's clock has passed the cooldown, `up` rotates the key with one call. Its diff
 *   is the call a preview makes (the engine's Diff has no preview flag), so its `update: 1` is what
 *   the preview shows; test/provider/tenant-key-cooldown.test.ts proves that diff on its own.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTS, TRAVEL_BY_HOST } from "../support/plugin-classes";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const PROGRAM = `
const pulumi = require("@pulumi/pulumi");
${TRAVEL_BY_HOST}
const config = new pulumi.Config();
const company = new travel.Company("co", { name: "Cooldown Co", billingCurrency: "USD" });
const key = new travel.TenantKey("key", { companyId: company.companyId, rotation: config.require("rotation") });
exports.rotatedAt = key.rotatedAt;
`;

/** How far the platform's clock is from this machine's. */
const PLATFORM_AHEAD_MS = 30 * 24 * 3_600_000;
const KEY_ROUTE = /^POST \/v3\/tenant-encryption\/[^/]+\/key$/;

describe.skipIf(e2eSkipReason() !== "").each(HOSTS)("tenant key cooldown at preview (%s host)", (host) => {
  let env: E2eEnvironment;
  let rotatedAt: number;

  /** The key calls (provisioning or rotation) the platform received since `afterSeq`. */
  const keyCallsSince = (afterSeq: number) =>
    env.emulator.admin.requests(afterSeq).filter((entry) => KEY_ROUTE.test(entry.route));

  beforeAll(async () => {
    env = await createEnvironment("tenant-key-cooldown", PROGRAM, { rotation: "1" }, "e2e", host);
    env.emulator.admin.clock.advance(PLATFORM_AHEAD_MS);
  });
  afterAll(async () => {
    await env?.dispose();
  });

  it("records rotatedAt by the platform's clock, not this machine's", async () => {
    const up = await env.stack.up();
    rotatedAt = Date.parse(String(up.outputs.rotatedAt?.value));
    const platformNow = env.emulator.admin.clock.now();
    expect(platformNow - rotatedAt).toBeGreaterThanOrEqual(-1_000);
    expect(platformNow - rotatedAt).toBeLessThan(120_000);
  });

  it("fails the preview of a rotation within the hour, naming when it is allowed; nothing is sent", async () => {
    await env.stack.setConfig("rotation", { value: "2" });
    const before = env.emulator.admin.lastRequestSeq;
    const events: EngineEvent[] = [];
    const failure = String(
      await env.stack.preview({ onEvent: (event) => events.push(event) }).then(
        () => "preview succeeded",
        (error: unknown) => error,
      ),
    );
    const named = /the next rotation is allowed at (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) \(in (\d+) s\)/.exec(
      failure,
    );
    expect(named, failure).not.toBeNull();
    const allowedAt = Date.parse(named?.[1] ?? "");
    expect(allowedAt).toBe(Math.ceil((rotatedAt + 3_600_000) / 1000) * 1000);
    const secondsLeft = Number(named?.[2]);
    expect(secondsLeft).toBeGreaterThan(3_400);
    expect(secondsLeft).toBeLessThanOrEqual(3_600);
    expect(failure).toContain("Nothing was sent; run pulumi up after that.");
    // Once as an error (the dynamic host's SDK also echoes a diff's exception to stderr, as info).
    const refusals = events.filter(
      (event) =>
        event.diagnosticEvent?.severity === "error" &&
        event.diagnosticEvent.message.includes("cannot rotate the key yet"),
    );
    expect(refusals).toHaveLength(1);
    expect(keyCallsSince(before)).toEqual([]);
  });

  it("rotates once the platform's clock has passed the cooldown", async () => {
    env.emulator.admin.clock.advance(3_601_000);
    const before = env.emulator.admin.lastRequestSeq;
    const up = await env.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(keyCallsSince(before).map((entry) => entry.status)).toEqual([200]);
    const rotatedAgain = Date.parse(String(up.outputs.rotatedAt?.value));
    expect(rotatedAgain - rotatedAt).toBeGreaterThanOrEqual(3_601_000);
    expect(env.emulator.admin.clock.now() - rotatedAgain).toBeLessThan(120_000);
  });
});
