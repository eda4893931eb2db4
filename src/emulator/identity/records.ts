/** Record kinds of the identity area: API users and tokens. */
import { companyRecords, platformRecords } from "../core/record-kind";

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

/** API users, owned by their TMC (a TMC is never deleted, so neither are they). */
export const API_USERS = companyRecords<ApiUserRecord>("apiUsers", { companyOf: (user) => user.tmcId });

/** Issued tokens, by the digest of their value. */
export const TOKENS = platformRecords<TokenRecord>("tokens");
