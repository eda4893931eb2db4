/**
 * Valid requests for every operation the vendor documents, against an {@link OrgFixture}: the
 * concrete path (the parent objects it names are created), the required query parameters, and a
 * body generated from the vendor's request schema with the few values the platform checks
 * against its own state (the caller's TMC, the company's id, a real RSA key, a user that exists).
 */
import { generateKeyPairSync, randomUUID } from "node:crypto";
import type { VendorOperation } from "../../src/contract";
import { vendorRequestSchema } from "../../src/contract";
import { type Sample, vendorSample } from "../support/vendor-samples";
import { createLegalEntity, createObject, createOffice, type OrgFixture } from "./org-helpers";

/** A request ready to send. */
export interface VendorRequest {
  /** The concrete path with its query string. */
  url: string;
  /** The valid sample of the body (absent when the operation documents none). */
  sample: Sample | undefined;
}

type Body = Record<string, unknown>;

/** Path parameters, made on demand; `made` keeps the ones already made for this request. */
const PARAMETERS: Record<string, (fx: OrgFixture, made: Record<string, string>) => Promise<string> | string> =
  {
    companyId: (fx) => fx.companyId,
    legalEntityId: (fx) => createLegalEntity(fx),
    officeId: (fx, made) => createOffice(fx, made.legalEntityId ?? ""),
    costCenterId: (fx) => createObject(fx, `/v2/companies/${fx.companyId}/cost-centers`, { name: "Sales" }),
    departmentId: (fx) => createObject(fx, `/v2/companies/${fx.companyId}/departments`, { name: "Ops" }),
    gradeId: (fx) => createObject(fx, `/v2/companies/${fx.companyId}/grades`, { name: "G1" }, 200),
    kid: async (fx) => {
      const key = rsaJwk(`key-${randomUUID()}`);
      await createObject(fx, `/v2/companies/${fx.companyId}/partner-public-keys`, {
        keyType: "JWKS",
        jwks: { keys: [key] },
      });
      return key.kid as string;
    },
    entityType: () => "TRIP",
    entityId: () => "1234567890",
    type: () => "TMC_CHARGE",
  };

/** Required query parameters: the fixture's company is an ORG. */
const QUERY: Record<string, string> = { companyRole: "ORG" };

/**
 * Values the platform checks against its state, by operation: each changes the generated body
 * in place (the path parameters made for the request at hand).
 */
const STATEFUL: Record<string, (body: Body, fx: OrgFixture, made: Record<string, string>) => void> = {
  "POST /v2/companies": (body, fx) => {
    body.contractedBy = { id: fx.emu.bootstrap.tmcId };
  },
  "PUT /v2/companies/{companyId}": (body, fx) => {
    body.id = { id: fx.companyId };
    body.contractedBy = { id: fx.emu.bootstrap.tmcId };
  },
  "PUT /v2/companies/{companyId}/legal-entities/{legalEntityId}": (body, fx, made) => {
    body.id = made.legalEntityId;
    body.bookingTmcRef = { id: fx.emu.bootstrap.tmcId };
  },
  "PUT /v2/companies/{companyId}/legal-entities/{legalEntityId}/offices/{officeId}": (body, _fx, made) => {
    body.id = made.officeId;
  },
  "PUT /v2/companies/{companyId}/cost-centers/{costCenterId}": (body, _fx, made) => {
    body.id = { id: made.costCenterId };
  },
  "PUT /v2/companies/{companyId}/departments/{departmentId}": (body, _fx, made) => {
    body.id = made.departmentId;
  },
  "POST /v2/companies/{companyId}/partner-public-keys": (body) => {
    body.jwks = { keys: [rsaJwk(`key-${randomUUID()}`)] };
  },
  "PATCH /v2/companies/{companyId}/features": (body) => {
    // A feature cannot be both updated and deleted in one patch.
    body.featuresToDelete = ["HOTEL_RESULTS_OOP"];
  },
  "POST /v2/api-users": (body, fx) => {
    body.tmcId = fx.emu.bootstrap.tmcId;
    body.orgId = fx.companyId;
  },
  "POST /v2/api-users/revoke": (body, fx) => {
    body.clientId = fx.emu.admin.createCompanyAdmin(fx.companyId).clientId;
  },
  "POST /v2/api-users/rotate": (body, fx) => {
    body.clientId = fx.emu.admin.createCompanyAdmin(fx.companyId).clientId;
  },
};

/** A fresh RSA signing key as a JWK, as the vendor's `JwkPublicKey` describes it. */
function rsaJwk(kid: string): Record<string, unknown> {
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const { n, e } = publicKey.export({ format: "jwk" });
  return { kty: "RSA", use: "sig", alg: "RS256", kid, n, e };
}

/** A valid request for `operation`: parents created, required query set, body generated. */
export async function vendorRequest(fx: OrgFixture, operation: VendorOperation): Promise<VendorRequest> {
  const made: Record<string, string> = {};
  let path = operation.pathTemplate;
  for (const [, name] of operation.pathTemplate.matchAll(/\{([^}]+)\}/g)) {
    const make = PARAMETERS[name as string];
    if (!make) throw new Error(`no value for path parameter ${name} of ${operation.pathTemplate}`);
    made[name as string] = await make(fx, made);
    path = path.replace(`{${name}}`, encodeURIComponent(made[name as string] as string));
  }
  const query = new URLSearchParams();
  for (const { name } of operation.queryParameters.filter((parameter) => parameter.required)) {
    const value = QUERY[name];
    if (value === undefined)
      throw new Error(`no value for query parameter ${name} of ${operation.pathTemplate}`);
    query.set(name, value);
  }
  const url = query.size > 0 ? `${path}?${query.toString()}` : path;
  const schema = vendorRequestSchema(operation.method, operation.pathTemplate);
  if (!schema) return { url, sample: undefined };
  const sample = vendorSample(schema as Record<string, unknown>);
  STATEFUL[`${operation.method} ${operation.pathTemplate}`]?.(sample.value as Body, fx, made);
  return { url, sample };
}
