/** The error of a manifest with problems, each with its file, line, column and path. */
import type { ManifestIssue } from "./source-map";

/**
 * Thrown by `loadManifest`, and by a name the lookups do not resolve at preview: every issue of the
 * manifest, one per line.
 */
export class ManifestError extends Error {
  constructor(readonly issues: ManifestIssue[]) {
    super(
      issues.length === 0
        ? "the tenant manifest could not be read, and no problem was recorded (a bug: please report it)"
        : `the tenant manifest has ${issues.length === 1 ? "1 problem" : `${issues.length} problems`}:\n${issues
            .map(formatIssue)
            .join("\n")}`,
    );
    this.name = "ManifestError";
  }
}

/** `file:line:column: path: reason`. */
export function formatIssue(issue: ManifestIssue): string {
  return `${issue.file}:${issue.line}:${issue.column}: ${issue.path}: ${issue.reason}`;
}
