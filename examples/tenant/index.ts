/**
 * The repository's Pulumi program (the top-level Pulumi.yaml runs it, and `npm run demo` deploys
 * it to the emulator): it declares every resource of the tenant manifest named by the stack
 * config `manifest` (a path relative to the repository root; default `examples/tenant/tenant.yaml`), with the stack's overlay applied.
 * It imports the package by its published name, exactly as a user's program would.
 */
import { resolve } from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { tenantFromManifest } from "pulumi-travel";

/** The repository root: this program runs compiled, from dist/examples/tenant/. */
const projectRoot = resolve(__dirname, "..", "..", "..");
const config = new pulumi.Config();
const tenant = tenantFromManifest(
  resolve(projectRoot, config.get("manifest") ?? "examples/tenant/tenant.yaml"),
);

const idsOf = <R>(entries: Record<string, R>, id: (resource: R) => pulumi.Output<string>) =>
  Object.fromEntries(Object.entries(entries).map(([key, resource]) => [key, id(resource)]));

/** The platform id of the company. */
export const companyId = tenant.company.companyId;
/** Legal entity ids by manifest key. */
export const legalEntityIds = idsOf(tenant.legalEntities, (r) => r.legalEntityId);
/** Office ids by manifest key. */
export const officeIds = idsOf(tenant.offices, (r) => r.officeId);
/** Cost center ids by manifest key. */
export const costCenterIds = idsOf(tenant.costCenters, (r) => r.costCenterId);
/** Department ids by manifest key. */
export const departmentIds = idsOf(tenant.departments, (r) => r.departmentId);
/** Grade ids by manifest key. */
export const gradeIds = idsOf(tenant.grades, (r) => r.gradeId);
/** Custom field ids by manifest key. */
export const customFieldIds = idsOf(tenant.customFields, (r) => r.customFieldId);
/** API user client ids by manifest key (their secrets stay in the stack, encrypted). */
export const apiUserClientIds = idsOf(tenant.apiUsers, (r) => r.clientId);
