/** Record shapes the emulator stores, and the names of their collections. */

/** Roles of API users. */
export type ApiUserRole = "TMC_ADMIN" | "COMPANY_ADMIN";

/** An API user (machine user). Only digests of its secrets are kept. */
export interface ApiUserRecord {
  clientId: string;
  role: ApiUserRole;
  /** The contracting TMC the API user belongs to. */
  tmcId: string;
  /** For COMPANY_ADMIN: the one company it administers. */
  companyId?: string | undefined;
  credentialType: "CLIENT_CREDENTIALS" | "SCIM_TOKEN";
  secretDigest: string;
  /** Bumped by rotation; tokens of an older generation are dead. */
  generation: number;
  createdAtMs: number;
}

/** An issued access token, keyed by the digest of its value. */
export interface TokenRecord {
  clientId: string;
  generation: number;
  issuedAtMs: number;
  expiresAtMs: number;
}

/** A company as the platform stores it (the vendor `Company` shape), plus its owning TMC. */
export interface CompanyRecord {
  /** The vendor shape stores the id as `{ id }`. */
  id: { id: string };
  name: string;
  billingCurrency: string;
  companyRoles: string[];
  isActive: boolean;
  /** The TMC whose admins may manage this company; equals its own id for a TMC. */
  tmcId: string;
  createdAtMs: number;
  [field: string]: unknown;
}

/** Collection names. */
export const COLLECTIONS = {
  apiUsers: "apiUsers",
  tokens: "tokens",
  companies: "companies",
} as const;
