/** The `features` section: company features by platform feature name (a CompanyFeatures). */
import { z } from "zod";
import { companyFeaturesInputsSchema } from "../../resources/company-features";
import { CompanyFeatures } from "../../dynamic/resources";
import { featureNameSchema } from "../../schemas/features";
import { sectionCodec } from "../section-codec";

const featuresSchema = z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).default([]);

/** The features; `export` writes those this version knows and notes the others. */
export const featuresSection = sectionCodec({
  schema: companyFeaturesInputsSchema.shape.features.optional(),
  declare: (features, { companyId, name, optsFor }, section) =>
    features
      ? {
          features: new CompanyFeatures(
            name("features"),
            { companyId, features },
            optsFor([], (field) => field === section),
          ),
        }
      : {},
  write(out, section) {
    const features = featuresSchema.parse(out.entities("CompanyFeatures")[0]?.features);
    const set = features.flatMap(({ name, value }) => (value === undefined ? [] : [{ name, value }]));
    const known = set.filter((f) => featureNameSchema.safeParse(f.name).success);
    const unknown = set.filter((f) => !featureNameSchema.safeParse(f.name).success);
    if (known.length > 0) out.document[section] = Object.fromEntries(known.map((f) => [f.name, f.value]));
    out.counts[section] = known.length;
    if (unknown.length > 0)
      out.notes.push(
        `${section}: ${unknown.map((f) => f.name).join(", ")} left out: not feature names this version knows`,
      );
  },
});
