/**
 * The layout of a fleet on disk: one folder per tenant below the fleet's directory, each holding
 * `tenant.yaml` and one overlay per environment, `tenant.<env>.yaml` (an empty overlay deploys
 * `tenant.yaml` as it is). Each (tenant, overlay) pair is one stack, `<tenant>-<env>`.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ManifestIssue } from "../manifest";
import { envNameProblem, type FleetStackName, fleetStackName, tenantNameProblem } from "./names";

/** The manifest every tenant folder holds. */
export const TENANT_FILE = "tenant.yaml";
/** An overlay file's name: `tenant.<env>.yaml`. */
const OVERLAY_FILE = /^tenant\.(.+)\.yaml$/;

/** One environment of a tenant: a stack and the overlay that makes it. */
export interface FleetEnvironment extends FleetStackName {
  /** `tenant.<env>.yaml`. */
  overlay: string;
}

/** One tenant of the fleet. */
export interface FleetTenant {
  name: string;
  /** The tenant's folder (below the fleet's directory as given). */
  dir: string;
  /** Its `tenant.yaml`. */
  manifest: string;
  /** Its environments, sorted by name. */
  environments: FleetEnvironment[];
}

/** What {@link readFleetLayout} found: the tenants it could name, and the problems of the others. */
export interface FleetLayout {
  /** The fleet's directory, as given (paths below it, and in issues, start with it). */
  dir: string;
  /** Tenants with a valid name and a `tenant.yaml`, sorted by name. */
  tenants: FleetTenant[];
  /** Folders and files that do not follow the layout, each at line 1, column 1 of its path. */
  issues: ManifestIssue[];
}

/** A problem with a path of the layout itself (not with a manifest's content). */
function layoutIssue(file: string, reason: string): ManifestIssue {
  return { file, line: 1, column: 1, path: "(fleet layout)", reason };
}

/** Reads the tenant folders of `dir` (folders whose name starts with `.` are skipped). */
export function readFleetLayout(dir: string): FleetLayout {
  const root = dir;
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new Error(`${dir}: no such directory (the fleet's tenants folder, such as tenants/)`);
  const tenants: FleetTenant[] = [];
  const issues: ManifestIssue[] = [];
  const folders = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
  for (const name of folders) {
    const tenantDir = join(root, name);
    const problem = tenantNameProblem(name);
    if (problem !== undefined) {
      issues.push(layoutIssue(tenantDir, problem));
      continue;
    }
    const manifest = join(tenantDir, TENANT_FILE);
    if (!existsSync(manifest)) {
      issues.push(layoutIssue(tenantDir, `a tenant folder holds ${TENANT_FILE}; this one has none`));
      continue;
    }
    const environments = environmentsOf(name, tenantDir, issues);
    if (environments.length === 0)
      issues.push(
        layoutIssue(
          manifest,
          "the tenant has no environment: add tenant.<env>.yaml (empty to deploy tenant.yaml as it is)",
        ),
      );
    tenants.push({ name, dir: tenantDir, manifest, environments });
  }
  return { dir: root, tenants, issues };
}

/** The overlays of one tenant folder as environments; bad overlay names go to `issues`. */
function environmentsOf(tenant: string, tenantDir: string, issues: ManifestIssue[]): FleetEnvironment[] {
  const environments: FleetEnvironment[] = [];
  for (const file of readdirSync(tenantDir).sort()) {
    const env = OVERLAY_FILE.exec(file)?.[1];
    if (env === undefined) continue;
    const overlay = join(tenantDir, file);
    const problem = envNameProblem(env);
    if (problem !== undefined) issues.push(layoutIssue(overlay, problem));
    else environments.push({ ...fleetStackName(tenant, env), overlay });
  }
  return environments;
}

/** Every stack of the fleet, tenant by tenant, in each tenant's environment order. */
export function fleetStacks(layout: FleetLayout): FleetEnvironment[] {
  return layout.tenants.flatMap((tenant) => tenant.environments);
}
