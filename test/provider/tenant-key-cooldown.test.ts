/**
 * The TenantKey's cooldown at preview (issue 31 item 8): the diff of a rotation within the hour of
 * the recorded `rotatedAt` fails, naming when the next rotation is allowed; past the hour, or with
 * no rotation asked, it plans the update as before. The diff calls no platform route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TENANT_KEY_COOLDOWN_MS, tenantKeyResource } from "../../src/resources/tenant-key";
import { type ProviderHarness, providerHarness } from "./harness";

describe("TenantKey cooldown at preview", () => {
  let h: ProviderHarness;
  beforeAll(async () => {
    h = await providerHarness(tenantKeyResource);
  });
  afterAll(() => h.close());

  const companyId = "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d";
  const recorded = (rotatedAtMs: number) => ({
    companyId,
    rotation: "1",
    configId: "cfg-1",
    rotatedAt: new Date(rotatedAtMs).toISOString(),
  });

  it("fails the diff of a rotation inside the hour with the time it is allowed, calling nothing", async () => {
    const rotatedAtMs = Date.now() - 60_000;
    const before = h.emulator.admin.lastRequestSeq;
    const allowedAt = new Date(rotatedAtMs + TENANT_KEY_COOLDOWN_MS).toISOString();
    await expect(
      h.provider.diff("cfg-1", recorded(rotatedAtMs), { companyId, rotation: "2" }),
    ).rejects.toThrow(
      `cannot rotate the key yet: the platform allows one provisioning or rotation per hour, and the latest was at ${new Date(rotatedAtMs).toISOString()}; the next rotation is allowed at ${allowedAt}`,
    );
    expect(h.emulator.admin.requests(before)).toEqual([]);
  });

  it("plans the rotation once the hour has passed, and an unchanged rotation inside it", async () => {
    const old = recorded(Date.now() - TENANT_KEY_COOLDOWN_MS - 1000);
    expect(await h.provider.diff("cfg-1", old, { companyId, rotation: "2" })).toMatchObject({
      changes: true,
      changed: ["rotation"],
    });
    const fresh = recorded(Date.now());
    expect(await h.provider.diff("cfg-1", fresh, { companyId, rotation: "1" })).toMatchObject({
      changes: false,
    });
  });
});
