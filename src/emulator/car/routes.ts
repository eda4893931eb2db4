/**
 * Car booking changes: `modify-search`, `rate-details`, `price-check`, `modify-book` and
 * `cancel-pnr` under `/v2/car`, plus the trip PNR read and the car admin API, registered as one
 * area. Decisions the platform description leaves open are in docs/api-decisions.md.
 */
import type { FastifyInstance } from "fastify";
import {
  carCancelRequestSchema,
  carModifyBookRequestSchema,
  carModifySearchRequestSchema,
  carSelectionRequestSchema,
} from "../../schemas/car";
import { pnrFor, searchFor, assertChangeable } from "./access";
import { carAdminRoutes } from "./admin-routes";
import { cancelPnr } from "./cancel";
import { carOf, createSearch, priceCheck } from "./holds";
import { modifyBooking } from "./modify";
import { rateDetailsOf } from "./rate-details";
import type { EmulatorContext } from "../context";
import { badRequest } from "../core/errors";
import { param } from "../core/http";
import { authenticate, principalOf } from "../identity/authenticate";
import { ADMIN_PREFIX } from "../core/http";
import { tripRoutes } from "./trip-routes";
import { withZod } from "../core/request-validation";

/** Registers the car area: platform routes (authenticated) and `/_emulator/car` admin routes. */
export function carRoutes(ctx: EmulatorContext) {
  return async (app: FastifyInstance): Promise<void> => {
    // The HTTP Date of car and trip answers, as of every answer, is the emulator clock
    // (core/platform-date.ts), so a client can tell, for example, whether a cancellation deadline
    // has passed by the platform's time.
    app.register(carBookingRoutes(ctx));
    app.register(tripRoutes(ctx));
    app.register(carAdminRoutes(ctx), { prefix: `${ADMIN_PREFIX}/car` });
  };
}

/** Only modification flows are emulated: searches come from modify-search, so isModify must be true. */
function requireModify(isModify: boolean): void {
  if (!isModify) {
    throw badRequest("isModify: must be true; the emulator serves modification searches only");
  }
}

function carBookingRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.addHook("preValidation", authenticate(ctx));

    app.post(
      "/v2/car/pnrs/:pnrId/modify-search",
      { schema: { body: carModifySearchRequestSchema } },
      async (request) => {
        const { pnr, trip } = pnrFor(ctx, principalOf(request), param(request, "pnrId"));
        const body = request.body;
        assertChangeable(pnr, "modify");
        return createSearch(ctx, pnr, trip, body);
      },
    );

    app.post("/v2/car/rate-details", { schema: { body: carSelectionRequestSchema } }, async (request) => {
      const body = request.body;
      requireModify(body.isModify);
      const search = searchFor(ctx, principalOf(request), body.searchId);
      return rateDetailsOf(carOf(search, body.carId), search);
    });

    app.post("/v2/car/price-check", { schema: { body: carSelectionRequestSchema } }, async (request) => {
      const body = request.body;
      requireModify(body.isModify);
      const search = searchFor(ctx, principalOf(request), body.searchId);
      return priceCheck(ctx, search, body.carId);
    });

    app.post(
      "/v2/car/pnrs/:pnrId/modify-book",
      { schema: { body: carModifyBookRequestSchema } },
      async (request) => {
        const { pnr, trip } = pnrFor(ctx, principalOf(request), param(request, "pnrId"));
        const body = request.body;
        return modifyBooking(ctx, pnr, trip, body);
      },
    );

    app.post(
      "/v2/car/pnrs/:pnrId/cancel-pnr",
      { schema: { body: carCancelRequestSchema } },
      async (request) => {
        const { pnr } = pnrFor(ctx, principalOf(request), param(request, "pnrId"));
        const body = request.body;
        return cancelPnr(ctx, pnr, body);
      },
    );
  };
}
