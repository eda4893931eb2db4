/**
 * OAuth2 client-credentials tokens. One token per (baseUrl, clientId, secret) is shared by every
 * client and every concurrent request in the process, refreshed single-flight before it expires,
 * and, given a {@link TokenFileCache}, with the other processes of its scope.
 */
import { createHash } from "node:crypto";
import { registerSecret } from "./redact";
import type { TokenFileCache, TokenKey } from "./token-file-cache";

/** A token as the token endpoint returned it. */
export interface IssuedToken {
  accessToken: string;
  /** Lifetime in seconds; undefined when the server did not say. */
  expiresInSeconds: number | undefined;
}

/** Hands out bearer tokens for requests. */
export interface TokenSource {
  /** A valid token, fetched or refreshed if needed. */
  getToken(): Promise<string>;
  /** Drops `token` after the server refused it, so the next {@link getToken} fetches a new one. */
  invalidate(token: string): void;
}

/** A fixed access token supplied by the caller. */
export class StaticTokenSource implements TokenSource {
  constructor(private readonly token: string) {
    registerSecret(token);
  }

  async getToken(): Promise<string> {
    return this.token;
  }

  invalidate(): void {
    // A static token cannot be renewed; the 401 reaches the caller.
  }
}

interface CachedToken {
  value: string;
  /** When to stop using it: expiry minus the refresh skew. */
  refreshAtMs: number;
}

interface TokenSlot {
  current?: CachedToken | undefined;
  inflight?: Promise<CachedToken> | undefined;
}

/** How long a process waits for the token another process of its scope is fetching. */
const LOCK_WAIT_MS = 5_000;
const LOCK_POLL_MS = 25;

/** Lifetime assumed when the server gives none. */
const DEFAULT_LIFETIME_SECONDS = 300;

const sharedSlots = new Map<string, TokenSlot>();

/** Forgets every shared token; for tests and for callers that rotate credentials. */
export function clearSharedTokens(): void {
  sharedSlots.clear();
}

/** Token files shared with other processes, and where a failure to use them is reported. */
export interface SharedTokenFiles {
  cache: TokenFileCache;
  /** The token endpoint's URL, part of each file's key. */
  tokenUrl: string;
  /** Receives a failure to read or write a file; the token is then fetched or kept in-process only. */
  onError: (error: unknown) => void;
  /** Told once per fetch that another process of the scope is fetching, and this one waits for it. */
  onWait: () => void;
}

/**
 * Tokens for one API user at one base URL, fetched with `fetchToken` and shared process-wide, and
 * with the processes of `files`' scope when given.
 */
export class ClientCredentialsTokenSource implements TokenSource {
  private readonly slot: TokenSlot;
  private readonly fileKey: TokenKey;

  constructor(
    baseUrl: string,
    clientId: string,
    clientSecret: string,
    private readonly fetchToken: () => Promise<IssuedToken>,
    private readonly refreshSkewMs: number,
    private readonly now: () => number = Date.now,
    private readonly files?: SharedTokenFiles | undefined,
  ) {
    registerSecret(clientSecret);
    // The secret is part of the key: a client given another secret for the same API user (a
    // rotated or a wrong one) must not be handed a token the first secret earned.
    const secretDigest = createHash("sha256").update(clientSecret).digest("hex");
    this.fileKey = { tokenUrl: files?.tokenUrl ?? baseUrl, clientId, secretDigest };
    const key = `${baseUrl}\u0000${clientId}\u0000${secretDigest}`;
    let slot = sharedSlots.get(key);
    if (!slot) {
      slot = {};
      sharedSlots.set(key, slot);
    }
    this.slot = slot;
  }

  async getToken(): Promise<string> {
    const current = this.slot.current;
    if (current && this.now() < current.refreshAtMs) return current.value;
    if (!this.slot.inflight) {
      const inflight = this.fetchAndCache();
      this.slot.inflight = inflight;
      inflight.then(
        () => this.clearInflight(inflight),
        () => this.clearInflight(inflight),
      );
    }
    return (await this.slot.inflight).value;
  }

  invalidate(token: string): void {
    if (this.slot.current?.value === token) this.slot.current = undefined;
    this.withFiles((files) => files.cache.drop(this.fileKey, token));
  }

  private clearInflight(inflight: Promise<CachedToken>): void {
    if (this.slot.inflight === inflight) this.slot.inflight = undefined;
  }

  private async fetchAndCache(): Promise<CachedToken> {
    const claim = await this.claimFetch();
    if (claim.shared) return claim.shared;
    try {
      const issued = await this.fetchToken();
      registerSecret(issued.accessToken);
      const issuedAtMs = this.now();
      const lifetimeMs = (issued.expiresInSeconds ?? DEFAULT_LIFETIME_SECONDS) * 1000;
      const skew = Math.min(this.refreshSkewMs, lifetimeMs / 2);
      const cached = { value: issued.accessToken, refreshAtMs: issuedAtMs + lifetimeMs - skew };
      this.slot.current = cached;
      const token = { accessToken: issued.accessToken, expiresAtMs: issuedAtMs + lifetimeMs };
      this.withFiles((files) => files.cache.write(this.fileKey, token, issuedAtMs));
      return cached;
    } finally {
      if (claim.locked) this.withFiles((files) => files.cache.unlock(this.fileKey));
    }
  }

  /**
   * The token another process of the scope left in the shared files, or the right to fetch one:
   * the lock, taken so that the others wait for this process's token. While another process holds
   * the lock, waits for its token up to {@link LOCK_WAIT_MS}, then fetches regardless.
   */
  private async claimFetch(): Promise<{ shared?: CachedToken; locked: boolean }> {
    if (!this.files) return { locked: false };
    const waitUntil = this.now() + LOCK_WAIT_MS;
    let waited = false;
    for (;;) {
      const shared = this.withFiles((files) =>
        files.cache.read(this.fileKey, this.refreshSkewMs, this.now()),
      );
      if (shared) {
        registerSecret(shared.accessToken);
        const cached = { value: shared.accessToken, refreshAtMs: shared.expiresAtMs - this.refreshSkewMs };
        this.slot.current = cached;
        return { shared: cached, locked: false };
      }
      const locked = this.withFiles((files) => files.cache.lock(this.fileKey, this.now()));
      // A cache that fails (undefined) or a wait that ran out: fetch without the lock.
      if (locked !== false) return { locked: locked === true };
      if (this.now() >= waitUntil) return { locked: false };
      if (!waited) this.files.onWait();
      waited = true;
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }

  /** Runs `use` on the shared files, if any; a failure goes to their `onError` and yields undefined. */
  private withFiles<T>(use: (files: SharedTokenFiles) => T): T | undefined {
    const { files } = this;
    if (!files) return undefined;
    try {
      return use(files);
    } catch (error) {
      files.onError(error);
      return undefined;
    }
  }
}
