/** The tenant key of the vendor Company API (`ProvisionOrRotateTenantKeyResponse`) and TenantKey inputs. */
import { z } from "zod";
import { platformIdSchema } from "./common";

/** Inputs of the TenantKey resource. */
export const tenantKeyInputsSchema = z.strictObject({
  /** The company (tenant) whose managed key this is. Changing it replaces the resource. */
  companyId: platformIdSchema("a company id"),
  /**
   * Any string (such as a date): changing it rotates the master key on the next `pulumi up`. The
   * platform allows one provisioning or rotation per hour.
   */
  rotation: z.string().min(1, "must not be empty").optional(),
});

/**
 * `ProvisionOrRotateTenantKeyResponse`: both properties optional in the vendor's schema. `created`
 * omitted reads as false (protobuf's default); `configId` omitted is handled by the resource.
 */
export const tenantKeyResponseSchema = z.looseObject({
  configId: z.string().min(1).optional(),
  created: z.boolean().default(false),
});
