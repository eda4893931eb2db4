/** Record shapes of the keys area (partner public keys, tenant keys) and their collections. */

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

/** Collection names of the keys area. */
export const KEY_COLLECTIONS = {
  partnerKeys: "partnerPublicKeys",
  tenantKeys: "tenantKeys",
} as const;
