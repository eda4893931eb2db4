/** The `partnerKeys` section: the partners' RSA public keys for token exchange, by key. */
import { z } from "zod";
import { partnerPublicKeyResource } from "../../resources/partner-public-key";
import { PartnerPublicKey } from "../../dynamic/resources";
import { partnerPublicKeyInputsSchema } from "../../schemas/partner-public-key";
import { resourceRules, STAND_IN_ID, withoutParents } from "../entries";
import { partnerKeyMaterial } from "../offline-preflight";
import { eachEntry, type Json, sectionCodec } from "../section-codec";
import { uniqueKeyedSection } from "../unique-entries";

/** A partner public key of the company. */
const partnerKeyEntrySchema = z
  .strictObject(withoutParents(partnerPublicKeyInputsSchema.shape, "companyId"))
  .superRefine(resourceRules(partnerPublicKeyInputsSchema, (entry) => ({ ...entry, companyId: STAND_IN_ID })))
  .superRefine(partnerKeyMaterial);

/** Partner public keys of the company, by key. */
export const partnerKeysSection = sectionCodec({
  schema: uniqueKeyedSection(partnerKeyEntrySchema, partnerPublicKeyResource).meta({
    description:
      "The partners' RSA public keys for token exchange (PartnerPublicKey resources) by key; give `publicKeyPem` or `jwk`.",
  }),
  declare: (entries, ctx, section) => ({
    partnerKeys: eachEntry(
      entries,
      ctx,
      section,
      (key, entry, opts) => new PartnerPublicKey(ctx.name(key), { ...entry, companyId: ctx.companyId }, opts),
    ),
  }),
  write(out, section) {
    // The platform does not return key material: the file reads each key from stack config, and
    // adoption checks it against the registered key's kid and thumbprint.
    const keys: Record<string, Json> = {};
    for (const partnerKey of out.entities("PartnerPublicKey")) {
      const key = out.keyOf("PartnerPublicKey", partnerKey.id);
      const path = `${section}.${key}.publicKeyPem`;
      const name = path.replaceAll(".", "-");
      out.stackValues.push({ name, path, secret: false });
      keys[key] = { kid: partnerKey.kid, publicKeyPem: `\${config:${name}}`, adoptId: partnerKey.id };
    }
    out.keyed(section, keys);
  },
});
