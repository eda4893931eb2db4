/**
 * The fleet's one Pulumi program: it deploys the tenant its stack names. Stack `acme-corp-prod`
 * is `tenants/acme-corp/tenant.yaml` with `tenants/acme-corp/tenant.prod.yaml` merged over it;
 * `pulumi-travel fleet matrix tenants` lists every such stack. Pulumi runs the program in the
 * project's folder, so `tenants` is the folder beside this file. A stack that names no tenant
 * folder or no overlay fails before any resource is declared.
 */
import * as pulumi from "@pulumi/pulumi";
import { tenantFromManifest } from "pulumi-travel";
import { selectFleetStack } from "pulumi-travel/fleet";

const selected = selectFleetStack("tenants", pulumi.getStack());
const tenant = tenantFromManifest(selected.manifest, { stack: selected.env });

/** The tenant this stack deploys. */
export const tenantName = selected.tenant;
/** Its environment. */
export const environment = selected.env;
/** The platform id of the tenant's company. */
export const companyId = tenant.company.companyId;
