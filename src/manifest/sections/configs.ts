/** The `configs` section: company config documents by key, each checked against its kind. */
import { z } from "zod";
import { type CompanyConfigArgs, companyConfigInputsSchema } from "../../resources/company-config";
import { CompanyConfig } from "../../dynamic/resources";
import { CONFIG_DOCUMENTS } from "../../schemas/company-config-documents";
import { keyedSection, resourceRules, STAND_IN_ID, withoutParents } from "../entries";
import { eachEntry, sectionCodec } from "../section-codec";

/** A config document; checked against its kind by the CompanyConfig's own rules. */
const configEntrySchema = z
  .strictObject(withoutParents(companyConfigInputsSchema.shape, "companyId"))
  .superRefine(resourceRules(companyConfigInputsSchema, (entry) => ({ ...entry, companyId: STAND_IN_ID })));

const configSchema = z.looseObject({
  kind: z.enum(Object.keys(CONFIG_DOCUMENTS) as [keyof typeof CONFIG_DOCUMENTS]),
  companyRole: z.string().optional(),
  config: z.record(z.string(), z.unknown()),
});

/** Config documents, keyed by kind (and level, when not the company's own). */
export const configsSection = sectionCodec({
  schema: keyedSection(configEntrySchema),
  declare: (entries, ctx, section) => ({
    configs: eachEntry(
      entries,
      ctx,
      section,
      // The manifest checks each document against its kind at load time; the union is for editors.
      (key, entry, opts) =>
        new CompanyConfig(ctx.name(key), { ...entry, companyId: ctx.companyId } as CompanyConfigArgs, opts),
    ),
  }),
  write(out, section) {
    const configs = out.entities("CompanyConfig").map((entity) => configSchema.parse(entity));
    out.keyed(
      section,
      Object.fromEntries(
        configs.map(({ kind, companyRole, config }) => [
          companyRole === undefined ? kind : `${kind}-${companyRole.toLowerCase().replaceAll("_", "-")}`,
          out.inputsOf("CompanyConfig", {
            kind,
            ...(companyRole === undefined ? {} : { companyRole }),
            config,
          }),
        ]),
      ),
    );
  },
});
