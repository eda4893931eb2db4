/**
 * Request validation through Fastify's type provider (fastify-type-provider-zod): routes declare
 * zod schemas for `body`, `querystring` and `params`, Fastify checks them after the vendor contract
 * hook and before the handler, and a failure is answered as the platform's 400 naming each path and
 * its reason (`invalid request body: name: …`).
 */
import type { FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, type PlatformError } from "./errors";

/** Issues named in one answer. */
const MAX_NAMED_ISSUES = 5;

/** How an answer names the part of the request Fastify validated. */
const PART_NAMES: Readonly<Record<string, string>> = {
  body: "body",
  querystring: "query",
  params: "path",
  headers: "headers",
};

/** An emulator instance whose routes get typed requests from their zod schemas. */
export type ZodRoutes = ReturnType<typeof withZod>;

/** Makes `app` check every route's zod schemas (set on the root, before any route). */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/** `app` with zod schemas typing `request.body`, `request.query` and `request.params`. */
export function withZod(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * A body that may be absent, read as `{}` when it is (Fastify validates an absent body as
 * `null`).
 */
export function optionalBody<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => value ?? {}, schema);
}

/**
 * The platform's 400 for a failed schema check (`invalid request query: limit: …`), or undefined
 * when `error` is not one.
 */
export function requestValidationFailure(error: unknown): PlatformError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const context = error.validationContext ?? "body";
  const part = PART_NAMES[context] ?? context;
  const messages = error.validation.slice(0, MAX_NAMED_ISSUES).map((issue) => {
    const path = issue.instancePath.split("/").filter(Boolean).join(".");
    return `${path || part}: ${issue.message}`;
  });
  return badRequest(`invalid request ${part}: ${messages.join("; ")}`);
}

/**
 * The body of a route `schema` has checked, when `schema`'s type is a type parameter: Fastify's
 * request types cannot resolve a generic schema's output (`UndefinedToUnknown<T>` stays
 * unresolved), so a generic route reads its body through this, tied to the schema it declared.
 */
export function checkedBody<T>(request: { body: unknown }, _schema: z.ZodType<T>): T {
  return request.body as T;
}
