/**
 * `cancel-pnr`: cancels a confirmed car PNR, returns the vendor's cancellation number and starts
 * the refund the cancellation policy allows at the emulator clock's time.
 */
import type { z } from "zod";
import type { CarCancelResponse, CarRefund, carCancelRequestSchema } from "../../schemas/car";
import { assertChangeable } from "./access";
import { newCancellationNumber, newRefundId } from "./ids";
import { cancellationOutcome } from "./pricing";
import { type CarPnrRecord, carCollections } from "./records";
import type { EmulatorContext } from "../context";
import { badRequest, conflict } from "../core/errors";

/** Cancels `pnr`: 409 PNR_ALREADY_CANCELLED, or PNR_REPLACED after a rebooking modification. */
export function cancelPnr(
  ctx: EmulatorContext,
  pnr: CarPnrRecord,
  request: z.output<typeof carCancelRequestSchema>,
): CarCancelResponse {
  if (request.pnrId !== pnr.pnrId) {
    throw badRequest(
      `pnrId: ${request.pnrId} does not match the path's pnrId ${pnr.pnrId}`,
      "PNR_ID_MISMATCH",
    );
  }
  if (pnr.status === "CANCELLED") {
    throw conflict(
      "PNR_ALREADY_CANCELLED",
      `PNR ${pnr.pnrId} was already cancelled at ${new Date(pnr.cancellation?.cancelledAtMs ?? pnr.updatedAtMs).toISOString()} (cancellation number ${pnr.cancellation?.confirmationId ?? "?"})`,
    );
  }
  assertChangeable(pnr, "cancel");
  const now = ctx.clock.now();
  const outcome = cancellationOutcome(pnr, now);
  const refund: CarRefund =
    outcome.refund.status === "INITIATED" ? { ...outcome.refund, refundId: newRefundId() } : outcome.refund;
  const confirmationId = newCancellationNumber(pnr.vendorCode);
  carCollections(ctx.store).pnrs.set(pnr.pnrId, {
    ...pnr,
    status: "CANCELLED",
    updatedAtMs: now,
    cancellation: {
      confirmationId,
      cancelledAtMs: now,
      penalty: outcome.penalty,
      refund,
      customFieldUserResponses: request.customFieldUserResponses,
      waiveOffInfo: request.waiveOffInfo,
    },
  });
  return { confirmationId, pnrId: pnr.pnrId, pnrStatus: "CANCELLED", penalty: outcome.penalty, refund };
}
