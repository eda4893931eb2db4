/**
 * Who is calling: API users, token issuance and verification, and the principal a bearer token
 * stands for. Tokens are opaque; the emulator keeps only their digests.
 */
import type { EmulatorClock } from "../core/clock";
import { PlatformError } from "../core/errors";
import { digest, randomAlphanumeric } from "../core/ids";
import { API_USERS, type ApiUserRecord, type ApiUserRole, TOKENS } from "./records";
import type { EmulatorSettings } from "../core/settings";
import type { EmulatorStore } from "../core/store";

/** The authenticated caller of a request. */
export interface Principal {
  clientId: string;
  role: ApiUserRole;
  tmcId: string;
  companyId?: string | undefined;
}

/** A newly minted API user with its secret (returned once). */
export interface MintedApiUser {
  record: ApiUserRecord;
  clientSecret: string;
}

const TOKEN_PATTERN = /^emu\.[a-z0-9]{48}$/;

/** Issues and verifies credentials against the store. */
export class Identity {
  private readonly windows = new Map<string, { startMs: number; count: number }>();

  constructor(
    private readonly store: EmulatorStore,
    private readonly clock: EmulatorClock,
    private readonly settings: () => EmulatorSettings,
  ) {}

  private get apiUsers() {
    return this.store.records(API_USERS);
  }

  private get tokens() {
    return this.store.records(TOKENS);
  }

  /**
   * Creates an API user; `clientId`/`clientSecret` may be fixed (seeds), else they are random. A
   * SCIM_TOKEN user gets a SCIM token (see {@link scimTokenFor}) in place of a client secret.
   */
  createApiUser(
    fields: Pick<ApiUserRecord, "role" | "tmcId" | "companyId" | "credentialType">,
    fixed: { clientId?: string | undefined; clientSecret?: string | undefined } = {},
  ): MintedApiUser {
    const clientId = fixed.clientId ?? randomAlphanumeric(25);
    const clientSecret =
      fixed.clientSecret ??
      (fields.credentialType === "SCIM_TOKEN" ? scimTokenFor(clientId) : randomAlphanumeric(40));
    const record: ApiUserRecord = {
      ...fields,
      clientId,
      secretDigest: digest(clientSecret),
      generation: 1,
      createdAtMs: this.clock.now(),
    };
    this.apiUsers.set(clientId, record);
    return { record, clientSecret };
  }

  /** Issues a new secret; every token issued before fails with TOKEN_REVOKED. */
  rotateSecret(clientId: string): string {
    const user = this.apiUsers.get(clientId);
    if (!user) throw new PlatformError(404, "API_USER_NOT_FOUND", `API user ${clientId} does not exist`);
    const clientSecret = randomAlphanumeric(40);
    this.apiUsers.set(clientId, {
      ...user,
      secretDigest: digest(clientSecret),
      generation: user.generation + 1,
    });
    return clientSecret;
  }

  /** Deletes an API user; its tokens then fail with TOKEN_REVOKED. */
  revoke(clientId: string): void {
    if (!this.apiUsers.delete(clientId)) {
      throw new PlatformError(404, "API_USER_NOT_FOUND", `API user ${clientId} does not exist`);
    }
  }

  /**
   * Counts a token request against a rate limit; throws 429 with Retry-After when its window is
   * full. Requests with valid credentials count against their client id; failed ones against the
   * source address only. So wrong secrets sent with a victim's client id (ids are not secret)
   * never lock the victim out, an unknown client id leaves nothing behind (memory grows with
   * real clients and sources, never with junk ids), and guessing secrets is limited per source.
   */
  chargeTokenRequest(clientId: string, clientSecret: string, source: string): void {
    const user = this.apiUsers.get(clientId);
    const valid = user?.credentialType === "CLIENT_CREDENTIALS" && user.secretDigest === digest(clientSecret);
    this.chargeWindow(valid ? `client:${clientId}` : `source:${source}`);
  }

  /** How many rate-limit windows the emulator keeps (one per real client and per source). */
  get rateLimitWindowCount(): number {
    return this.windows.size;
  }

  private chargeWindow(key: string): void {
    const { limit, windowSeconds } = this.settings().tokenRateLimit;
    const now = this.clock.now();
    const windowMs = windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.startMs >= windowMs) {
      window = { startMs: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count++;
    if (window.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((window.startMs + windowMs - now) / 1000));
      throw new PlatformError(
        429,
        "RATE_LIMIT_EXCEEDED",
        `too many token requests: at most ${limit} per ${windowSeconds} s; reuse tokens until they expire`,
        { "retry-after": String(retryAfter) },
      );
    }
  }

  /** Resets token rate-limit windows. */
  resetRateLimits(): void {
    this.windows.clear();
  }

  /** Exchanges client credentials for a token; 403 INVALID_CLIENT_CREDENTIALS when they do not match. */
  issueToken(clientId: string, clientSecret: string): { token: string; expiresInSeconds: number } {
    const user = this.apiUsers.get(clientId);
    if (user?.credentialType !== "CLIENT_CREDENTIALS" || user.secretDigest !== digest(clientSecret)) {
      throw new PlatformError(403, "INVALID_CLIENT_CREDENTIALS", "client_id or client_secret is not valid");
    }
    const token = `emu.${randomAlphanumeric(48)}`;
    const now = this.clock.now();
    const ttl = this.settings().tokenTtlSeconds;
    this.tokens.set(digest(token), {
      clientId,
      generation: user.generation,
      issuedAtMs: now,
      expiresAtMs: now + ttl * 1000,
    });
    return { token, expiresInSeconds: ttl };
  }

  /** Resolves an Authorization header to its principal, or throws 401 with a precise errorCode. */
  authenticate(authorization: string | undefined): Principal {
    if (!authorization) throw unauthorized("UNAUTHENTICATED", "the Authorization header is missing");
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw unauthorized("INVALID_TOKEN", "the Authorization header is not a bearer token");
    const token = match[1] as string;
    if (!TOKEN_PATTERN.test(token)) throw unauthorized("INVALID_TOKEN", "the bearer token is malformed");
    const record = this.tokens.get(digest(token));
    if (!record) throw unauthorized("INVALID_TOKEN", "the bearer token is not known");
    const user = this.apiUsers.get(record.clientId);
    if (!user || user.generation !== record.generation) {
      throw unauthorized("TOKEN_REVOKED", "the bearer token was revoked");
    }
    if (this.clock.now() >= record.expiresAtMs)
      throw unauthorized("TOKEN_EXPIRED", "the bearer token has expired");
    return { clientId: user.clientId, role: user.role, tmcId: user.tmcId, companyId: user.companyId };
  }

  /**
   * Resolves the Authorization header of a SCIM request (`Bearer <scimToken>`) to the SCIM API
   * user's principal, or throws 401. Access tokens are not accepted here, nor SCIM tokens elsewhere.
   */
  authenticateScim(authorization: string | undefined): Principal {
    if (!authorization) throw unauthorized("UNAUTHENTICATED", "the Authorization header is missing");
    const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
    if (!match) throw unauthorized("INVALID_TOKEN", "the Authorization header is not a bearer token");
    const token = match[1] as string;
    const clientId = scimTokenClientId(token);
    if (clientId === undefined) throw unauthorized("INVALID_TOKEN", "the bearer token is not a SCIM token");
    const user = this.apiUsers.get(clientId);
    if (user?.credentialType !== "SCIM_TOKEN" || user.secretDigest !== digest(token)) {
      throw unauthorized("TOKEN_REVOKED", "the SCIM token is not valid (revoked or unknown)");
    }
    return { clientId: user.clientId, role: user.role, tmcId: user.tmcId, companyId: user.companyId };
  }

  /** Drops tokens that expired more than a day ago, keeping the state file small. */
  pruneTokens(): void {
    const horizon = this.clock.now() - 86_400_000;
    for (const [key, record] of this.tokens.entries())
      if (record.expiresAtMs < horizon) this.tokens.delete(key);
  }
}

/**
 * A new SCIM token: like the vendor's, a base64url JSON envelope `{ scope: "scim", clientId, secret }`
 * around a random secret, so the platform finds the user without scanning digests.
 */
export function scimTokenFor(clientId: string): string {
  const envelope = { scope: "scim", clientId, secret: randomAlphanumeric(40) };
  return Buffer.from(JSON.stringify(envelope)).toString("base64url");
}

/** The clientId inside a SCIM token, or undefined when `token` is not one. */
function scimTokenClientId(token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{20,1024}$/.test(token)) return undefined;
  try {
    const envelope: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
    if (envelope && typeof envelope === "object" && "scope" in envelope && "clientId" in envelope) {
      return envelope.scope === "scim" && typeof envelope.clientId === "string"
        ? envelope.clientId
        : undefined;
    }
  } catch {
    // not JSON: not a SCIM token
  }
  return undefined;
}

function unauthorized(errorCode: string, message: string): PlatformError {
  return new PlatformError(401, errorCode, message, { "www-authenticate": 'Bearer realm="travel-platform"' });
}
