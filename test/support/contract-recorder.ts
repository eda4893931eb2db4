/**
 * The e2e suite's contract recorder: a loopback proxy in front of the emulator that checks every
 * request passing through against the vendor's documents (`src/contract`): the body against the
 * operation's request schema and the query against its documented parameters. Requests to routes
 * the vendor does not document (the emulator's `/_emulator` API, RBAC, custom fields) pass
 * unchecked. Violations are kept as paths and reasons, never values, so no secret is recorded.
 */
import { appendFileSync } from "node:fs";
import type http from "node:http";
import { formatIssuePath, vendorOperation, vendorQueryIssues, vendorRequestIssues } from "../../src/contract";
import { startLossyProxy } from "../provider/lossy-proxy";

/** A request that broke the vendor's documents. */
export interface ContractViolation {
  method: string;
  path: string;
  /** `where: why` for each issue, such as `id: is not a property of ...`. */
  issues: string[];
}

/** A running recorder. */
export interface ContractRecorder {
  /** Point the provider here instead of at the emulator. */
  url: string;
  /** Requests to vendor-documented routes checked so far. */
  readonly checked: number;
  violations: ContractViolation[];
  close(): Promise<void>;
}

/** The body as the vendor's schema sees it: JSON or a form; undefined when empty or multipart. */
function parsedBody(headers: http.IncomingHttpHeaders, raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const type = headers["content-type"] ?? "";
  if (type.includes("application/x-www-form-urlencoded"))
    return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  if (type.includes("json")) return JSON.parse(raw.toString("utf8")) as unknown;
  return undefined;
}

/** Where a recorder reports what it saw when it closes. */
export interface RecorderLog {
  /** A file each closing recorder appends one JSON line to: `{ label, checked, violations }`. */
  file: string;
  /** Names the recorder in the line (the test file and stack). */
  label: string;
}

/**
 * Starts a recorder that forwards to `target` (the emulator's URL); with `log`, it appends what it
 * saw to the log file when it closes (the e2e suite's tally, test/e2e/global-setup.ts).
 */
export async function startContractRecorder(target: string, log?: RecorderLog): Promise<ContractRecorder> {
  const violations: ContractViolation[] = [];
  let checked = 0;
  const proxy = await startLossyProxy(
    target,
    () => false,
    () => 0,
    (method, url, headers, raw) => {
      const { pathname, searchParams } = new URL(url, "http://recorder.invalid");
      if (!vendorOperation(method, pathname)) return;
      if ((headers["content-type"] ?? "").includes("multipart/")) return;
      checked++;
      const issues = [
        ...vendorRequestIssues(method, pathname, parsedBody(headers, raw)).map(
          (issue) => `${formatIssuePath(issue.path)}: ${issue.message}`,
        ),
        ...vendorQueryIssues(method, pathname, Object.fromEntries(searchParams)).map(
          (issue) => `${formatIssuePath(issue.path, "query")}: ${issue.message}`,
        ),
      ];
      if (issues.length > 0) violations.push({ method, path: pathname, issues });
    },
  );
  return {
    url: proxy.url,
    get checked() {
      return checked;
    },
    violations,
    close: async () => {
      await proxy.close();
      if (log) appendFileSync(log.file, `${JSON.stringify({ label: log.label, checked, violations })}\n`);
    },
  };
}

/** Throws, listing them, when the recorder saw violations. */
export function assertNoContractViolations(recorder: ContractRecorder, label: string): void {
  if (recorder.violations.length === 0) return;
  const lines = recorder.violations.map(
    (violation) => `${violation.method} ${violation.path}: ${violation.issues.join("; ")}`,
  );
  throw new Error(
    `${label}: ${recorder.violations.length} request(s) broke the vendor's documents:\n${lines.join("\n")}`,
  );
}
