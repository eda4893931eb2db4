/**
 * The TenantKey resource: a company's platform-managed encryption key (CMK and DEK). Create
 * provisions it; a changed `rotation` input rotates the master key. The platform allows one call
 * per hour; inside that cooldown the error says when the next rotation is allowed. The platform
 * has no read and no delete for it: read only checks that the company still exists, and delete
 * removes the key from the state, with a warning, leaving it on the platform.
 */
import type * as pulumi from "@pulumi/pulumi";
import { apiPath, isTravelError, type TravelClient } from "../client";
import { defineResource } from "../provider/define-resource";
import type { ArgsOf } from "../provider/resource-args";
import { tenantKeyInputsSchema, tenantKeyResponseSchema } from "../schemas/tenant-key";
import { readUnlessGone } from "./gone";

type TenantKeyInputs = { companyId: string; rotation?: string | undefined };
type TenantKeyState = { configId: string };

/** Provisions or rotates; a cooldown 429 becomes an error naming when the next call is allowed. */
async function provisionOrRotate(
  client: TravelClient,
  companyId: string,
  action: string,
): Promise<{ configId: string; created: boolean }> {
  try {
    return await client.post(apiPath`/v3/tenant-encryption/${companyId}/key`, {
      schema: tenantKeyResponseSchema,
    });
  } catch (error) {
    if (isTravelError(error) && "status" in error && error.status === 429) {
      const retryAfterMs = "retryAfterMs" in error ? (error.retryAfterMs as number | undefined) : undefined;
      const when =
        retryAfterMs === undefined
          ? "in up to one hour"
          : `at ${new Date(Date.now() + retryAfterMs).toISOString()} (in ${Math.ceil(retryAfterMs / 1000)} s)`;
      throw new Error(
        `TenantKey ${companyId}: cannot ${action} yet: the platform allows one provisioning or rotation per hour; ` +
          `the next rotation is allowed ${when}. Nothing was changed; run pulumi up again then.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** The TenantKey definition. Its id is the platform's configId. */
export const tenantKeyResource = defineResource<
  TenantKeyInputs,
  TenantKeyState,
  typeof tenantKeyInputsSchema
>({
  type: "TenantKey",
  notFoundCodes: ["COMPANY_NOT_FOUND"],
  inputs: tenantKeyInputsSchema,
  replaceOn: ["companyId"],
  outputs: ["configId"],
  tenant: {
    manifest: { section: "tenantKey" },
    inventory: { omitted: "the platform has no read call for tenant keys" },
  },
  async create({ client }, inputs) {
    const response = await provisionOrRotate(client, inputs.companyId, "provision the key");
    if (!response.created) {
      process.stderr.write(
        `warning: TenantKey ${response.configId}: company ${inputs.companyId} already had a tenant key ` +
          "(from an earlier stack or another tool); the platform rotated it instead of provisioning a new one.\n",
      );
    }
    return { id: response.configId, state: { configId: response.configId } };
  },
  async read({ client }, id, declared) {
    const company = await readUnlessGone(["COMPANY_NOT_FOUND"], () =>
      client.get(apiPath`/v2/companies/${declared.companyId}`),
    );
    if (company === undefined) return undefined;
    // The key itself cannot be read: it is assumed unchanged (see docs/security.md, drift).
    return { observed: declared, state: { configId: id } };
  },
  async update({ client }, id, news, olds) {
    if (news.rotation !== undefined && news.rotation !== olds.rotation) {
      const response = await provisionOrRotate(client, news.companyId, "rotate the key");
      return { configId: response.configId };
    }
    return { configId: id };
  },
  async delete(_ctx, id, declared) {
    process.stderr.write(
      `warning: TenantKey ${id} of company ${declared.companyId} was removed from the stack only: ` +
        "the platform has no delete for tenant keys, so the key stays provisioned and in use.\n",
    );
  },
});

/** Arguments of {@link TenantKey}. */
export type TenantKeyArgs = ArgsOf<typeof tenantKeyInputsSchema>;

/** A company's managed encryption key. */
export class TenantKey extends tenantKeyResource.Resource {
  /** The platform's id of the key configuration; stable across rotations. */
  declare readonly configId: pulumi.Output<string>;
  /** The company. */
  declare readonly companyId: pulumi.Output<string>;
}
