/** The emulator's request log: every platform call with its route, status and caller. */

/** One logged request. */
export interface LoggedRequest {
  seq: number;
  /** Wall-clock time the request arrived (ms since epoch). */
  atMs: number;
  method: string;
  /** The concrete path, without the query string. */
  path: string;
  /** The route pattern, such as `GET /v2/companies/:companyId`; `unmatched` for unknown routes. */
  route: string;
  status: number;
  durationMs: number;
  /** API user that made the call, when it authenticated. */
  clientId?: string | undefined;
  /** Id of the fault rule that changed the answer. */
  fault?: string | undefined;
}

const MAX_ENTRIES = 100_000;

/** A logged path keeps at most this many characters (a request path may be 12 KB long). */
export const MAX_LOGGED_PATH_CHARS = 512;

/** `path`, cut to {@link MAX_LOGGED_PATH_CHARS} with a note of what was left out. */
function clipPath(path: string): string {
  if (path.length <= MAX_LOGGED_PATH_CHARS) return path;
  return `${path.slice(0, MAX_LOGGED_PATH_CHARS)}…(${path.length - MAX_LOGGED_PATH_CHARS} more characters)`;
}

/** A bounded in-memory request log. */
export class RequestLog {
  private entries: LoggedRequest[] = [];
  private seq = 0;

  add(entry: Omit<LoggedRequest, "seq">): LoggedRequest {
    // Bounded bytes per entry: the path is clipped; route and client id are bounded already.
    const logged = { ...entry, path: clipPath(entry.path), seq: ++this.seq };
    this.entries.push(logged);
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return logged;
  }

  /** Entries with a sequence number above `afterSeq`. */
  list(afterSeq = 0): LoggedRequest[] {
    return this.entries.filter((entry) => entry.seq > afterSeq);
  }

  /** Calls per route pattern, for entries above `afterSeq`. */
  counts(afterSeq = 0): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.list(afterSeq)) counts[entry.route] = (counts[entry.route] ?? 0) + 1;
    return counts;
  }

  /** The sequence number of the newest entry (0 when empty). */
  get lastSeq(): number {
    return this.seq;
  }

  clear(): void {
    this.entries = [];
  }
}
