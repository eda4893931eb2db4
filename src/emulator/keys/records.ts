/** Record shapes and kinds of the keys area: partner public keys and tenant keys. */
import { byCompanyId, companyRecords } from "../core/record-kind";

/** A partner public key (one RSA JWK) registered for a company. */
export interface PartnerKeyRecord {
  /** Platform id of the registration (UUID). */
  id: string;
  /** The company the key is scoped to. */
  orgId: string;
  kid: string;
  /** The public JWK as registered (kty, use, alg, kid, n, e). */
  jwk: Record<string, string>;
  status: "ACTIVE" | "REVOKED";
  /** RFC 7638 thumbprint of the key. */
  thumbprint: string;
  createdAtMs: number;
  revokedAtMs?: number | undefined;
}

/** A company's managed tenant key (CMK and DEK). The key material never leaves the platform. */
export interface TenantKeyRecord {
  companyId: string;
  /** Stable id of the key configuration, returned by every call. */
  configId: string;
  /** 1 after provisioning, +1 per rotation. */
  cmkVersion: number;
  createdAtMs: number;
  /** Time of the last provisioning or rotation call; the cooldown runs from here. */
  lastCallAtMs: number;
}

/** Partner public keys, owned by the company they are scoped to. */
export const PARTNER_KEYS = companyRecords<PartnerKeyRecord>("partnerPublicKeys", {
  companyOf: (key) => key.orgId,
});

/** Tenant keys, one per company, by company id. */
export const TENANT_KEYS = companyRecords<TenantKeyRecord>("tenantKeys", byCompanyId());

/** The record kinds of the keys area. */
export const KEY_RECORDS = [PARTNER_KEYS, TENANT_KEYS] as const;
