/**
 * A token cache shared by the processes of one scope (one Pulumi run: the program and the
 * provider processes the engine starts) through files in a directory of the user's: one file per
 * (scope, token URL, client id, SHA-256 of the secret), holding the access token and its expiry.
 * The directory is 0700 and each file 0600, written to a temporary name and renamed into place, so
 * a reader sees a whole file or none. A file that is not the user's own, or that others may read,
 * is never used. The process that fetches holds a lock file meanwhile, so that another process of
 * the scope waits for its token instead of fetching a second one.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";

/** Where a client shares its tokens, and with which processes. */
export interface TokenFileCacheOptions {
  /** The directory of token files; created 0700 when missing. */
  dir: string;
  /** What the sharing processes have in common and no others have (a Pulumi run's engine address). */
  scope: string;
}

/** A token read from the cache. */
export interface CachedTokenFile {
  accessToken: string;
  /** When it expires, in milliseconds since the epoch. */
  expiresAtMs: number;
}

/** A lock older than this is left from a process that died while fetching, and is taken over. */
const STALE_LOCK_MS = 10_000;

/** Token files of one scope in one directory. */
export class TokenFileCache {
  /** Whether this cache removed the directory's expired files yet. */
  private swept = false;

  constructor(private readonly options: TokenFileCacheOptions) {}

  /**
   * The token of `key` with more than `minimumLeftMs` to live, if another process left one. The
   * first read of this cache also removes the directory's expired files (see {@link write}), so a
   * process that only reads its run's token still clears what earlier runs left.
   */
  read(key: TokenKey, minimumLeftMs: number, nowMs: number): CachedTokenFile | undefined {
    if (!this.swept && existsSync(this.options.dir)) {
      ensurePrivateDir(this.options.dir);
      removeExpired(this.options.dir, nowMs);
      this.swept = true;
    }
    const file = this.fileOf(key);
    if (!isPrivateOwnFile(file)) return undefined;
    const token = parseTokenFile(file);
    return token !== undefined && token.expiresAtMs - nowMs > minimumLeftMs ? token : undefined;
  }

  /** Stores the token of `key` for the other processes of the scope, and drops expired files. */
  write(key: TokenKey, token: CachedTokenFile, nowMs: number): void {
    const { dir } = this.options;
    ensurePrivateDir(dir);
    removeExpired(dir, nowMs);
    this.swept = true;
    const temporary = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
    writeFileSync(temporary, JSON.stringify(token), { mode: 0o600, flag: "wx" });
    renameSync(temporary, this.fileOf(key));
  }

  /**
   * Takes the lock of `key` before a fetch: true when this process holds it now, false while
   * another process of the scope does (it is fetching). A stale lock is taken over.
   */
  lock(key: TokenKey, nowMs: number): boolean {
    ensurePrivateDir(this.options.dir);
    const lock = this.lockOf(key);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        closeSync(openSync(lock, "wx", 0o600));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        if (!isStale(lock, nowMs)) return false;
        rmSync(lock, { force: true });
      }
    }
    return false;
  }

  /** Releases the lock of `key`. */
  unlock(key: TokenKey): void {
    rmSync(this.lockOf(key), { force: true });
  }

  /** Drops the file of `key` if it still holds `accessToken` (the platform refused it). */
  drop(key: TokenKey, accessToken: string): void {
    const file = this.fileOf(key);
    if (parseTokenFile(file)?.accessToken === accessToken) rmSync(file, { force: true });
  }

  /** The file name of `key`: a digest, so that no id, secret or URL shows in a file name. */
  private fileOf(key: TokenKey): string {
    return join(this.options.dir, `${this.digestOf(key)}.json`);
  }

  private lockOf(key: TokenKey): string {
    return join(this.options.dir, `${this.digestOf(key)}.lock`);
  }

  private digestOf(key: TokenKey): string {
    return createHash("sha256")
      .update([this.options.scope, key.tokenUrl, key.clientId, key.secretDigest].join("\u0000"))
      .digest("hex");
  }
}

/** What a token is for: the token endpoint, the API user and (by digest) the secret. */
export interface TokenKey {
  tokenUrl: string;
  clientId: string;
  /** SHA-256 of the client secret, hex. */
  secretDigest: string;
}

/** The token in `file`; undefined when it is missing or not a token file. */
function parseTokenFile(file: string): CachedTokenFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<CachedTokenFile>;
    if (typeof parsed.accessToken !== "string" || parsed.accessToken === "") return undefined;
    if (typeof parsed.expiresAtMs !== "number") return undefined;
    return { accessToken: parsed.accessToken, expiresAtMs: parsed.expiresAtMs };
  } catch {
    return undefined;
  }
}

/** True for a regular file of this user that no one else may read or write (POSIX). */
function isPrivateOwnFile(file: string): boolean {
  try {
    const stat = lstatSync(file);
    return stat.isFile() && isOwnAndPrivate(stat.uid, stat.mode);
  } catch {
    return false;
  }
}

/** Creates `dir` 0700, or tightens it if it is ours; throws when it is someone else's or not a directory. */
function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory`);
  const uid = process.getuid?.();
  if (uid === undefined) return;
  if (stat.uid !== uid) throw new Error(`${dir} belongs to another user`);
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

function isOwnAndPrivate(uid: number, mode: number): boolean {
  const own = process.getuid?.();
  return own === undefined || (uid === own && (mode & 0o077) === 0);
}

/** True when the lock file was made longer ago than {@link STALE_LOCK_MS} (or is gone). */
function isStale(lock: string, nowMs: number): boolean {
  try {
    return nowMs - statSync(lock).mtimeMs > STALE_LOCK_MS;
  } catch {
    return true;
  }
}

/**
 * Removes the token files of `dir` that have expired (or hold no token), and the locks and
 * temporary files left by processes that died (every scope's: a run leaves its file behind).
 */
function removeExpired(dir: string, nowMs: number): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if ((name.endsWith(".lock") || name.endsWith(".tmp")) && isStale(file, nowMs))
      rmSync(file, { force: true });
    if (!name.endsWith(".json")) continue;
    const token = parseTokenFile(file);
    if (token === undefined || token.expiresAtMs <= nowMs) rmSync(file, { force: true });
  }
}
