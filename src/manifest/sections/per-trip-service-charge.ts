/** The `perTripServiceCharge` section: the company's per-trip service charge. */
import { z } from "zod";
import {
  perTripServiceChargeInputsSchema,
  perTripServiceChargeResource,
} from "../../resources/per-trip-service-charge";
import { PerTripServiceCharge } from "../../dynamic/resources";
import { STAND_IN_ID, vendorRules } from "../entries";
import { sectionCodec } from "../section-codec";

/** The per-trip service charge (its config). */
export const perTripServiceChargeSection = sectionCodec({
  schema: z
    .strictObject({ config: perTripServiceChargeInputsSchema.shape.config })
    .superRefine(vendorRules(perTripServiceChargeResource, (entry) => ({ ...entry, companyId: STAND_IN_ID })))
    .optional(),
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
    if (charge !== undefined)
      out.document[section] = out.inputsOf("PerTripServiceCharge", { config: charge });
    out.counts[section] = charge === undefined ? 0 : 1;
  },
});
