/**
 * A token cache shared by the processes of one scope (one Pulumi run: the program and the
 * provider processes the engine starts) through files in a directory of the user's: one file per
 * (scope, token URL, client id, SHA-256 of the secret), holding the access token and its expiry.
 * The directory is 0700 and each file 0600, written to a temporary name and renamed into place, so
 * a reader sees a whole file or none. A file that is not the user's own, or that others may read,
 * is never used. Two processes that start together may both fetch a token; the later write wins.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
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

/** Token files of one scope in one directory. */
export class TokenFileCache {
  constructor(private readonly options: TokenFileCacheOptions) {}

  /** The token of `key` with more than `minimumLeftMs` to live, if another process left one. */
  read(key: TokenKey, minimumLeftMs: number, nowMs: number): CachedTokenFile | undefined {
    const file = this.fileOf(key);
    if (!isPrivateOwnFile(file)) return undefined;
    const token = parseTokenFile(file);
    return token !== undefined && token.expiresAtMs - nowMs > minimumLeftMs ? token : undefined;
  }

  /** Stores the token of `key` for the other processes of the scope, and drops expired files. */
  write(key: TokenKey, token: CachedTokenFile, nowMs: number): void {
    const { dir } = this.options;
    if (!ensurePrivateDir(dir)) return;
    removeExpired(dir, nowMs);
    const temporary = join(dir, `.${randomBytes(8).toString("hex")}.tmp`);
    writeFileSync(temporary, JSON.stringify(token), { mode: 0o600, flag: "wx" });
    renameSync(temporary, this.fileOf(key));
  }

  /** Drops the file of `key` if it still holds `accessToken` (the platform refused it). */
  drop(key: TokenKey, accessToken: string): void {
    const file = this.fileOf(key);
    if (parseTokenFile(file)?.accessToken === accessToken) rmSync(file, { force: true });
  }

  /** The file name of `key`: a digest, so that no id, secret or URL shows in a file name. */
  private fileOf(key: TokenKey): string {
    const digest = createHash("sha256")
      .update([this.options.scope, key.tokenUrl, key.clientId, key.secretDigest].join("\u0000"))
      .digest("hex");
    return join(this.options.dir, `${digest}.json`);
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

/** Creates `dir` 0700, or tightens it if it is ours; false when it is someone else's or not a directory. */
function ensurePrivateDir(dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (!stat.isDirectory()) return false;
  const uid = process.getuid?.();
  if (uid === undefined) return true;
  if (stat.uid !== uid) return false;
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return true;
}

function isOwnAndPrivate(uid: number, mode: number): boolean {
  const own = process.getuid?.();
  return own === undefined || (uid === own && (mode & 0o077) === 0);
}

/** Removes the token files of `dir` that have expired (every scope's: a run leaves its file behind). */
function removeExpired(dir: string, nowMs: number): void {
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".json")) continue;
    const file = join(dir, name);
    const token = parseTokenFile(file);
    if (token === undefined || token.expiresAtMs <= nowMs) rmSync(file, { force: true });
  }
}
