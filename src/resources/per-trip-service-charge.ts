/** The PerTripServiceCharge resource: the fixed service charge a company pays per trip. */
import { z } from "zod";
import { apiPath } from "../client";
import { type ArgsOf, companySettingForm, keyedWithin, type TenantFacts } from "../provider/kit";
import { fixedChargeConfigSchema } from "../schemas/service-charge";
import { readUnlessGone } from "./gone";
import { defineCompanySetting, SINGLETON_REPLACEMENT } from "./company-setting";
import { platformIdSchema } from "../schemas/common";

/** Inputs of {@link PerTripServiceCharge}. */
export const perTripServiceChargeInputsSchema = z.strictObject({
  /** The company; changing it replaces the resource. */
  companyId: platformIdSchema("an id"),
  /**
   * The platform's `FixedChargeConfig`: `charges` (amounts with `currencyCode`), optional
   * `defaultCurrencyCode` and `tierCharges`. The platform cannot delete this setting, so deleting
   * the resource leaves the last value in place.
   */
  config: fixedChargeConfigSchema,
});

type ChargeInputs = z.output<typeof perTripServiceChargeInputsSchema>;
type ChargeState = { enabled: boolean | undefined };

/** The platform's answer, parsed leniently: the config is compared with the declared one as returned. */
const responseSchema = z.looseObject({
  config: z.record(z.string(), z.unknown()).optional(),
  enabled: z.boolean().optional(),
});
/** The `SetCompanyPerTripSrvChargeRequest` body. */
const chargeBody = (inputs: ChargeInputs) => ({ config: inputs.config });
const chargePath = (companyId: string) => apiPath`/v2/license/company/${companyId}/service-charge/per-trip`;

/** A 404 with this code means the company, and so this object, is gone. */
const NOT_FOUND_CODES = ["COMPANY_NOT_FOUND"];

/** The manifest's `perTripServiceCharge`; export reads the charge when one is set. */
const chargeTenant: TenantFacts = {
  manifest: { section: "perTripServiceCharge" },
  inventory: {
    async list({ client }, { companyId }) {
      const response = await readUnlessGone(NOT_FOUND_CODES, () =>
        client.get(chargePath(companyId), { schema: responseSchema }),
      );
      return response?.config === undefined ? [] : [{ id: companyId, config: response.config }];
    },
    reconcile: { omitted: "a setting of the company: it exists with the company, nobody deletes it" },
  },
};

/** The PerTripServiceCharge definition. Its id is the company id. */

export const perTripServiceChargeResource = defineCompanySetting<
  ChargeInputs,
  ChargeState,
  typeof perTripServiceChargeInputsSchema
>({
  type: "PerTripServiceCharge",
  inputs: perTripServiceChargeInputsSchema,
  outputs: ["enabled"],
  notFoundCodes: NOT_FOUND_CODES,
  // A singleton setting stored whole: repeating the create is harmless.
  recovery: { strategy: "idempotent" },
  async create({ client }, inputs, created) {
    await client.post(chargePath(inputs.companyId), { body: chargeBody(inputs), idempotent: true });
    created(inputs.companyId);
    return { id: inputs.companyId, state: { enabled: undefined } };
  },
  async read({ client }, id) {
    const response = await readUnlessGone(NOT_FOUND_CODES, () =>
      client.get(chargePath(id), { schema: responseSchema }),
    );
    // An answer without a config (optional in the vendor's schema) has no charge set: gone.
    if (!response?.config) return undefined;
    return {
      observed: { companyId: id, config: response.config as ChargeInputs["config"] },
      // Left out, `enabled` is false, as the vendor's protobuf-style answers leave out a false.
      state: { enabled: response.enabled ?? false },
    };
  },
  async update({ client }, id, news) {
    await client.post(chargePath(id), { body: chargeBody(news), idempotent: true });
    return { enabled: undefined };
  },
  async delete() {
    // The platform has no delete for this setting: it stays as last set (documented on the Args).
  },
  capabilities: {
    replacement: SINGLETON_REPLACEMENT,
    update: {
      // The platform's answer to a change does not say whether the charge is enabled.
      changedByUpdate: () => ["enabled"],
    },
    preview: {
      vendorRequests: (inputs) => [
        { method: "POST", path: chargePath(inputs.companyId), body: chargeBody(inputs) },
      ],
    },
    diff: {
      // Charges by currency and tier charges by tier: `preview --diff` shows `~ USD: {…}`, not `~ [0]`.
      keyedInputs: {
        config: keyedWithin(
          () => fixedChargeConfigSchema,
          "a charge's `currencyCode`, a tier charge's `tier`",
        ),
      },
    },
    adoption: {
      // One per company: imported by its company.
      importId: companySettingForm(),
    },
    tenant: chargeTenant,
  },
});

/** Arguments of a PerTripServiceCharge. */
export type PerTripServiceChargeArgs = {
  [K in keyof ArgsOf<typeof perTripServiceChargeInputsSchema>]: ArgsOf<
    typeof perTripServiceChargeInputsSchema
  >[K];
};

/** The outputs of a PerTripServiceCharge beside its inputs, as a program reads them. */
export interface PerTripServiceChargeOutputs {
  /** Whether the platform has the charge enabled (known after a refresh). */
  enabled: boolean | undefined;
}
