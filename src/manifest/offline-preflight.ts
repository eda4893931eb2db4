/**
 * The preview checks (`preflight`) a manifest can make offline, as refinements of its sections: a
 * partner key's material (it parses, is RSA and has at least 2048 bits; a private key is refused by
 * the input schema) and the API-user quota among the file's new users. What needs the platform
 * (a kid already active, the users the TMC already has, roles and groups that exist) is checked at
 * preview. Duplicates within a section are `unique-entries.ts`.
 */
import type { z } from "zod";
import { apiUserQuota } from "../resources/api-user";
import { keyMaterialFailures } from "../resources/partner-public-key";
import { partnerPublicKeyInputsSchema } from "../schemas/partner-public-key";
import { STAND_IN_ID } from "./entries";

/** Reports the key material of a partner-key entry that passes its input schema. */
export function partnerKeyMaterial(entry: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const inputs = partnerPublicKeyInputsSchema.safeParse({ ...entry, companyId: STAND_IN_ID });
  // An entry the schema refuses is reported by the schema, once.
  if (!inputs.success) return;
  for (const failure of keyMaterialFailures(inputs.data)) {
    ctx.addIssue({ code: "custom", path: [failure.property], message: failure.reason });
  }
}

/**
 * Reports each new API user (one without `adoptId`) of the section beyond the platform's quota per
 * TMC: they alone would exceed it, before the users the TMC already has are counted at preview.
 */
export function apiUserQuotaWithinFile(
  entries: Record<string, Record<string, unknown>>,
  ctx: z.RefinementCtx,
): void {
  const quota = apiUserQuota();
  const fresh = Object.keys(entries).filter((key) => entries[key]?.adoptId === undefined);
  fresh.slice(quota).forEach((key, index) => {
    ctx.addIssue({
      code: "custom",
      path: [key],
      message:
        `is new API user ${quota + index + 1} of this file, but the platform allows ${quota} per TMC ` +
        "(the users the TMC already has, the provider's own included, also count): take existing users " +
        "over with adoptId, or have the operator raise the quota and set TRAVEL_API_USER_QUOTA",
    });
  });
}
