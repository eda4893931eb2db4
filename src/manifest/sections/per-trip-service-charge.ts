/** The `perTripServiceCharge` section: the company's per-trip service charge. */
import { z } from "zod";
import {
  PerTripServiceCharge,
  perTripServiceChargeInputsSchema,
} from "../../resources/per-trip-service-charge";
import { sectionCodec } from "../section-codec";

/** The per-trip service charge (its config). */
export const perTripServiceChargeSection = sectionCodec({
  schema: z.strictObject({ config: perTripServiceChargeInputsSchema.shape.config }).optional(),
  declare: (charge, { companyId, name, optsFor }, section) =>
    charge
      ? {
          perTripServiceCharge: new PerTripServiceCharge(
            name("per-trip-service-charge"),
            { ...charge, companyId },
            optsFor([section]),
          ),
        }
      : {},
  write(out, section) {
    const charge = out.entities("PerTripServiceCharge")[0]?.config;
    if (charge !== undefined) out.document[section] = { config: charge };
    out.counts[section] = charge === undefined ? 0 : 1;
  },
});
