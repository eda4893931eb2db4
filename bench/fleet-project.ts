/**
 * The fleet the bench deploys: the fleet's own project (examples/fleet, its program compiled to
 * JavaScript by test/support/fleet-project.ts) with generated tenants in the fleet layout,
 * `tenants/<tenant>/tenant.yaml` and one overlay `tenant.<env>.yaml` per environment the bench
 * runs. Each tenant is the example tenant (examples/tenant/tenant.yaml) under its own company name
 * and external id: 24 resources, an API user among them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { createFleetProject as createProject } from "../test/support/fleet-project";
import { repoRoot } from "../test/support/packed-project";

/** The fleet's project. */
export interface FleetProject {
  /** The project directory (Pulumi.yaml, index.js, tenants/). */
  dir: string;
  /** The tenants' names, `tenant-01`, `tenant-02`, ... */
  tenants: string[];
}

/** The example tenant's manifest as `name`'s: its company renamed, its external id `bench-<name>`. */
function tenantManifest(name: string): string {
  const document = parseDocument(readFileSync(join(repoRoot(), "examples", "tenant", "tenant.yaml"), "utf8"));
  document.setIn(["company", "name"], `Fleet bench ${name}`);
  document.setIn(["company", "externalId"], `bench-${name}`);
  return document.toString();
}

/**
 * Writes a fleet of `count` tenants, each with an (empty) overlay for every one of `envs`, and the
 * fleet's project below `under` (a packed project's directory).
 */
export function createFleetProject(under: string, count: number, envs: readonly string[]): FleetProject {
  const tenants = Array.from({ length: count }, (_, i) => `tenant-${String(i + 1).padStart(2, "0")}`);
  const files = (tenant: string) => ({
    "tenant.yaml": tenantManifest(tenant),
    ...Object.fromEntries(
      envs.map((env) => [`tenant.${env}.yaml`, `# ${env}: the base manifest as it is\n`]),
    ),
  });
  const dir = createProject(under, {
    program: "javascript",
    tenants: Object.fromEntries(tenants.map((tenant) => [tenant, files(tenant)])),
  });
  return { dir, tenants };
}
