/**
 * What booking a change does to the existing PNR, known before anything is booked. A change of
 * vendor always cancels the PNR with the old vendor and books a new PNR with the new one; with
 * the same vendor the supplier modifies the PNR in place when it can, otherwise it also cancels
 * and rebooks (docs/api-decisions.md, car "States"), which only the booking's answer tells.
 */
import type { CarBooking, CarOption } from "../schemas/car";

/** The effect of changing `booking` to `car` on the PNR. */
export type CarChangeImpact =
  | {
      /** A new vendor: the PNR is cancelled with the old vendor and a new one is booked. */
      kind: "replaces-pnr";
      pnrId: string;
      fromVendor: string;
      toVendor: string;
    }
  | {
      /** The same vendor: modified in place, or cancelled and rebooked if the supplier must. */
      kind: "same-vendor";
      pnrId: string;
      vendor: string;
    };

/** Tells whether changing `booking` to `car` replaces the PNR. */
export function changeImpact(booking: CarBooking, car: CarOption): CarChangeImpact {
  if (car.vendor.code !== booking.vendor.code) {
    return {
      kind: "replaces-pnr",
      pnrId: booking.pnrId,
      fromVendor: booking.vendor.name,
      toVendor: car.vendor.name,
    };
  }
  return { kind: "same-vendor", pnrId: booking.pnrId, vendor: booking.vendor.name };
}

/** `this cancels PNR 2000000001 with Hertz and books a new one with Budget`, or the same-vendor case. */
export function changeImpactText(impact: CarChangeImpact): string {
  return impact.kind === "replaces-pnr"
    ? `this cancels PNR ${impact.pnrId} with ${impact.fromVendor} and books a new one with ${impact.toVendor}`
    : `${impact.vendor} modifies PNR ${impact.pnrId} in place, or cancels it and books a new PNR if it cannot`;
}
