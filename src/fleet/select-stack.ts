/**
 * The fleet's one Pulumi program deploys the tenant its stack names: `acme-corp-prod` is tenant
 * `acme-corp` in environment `prod`, `tenants/acme-corp/tenant.yaml` with `tenant.prod.yaml` over it.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { overlayFileOf } from "../manifest";
import { TENANT_FILE } from "./layout";
import { type FleetStackName, parseFleetStackName } from "./names";

/** The files one fleet stack deploys. */
export interface SelectedFleetStack extends FleetStackName {
  /** The tenant's `tenant.yaml`, absolute. */
  manifest: string;
  /** Its overlay for the environment, absolute. */
  overlay: string;
}

/**
 * The tenant and environment of `stack` in the fleet directory `tenantsDir`. Throws, naming the
 * stack and the missing file, when the stack is not one of the fleet's.
 */
export function selectFleetStack(tenantsDir: string, stack: string): SelectedFleetStack {
  const name = parseFleetStackName(stack);
  const manifest = join(resolve(tenantsDir), name.tenant, TENANT_FILE);
  if (!existsSync(manifest))
    throw new Error(`stack "${stack}": the fleet has no tenant "${name.tenant}" (no ${manifest})`);
  const overlay = overlayFileOf(manifest, name.env);
  if (!existsSync(overlay))
    throw new Error(
      `stack "${stack}": tenant "${name.tenant}" has no environment "${name.env}" (no ${overlay}; each tenant.<env>.yaml makes one)`,
    );
  return { ...name, manifest, overlay };
}
