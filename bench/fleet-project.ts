/**
 * The fleet the bench deploys, in the fleet layout: `tenants/<tenant>/tenant.yaml`, and one Pulumi
 * project that deploys the tenant its stack names (`<tenant>-<env>`, with `tenant.<env>.yaml` when
 * present). Each tenant is the example tenant (examples/tenant/tenant.yaml, 26 resources) under
 * its own company name and external id.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { repoRoot } from "../test/support/packed-project";

/** The fleet's project. */
export interface FleetProject {
  /** The project directory (Pulumi.yaml, index.js, tenants/). */
  dir: string;
  /** The tenants' names, `tenant01`, `tenant02`, ... */
  tenants: string[];
}

const PROGRAM = `// Deploys the tenant named by the stack: <tenant>-<env>, tenants/<tenant>/tenant.yaml (+ tenant.<env>.yaml).
const { join } = require("node:path");
const pulumi = require("@pulumi/pulumi");
const { tenantFromManifest } = require("pulumi-travel");

const stack = pulumi.getStack();
const cut = stack.lastIndexOf("-");
if (cut <= 0) throw new Error("the stack name must be <tenant>-<env>, not " + stack);
const tenant = tenantFromManifest(join(__dirname, "tenants", stack.slice(0, cut), "tenant.yaml"), {
  stack: stack.slice(cut + 1),
});
exports.companyId = tenant.company.companyId;
`;

/** The example tenant's manifest as `name`'s: its company renamed, its external id `bench-<name>`. */
function tenantManifest(name: string): string {
  const document = parseDocument(readFileSync(join(repoRoot(), "examples", "tenant", "tenant.yaml"), "utf8"));
  document.setIn(["company", "name"], `Fleet bench ${name}`);
  document.setIn(["company", "externalId"], `bench-${name}`);
  return document.toString();
}

/** Writes a fleet of `count` tenants and its project below `under` (a packed project's directory). */
export function createFleetProject(under: string, count: number): FleetProject {
  const dir = mkdtempSync(join(under, "fleet-"));
  const tenants = Array.from({ length: count }, (_, i) => `tenant${String(i + 1).padStart(2, "0")}`);
  writeFileSync(
    join(dir, "Pulumi.yaml"),
    "name: fleet\nruntime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n",
  );
  writeFileSync(join(dir, "index.js"), PROGRAM);
  for (const tenant of tenants) {
    mkdirSync(join(dir, "tenants", tenant), { recursive: true });
    writeFileSync(join(dir, "tenants", tenant, "tenant.yaml"), tenantManifest(tenant));
  }
  return { dir, tenants };
}
