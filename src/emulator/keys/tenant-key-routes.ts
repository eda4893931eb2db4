/**
 * The tenant key: `POST /v3/tenant-encryption/{companyId}/key`. The first call provisions a managed
 * CMK and DEK (`created: true`); later calls rotate the CMK (`created: false`). A call within the
 * cooldown (one hour by default) of the previous one gets 429 with Retry-After and the exact time
 * the next call is allowed. There is no read and no delete: the key material never leaves the platform.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { PlatformError } from "../core/errors";
import { newId } from "../core/ids";
import { param } from "../core/http";
import { authenticate, principalOf } from "../identity/authenticate";
import { companyFor } from "../org/permissions";
import { TENANT_KEYS, type TenantKeyRecord } from "./records";

/** Registers the tenant key route. */
export function tenantKeyRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    const tenantKeys = () => ctx.store.records(TENANT_KEYS);
    app.addHook("preValidation", authenticate(ctx));

    app.post("/v3/tenant-encryption/:companyId/key", async (request) => {
      const companyId = param(request, "companyId");
      // COMPANY_MANAGEMENT WRITE: the company's own admins and the admins of its TMC.
      companyFor(ctx.store, principalOf(request), companyId);
      const now = ctx.clock.now();
      const existing = tenantKeys().get(companyId);
      if (!existing) {
        const record: TenantKeyRecord = {
          companyId,
          configId: newId(),
          cmkVersion: 1,
          createdAtMs: now,
          lastCallAtMs: now,
        };
        tenantKeys().set(companyId, record);
        return { configId: record.configId, created: true };
      }
      const cooldownMs = ctx.settings.tenantKeyCooldownSeconds * 1000;
      const allowedAtMs = existing.lastCallAtMs + cooldownMs;
      if (now < allowedAtMs) {
        const retryAfter = Math.max(1, Math.ceil((allowedAtMs - now) / 1000));
        throw new PlatformError(
          429,
          "TENANT_KEY_COOLDOWN",
          `the tenant key of company ${companyId} was provisioned or rotated at ${iso(existing.lastCallAtMs)}; ` +
            `the next rotation is allowed at ${iso(allowedAtMs)} (in ${retryAfter} s)`,
          { "retry-after": String(retryAfter) },
        );
      }
      tenantKeys().set(companyId, { ...existing, cmkVersion: existing.cmkVersion + 1, lastCallAtMs: now });
      return { configId: existing.configId, created: false };
    });
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
