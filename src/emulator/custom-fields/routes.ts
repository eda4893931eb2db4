/**
 * The custom-fields area: fields, arms and option groups under
 * `/v3/companies/{companyId}/custom-fields`, all behind bearer authentication (401 without a
 * token), plus `GET /_emulator/option-group-patches`, the journal of applied option PATCHes.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../context";
import { ADMIN_PREFIX } from "../core/http";
import { withZod } from "../core/request-validation";
import { authenticate } from "../identity/authenticate";
import { armRoutes } from "./arm-routes";
import { fieldRoutes } from "./field-routes";
import { CustomFieldStore } from "./lookups";
import { optionGroupRoutes } from "./option-group-routes";
import { OptionPatchJournal } from "./patch-journal";

const afterQuery = z.looseObject({ after: z.coerce.number().int().min(0).default(0) });

/** Registers the custom-fields routes. */
export function customFieldRoutes(ctx: EmulatorContext) {
  const cf = new CustomFieldStore(ctx);
  const journal = new OptionPatchJournal();
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    await app.register(async (platform) => {
      platform.addHook("preValidation", authenticate(ctx));
      await platform.register(fieldRoutes(ctx, cf));
      await platform.register(armRoutes(ctx, cf));
      await platform.register(optionGroupRoutes(cf, journal, () => ctx.clock.now()));
    });
    app.get(
      `${ADMIN_PREFIX}/option-group-patches`,
      { schema: { querystring: afterQuery } },
      async (request) => {
        const { after } = request.query;
        return { entries: journal.list(after) };
      },
    );
  };
}
