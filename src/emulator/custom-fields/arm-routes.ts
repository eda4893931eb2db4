/**
 * Arms of a custom field: create (with an option group for USER + MANUAL arms), list (the body is
 * required), get, full-replacement PUT of name, audiences and action, and DELETE (which removes
 * the arm's option group).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  armRequestSchema,
  hasOptionGroup,
  listArmsRequestSchema,
  replaceArmRequestSchema,
} from "../../schemas/custom-field";
import type { EmulatorContext } from "../context";
import { badRequest } from "../core/errors";
import { newId } from "../core/ids";
import { withZod } from "../core/request-validation";
import type { CustomFieldStore } from "./lookups";
import type { ArmRecord } from "./records";

/** The API view of an arm; `optionGroupId` is included for USER + MANUAL arms. */
export function armView(arm: ArmRecord) {
  return {
    id: arm.id,
    name: arm.name,
    audiences: arm.audiences,
    action: arm.action,
    ...(arm.optionGroupId === undefined ? {} : { optionGroupId: arm.optionGroupId }),
  };
}

/** Refuses a list request without a body (400 BODY_REQUIRED), before its schema is checked. */
async function requireBody(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null)
    throw badRequest("the request body is required; send {} to list every arm", "BODY_REQUIRED");
}

/** Registers the arm routes (authentication is added by the caller). */
export function armRoutes(ctx: EmulatorContext, cf: CustomFieldStore) {
  const base = "/v3/companies/:companyId/custom-fields/:customFieldId/arms";
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.post(base, { schema: { body: armRequestSchema } }, async (request, reply) => {
      const field = cf.field(request);
      const body = request.body;
      const id = newId();
      const optionGroupId = hasOptionGroup(body.action) ? newId() : undefined;
      cf.arms.set(id, {
        id,
        companyId: field.companyId,
        customFieldId: field.id,
        name: body.name,
        audiences: body.audiences,
        action: body.action,
        optionGroupId,
        createdAtMs: ctx.clock.now(),
      });
      if (optionGroupId !== undefined)
        cf.optionGroups.set(optionGroupId, {
          id: optionGroupId,
          companyId: field.companyId,
          customFieldId: field.id,
          armId: id,
          options: [],
        });
      return reply.code(201).send({ armId: id, ...(optionGroupId === undefined ? {} : { optionGroupId }) });
    });

    const list = { preValidation: requireBody, schema: { body: listArmsRequestSchema } };
    app.post(`${base}/list`, list, async (request) => {
      const field = cf.field(request);
      const body = request.body;
      const wanted = body.searchText?.trim().toLowerCase() ?? "";
      const arms = cf.arms
        .values()
        .filter((arm) => arm.customFieldId === field.id)
        .filter((arm) => wanted === "" || arm.name.toLowerCase().includes(wanted));
      return { arms: arms.map(armView) };
    });

    app.get(`${base}/:armId`, async (request) => armView(cf.arm(request)));

    app.put(`${base}/:armId`, { schema: { body: replaceArmRequestSchema } }, async (request, reply) => {
      const arm = cf.arm(request);
      const body = request.body;
      if (hasOptionGroup(body.action) !== (arm.optionGroupId !== undefined)) {
        throw badRequest(
          `action: an arm cannot switch between a MANUAL option list and another option source (arm ${arm.id} ${arm.optionGroupId === undefined ? "has no" : "has an"} option group); delete it and create a new arm`,
          "ARM_OPTION_SOURCE_CHANGE",
        );
      }
      cf.arms.set(arm.id, { ...arm, name: body.name, audiences: body.audiences, action: body.action });
      return reply.code(200).send();
    });

    app.delete(`${base}/:armId`, async (request, reply) => {
      cf.deleteArm(cf.arm(request));
      return reply.code(200).send();
    });
  };
}
