/**
 * `fleet validate`: every tenant of the fleet with each of its overlays, read by the manifest's
 * own validation (`readManifest`, as `pulumi-travel validate --stack <env>` reads one), in one
 * pass. A problem of a tenant's `tenant.yaml` is reported once, not once per environment.
 */
import { formatIssue, type ManifestIssue, readManifest } from "../manifest";
import { type FleetLayout, readFleetLayout } from "./layout";

/** One stack's verdict. */
export interface StackValidation {
  tenant: string;
  env: string;
  stack: string;
  /** The files merged for the stack, base first. */
  files: string[];
  valid: boolean;
}

/** The fleet's verdict: every stack, and every problem of the layout and the manifests. */
export interface FleetValidation {
  valid: boolean;
  stacks: StackValidation[];
  issues: ManifestIssue[];
}

/** Validates every tenant and overlay below `dir` (or of an already read layout). */
export function validateFleet(dir: string | FleetLayout): FleetValidation {
  const layout = typeof dir === "string" ? readFleetLayout(dir) : dir;
  const seen = new Set<string>();
  const issues: ManifestIssue[] = [];
  const add = (found: readonly ManifestIssue[]) => {
    for (const issue of found) {
      const key = formatIssue(issue);
      if (seen.has(key)) continue;
      seen.add(key);
      issues.push(issue);
    }
  };
  add(layout.issues);
  const stacks: StackValidation[] = [];
  for (const tenant of layout.tenants) {
    // A tenant without environments still has its tenant.yaml checked.
    if (tenant.environments.length === 0) add(readManifest(tenant.manifest).issues);
    for (const { env, stack } of tenant.environments) {
      const result = readManifest(tenant.manifest, { stack: env });
      add(result.issues);
      stacks.push({
        tenant: tenant.name,
        env,
        stack,
        files: result.files,
        valid: result.issues.length === 0,
      });
    }
  }
  return { valid: issues.length === 0, stacks, issues };
}
