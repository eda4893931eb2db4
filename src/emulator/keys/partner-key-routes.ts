/**
 * Partner public keys: `POST/GET /v2/companies/{companyId}/partner-public-keys` and
 * `DELETE .../partner-public-keys/{kid}`. One RSA JWK per POST (the vendor's rule); DELETE revokes
 * (the record stays, REVOKED); a kid is unique among a company's ACTIVE keys.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../context";
import { badRequest, conflict, PlatformError } from "../core/errors";
import { newId } from "../core/ids";
import { noContent, param } from "../core/http";
import { withZod } from "../core/request-validation";
import { authenticate, principalOf } from "../identity/authenticate";
import { companyFor } from "../org/permissions";
import { assertUsableRsaKey, jwkSchema, jwkThumbprint } from "./jwk";
import { PARTNER_KEYS, type PartnerKeyRecord } from "./records";

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

const addRequest = z.looseObject({
  keyType: z.literal("JWKS", { error: "must be JWKS" }),
  jwks: z.looseObject({
    keys: z.tuple([jwkSchema], {
      error: (issue) =>
        issue.code === "too_big" || issue.code === "too_small"
          ? "must hold exactly one key per request"
          : undefined,
    }),
  }),
});

/** The first key a request sends, whatever it holds (the schema judges the rest). */
const SENT_KEY = z.object({ jwks: z.object({ keys: z.tuple([z.looseObject({})]).rest(z.unknown()) }) });

const listQuery = z.looseObject({
  status: z.enum(["ACTIVE", "REVOKED"]).default("ACTIVE"),
});

/**
 * Refuses private key members in the key a request sends (400 PRIVATE_KEY_MATERIAL), before the
 * key's schema is checked, so the answer says what is wrong with sending them.
 */
async function refusePrivateMembers(request: FastifyRequest): Promise<void> {
  const sent = SENT_KEY.safeParse(request.body);
  if (!sent.success) return;
  const raw = sent.data.jwks.keys[0];
  const leaked = PRIVATE_MEMBERS.filter((member) => member in raw);
  if (leaked.length > 0) {
    throw badRequest(
      `jwks.keys.0: private key members (${leaked.join(", ")}) must never be sent; register the public key only`,
      "PRIVATE_KEY_MATERIAL",
    );
  }
}

/** The public view of a key (vendor `PartnerPublicKeyInfo`). */
export function partnerKeyInfo(record: PartnerKeyRecord) {
  return {
    id: record.id,
    orgId: record.orgId,
    kid: record.kid,
    status: record.status,
    createdAt: new Date(record.createdAtMs).toISOString(),
    thumbprint: record.thumbprint,
  };
}

/** Registers the partner public key routes. */
export function partnerKeyRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const keys = () => ctx.store.records(PARTNER_KEYS);
    const ofCompany = (companyId: string) => keys().of(companyId).values();
    app.addHook("preValidation", authenticate(ctx));

    const add = { preValidation: refusePrivateMembers, schema: { body: addRequest } };
    app.post("/v2/companies/:companyId/partner-public-keys", add, async (request, reply) => {
      const companyId = param(request, "companyId");
      companyFor(ctx.store, principalOf(request), companyId);
      const [jwk] = request.body.jwks.keys;
      assertUsableRsaKey(jwk, "jwks.keys.0");
      const active = ofCompany(companyId).find((key) => key.kid === jwk.kid && key.status === "ACTIVE");
      if (active) {
        throw conflict(
          "PARTNER_KEY_KID_EXISTS",
          `company ${companyId} already has an ACTIVE partner public key with kid ${jwk.kid}; revoke it first or use another kid`,
        );
      }
      const record: PartnerKeyRecord = {
        id: newId(),
        orgId: companyId,
        kid: jwk.kid,
        jwk: { kty: jwk.kty, use: jwk.use, alg: jwk.alg, kid: jwk.kid, n: jwk.n, e: jwk.e },
        status: "ACTIVE",
        thumbprint: jwkThumbprint(jwk),
        createdAtMs: ctx.clock.now(),
      };
      keys().set(record.id, record);
      return reply.code(201).send({ keys: [partnerKeyInfo(record)] });
    });

    app.get(
      "/v2/companies/:companyId/partner-public-keys",
      { schema: { querystring: listQuery } },
      async (request) => {
        const companyId = param(request, "companyId");
        companyFor(ctx.store, principalOf(request), companyId);
        const query = request.query;
        return {
          keys: ofCompany(companyId)
            .filter((key) => key.status === query.status)
            .sort((a, b) => a.createdAtMs - b.createdAtMs)
            .map(partnerKeyInfo),
        };
      },
    );

    app.delete("/v2/companies/:companyId/partner-public-keys/:kid", async (request, reply) => {
      const companyId = param(request, "companyId");
      const kid = param(request, "kid");
      companyFor(ctx.store, principalOf(request), companyId);
      const matching = ofCompany(companyId).filter((key) => key.kid === kid);
      const active = matching.find((key) => key.status === "ACTIVE");
      if (!active) {
        throw new PlatformError(
          404,
          "PARTNER_PUBLIC_KEY_NOT_FOUND",
          matching.length > 0
            ? `partner public key ${kid} of company ${companyId} is already revoked`
            : `partner public key ${kid} does not exist for company ${companyId}`,
        );
      }
      keys().set(active.id, { ...active, status: "REVOKED", revokedAtMs: ctx.clock.now() });
      return noContent(reply);
    });
  };
}
