/**
 * The vendor write routes the resources map, one row each: the resource whose inputs carry the
 * route's body, where the body sits in the inputs, and how a body is written as inputs. The
 * material of the differential tests that judge inputs against the vendor documents: `check`
 * (test/provider/vendor-differential.test.ts) and `pulumi-travel validate`
 * (test/manifest/vendor-differential.test.ts), with the samples and mutants of
 * test/support/vendor-samples.ts.
 */
import { generateKeyPairSync } from "node:crypto";
import { vendorOperation } from "../../src/contract";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { isOptOut } from "../../src/provider/model/tenant-facts";
import { definitions } from "../../src/resources/registry";
import { apiUserResource } from "../../src/resources/api-user";
import { companyResource } from "../../src/resources/company";
import { companyConfigResource } from "../../src/resources/company-config";
import { companyFeaturesResource } from "../../src/resources/company-features";
import { partnerPublicKeyResource } from "../../src/resources/partner-public-key";
import { perTripServiceChargeResource } from "../../src/resources/per-trip-service-charge";
import { type Json, type Sample, type ValuePath, vendorSample, withValueAt } from "./vendor-samples";

/** The company the rows' inputs name (a uuid, as the vendor's `{companyId}` path parameter is). */
export const COMPANY_ID = "4974a66b-7493-4f41-908c-58ba81093947";
/** The parent below the company that a company child's row names (an Office's legal entity). */
export const PARENT_ID = "0d5bd2a4-46c7-4a8e-9f43-0a7f0c1b7c52";

/** One vendor write route and the resource whose inputs map onto its body. */
export interface VendorRow {
  name: string;
  definition: ResourceDefinition<Values, Values>;
  method: string;
  pathTemplate: string;
  /** Where the body sits in the inputs (`[]`: its properties are inputs). */
  at: ValuePath;
  /** Inputs beside the body (parent ids, kind). */
  beside: Values;
  /**
   * Values of the sample replaced where the resource's own schema is stricter than the vendor's
   * (a currency must be a 3-letter code, a region a 2-letter one, ...), by body path.
   */
  stricter?: [ValuePath, Json][];
  /** Body properties the resource does not take, with the reason. */
  unmapped?: Record<string, string>;
  /**
   * The inputs that make the resource send `body`, for a resource whose inputs are not the body's
   * shape; undefined when no inputs can (the defect is not expressible as inputs).
   */
  toInputs?: (body: unknown) => Values | undefined;
  /** The input path of a body path (with `toInputs`); default: `at` followed by the body path. */
  inputPath?: (bodyPath: ValuePath, body: unknown) => ValuePath;
  /**
   * Required body properties (as `label` writes their paths) the inputs may leave out because the
   * resource fills them in (a default of its schema, or a constant of the body it builds), so the
   * body still carries them: dropping one is accepted.
   */
  defaulted?: readonly string[];
}

const definition = (resource: unknown) => resource as ResourceDefinition<Values, Values>;
const address: [ValuePath, Json][] = [[["regionCode"], "US"]];
const at = (prefix: ValuePath, pairs: [ValuePath, Json][]): [ValuePath, Json][] =>
  pairs.map(([path, value]) => [[...prefix, ...path], value]);

/** The company children whose create is on a route the vendor does not document (no row). */
export const UNDOCUMENTED_CHILDREN: string[] = [];

/**
 * Values stricter than the vendor's samples (a currency must be a 3-letter code, a region a
 * 2-letter one, ...), for the company children whose schemas need them; by type.
 */
const CHILD_STRICTER: Readonly<Record<string, [ValuePath, Json][]>> = {
  LegalEntity: [
    [["billingCurrency"], "USD"],
    [["registeredEmail"], "registered@example.com"],
    ...at(["address"], address),
  ],
  Office: at(["address"], address),
};

/**
 * A row for every company child of the registry (a type whose manifest entries are plain), read off
 * its definition: the route its create sends, the body its inputs, its parents' ids beside them.
 * A new company child is covered without a row of its own; one whose create the vendor does not
 * document is listed in {@link UNDOCUMENTED_CHILDREN} instead.
 */
function companyChildRows(): VendorRow[] {
  return Object.values(definitions).flatMap((child) => {
    const section = child.capabilities?.tenant?.manifest;
    if (section === undefined || isOptOut(section) || section.entries === undefined) return [];
    const parent = section.entries.parent;
    const beside: Values = { companyId: COMPANY_ID, ...(parent ? { [parent.input]: PARENT_ID } : {}) };
    const create = child.capabilities?.preview
      ?.vendorRequests?.(beside)
      .find((request) => request.method === "POST");
    const operation = create && vendorOperation(create.method, create.path);
    if (!operation) {
      UNDOCUMENTED_CHILDREN.push(child.type);
      return [];
    }
    const stricter = CHILD_STRICTER[child.type];
    return [
      {
        name: child.type,
        definition: child,
        method: operation.method,
        pathTemplate: operation.pathTemplate,
        at: [],
        beside,
        ...(stricter ? { stricter } : {}),
      },
    ];
  });
}

const config = (kind: string, segment: string, companyRole?: string): VendorRow => ({
  name: `CompanyConfig ${kind}`,
  definition: definition(companyConfigResource),
  method: "PUT",
  pathTemplate: `/v2/companies/{companyId}/${segment}`,
  at: ["config"],
  beside: { companyId: COMPANY_ID, kind, ...(companyRole ? { companyRole } : {}) },
});

/** A 2048-bit RSA modulus: the PartnerPublicKey's own check refuses shorter keys. */
const partnerModulus = (): string =>
  generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }).n as string;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `PartnerPublicKey` inputs name one key: its `kid` and its `jwk` members. The body around the key
 * (`keyType: JWKS`, the one-key set) is the resource's own, so a defect there is not expressible.
 */
function partnerKeyInputs(body: unknown): Values | undefined {
  if (!isRecord(body)) return undefined;
  const { keyType, jwks, ...rest } = body;
  if (keyType !== "JWKS" || Object.keys(rest).length > 0 || !isRecord(jwks)) return undefined;
  const { keys, ...more } = jwks;
  if (Object.keys(more).length > 0 || !Array.isArray(keys) || keys.length !== 1 || !isRecord(keys[0]))
    return undefined;
  const { kid, ...jwk } = keys[0];
  return { companyId: COMPANY_ID, kid, jwk };
}

/**
 * `CompanyFeatures` inputs name features in a map: the body's `featuresToUpdate` entries are its
 * entries (`features.<name>`). Entries of another shape, and other body properties, cannot be
 * written as inputs.
 */
function featureInputs(body: unknown): Values | undefined {
  const { featuresToUpdate, ...rest } = body as { featuresToUpdate?: unknown };
  if (Object.keys(rest).length > 0 || !Array.isArray(featuresToUpdate)) return undefined;
  const features: Record<string, unknown> = {};
  for (const entry of featuresToUpdate as unknown[]) {
    const { name, value, ...more } = (entry ?? {}) as { name?: unknown; value?: unknown };
    if (Object.keys(more).length > 0 || typeof name !== "string" || typeof value !== "string")
      return undefined;
    features[name] = value;
  }
  return { companyId: COMPANY_ID, features };
}

/** Every vendor write route a resource maps, with that resource. */
export const VENDOR_ROWS: readonly VendorRow[] = [
  {
    name: "Company",
    definition: definition(companyResource),
    method: "POST",
    pathTemplate: "/v2/companies",
    at: [],
    beside: {},
    stricter: [
      [["billingCurrency"], "USD"],
      [["emailDomains", 0], "example.com"],
      [["loyaltyBlockedCountries", 0], "US"],
      [["companyRoles", 0], "ORG"],
      ...at(["postalAddress"], address),
    ],
    defaulted: ["companyRoles"],
  },
  ...companyChildRows(),
  config("travel-content", "travel-content-config"),
  config("white-label", "white-label-config", "ORG"),
  config("managers", "managers-config", "ORG"),
  config("color", "color-config", "ORG"),
  config("preference-tiers", "preference-tiers"),
  config("enrollment", "enrollment-config"),
  config("tier", "tier-config"),
  config("stealth", "stealth-config"),
  {
    name: "PerTripServiceCharge",
    definition: definition(perTripServiceChargeResource),
    method: "POST",
    pathTemplate: "/v2/license/company/{companyId}/service-charge/per-trip",
    at: [],
    beside: { companyId: COMPANY_ID },
  },
  {
    name: "CompanyFeatures",
    definition: definition(companyFeaturesResource),
    method: "PATCH",
    pathTemplate: "/v2/companies/{companyId}/features",
    at: [],
    beside: {},
    toInputs: featureInputs,
    inputPath: ([list, index], body) => {
      const entries = (body as { featuresToUpdate?: { name?: string }[] }).featuresToUpdate ?? [];
      const name = typeof index === "number" ? entries[index]?.name : undefined;
      return list === "featuresToUpdate" && name !== undefined ? ["features", name] : ["features"];
    },
    unmapped: { featuresToDelete: "a feature is deleted by leaving it out of features (on update)" },
  },
  {
    name: "PartnerPublicKey",
    definition: definition(partnerPublicKeyResource),
    method: "POST",
    pathTemplate: "/v2/companies/{companyId}/partner-public-keys",
    at: [],
    beside: {},
    stricter: [
      [["jwks", "keys", 0, "n"], partnerModulus()],
      [["jwks", "keys", 0, "e"], "AQAB"],
    ],
    toInputs: partnerKeyInputs,
    // The key's kid is the `kid` input; its other members are `jwk`'s.
    inputPath: (bodyPath) =>
      bodyPath[3] === "kid" ? ["kid"] : bodyPath.length > 3 ? ["jwk", ...bodyPath.slice(3)] : [],
    // The resource writes the key's type, use and algorithm itself (RSA, sig, RS256).
    defaulted: ["jwks.keys[0].kty", "jwks.keys[0].use", "jwks.keys[0].alg"],
  },
  {
    name: "ApiUser",
    definition: definition(apiUserResource),
    method: "POST",
    pathTemplate: "/v2/api-users",
    at: [],
    beside: {},
    stricter: [
      [["role"], "COMPANY_ADMIN"],
      [["credentialType"], "CLIENT_CREDENTIALS"],
    ],
    unmapped: { tmcId: "the API user's TMC is the caller's: the platform takes it from the token" },
  },
];

/** The row's valid sample: the vendor's, with the stricter values and without unmapped properties. */
export function rowSample(row: VendorRow, schema: Record<string, unknown>): Sample {
  const sample = vendorSample(schema);
  let body = sample.value;
  for (const [path, value] of row.stricter ?? []) body = withValueAt(body, path, value);
  for (const key of Object.keys(row.unmapped ?? {})) body = withValueAt(body, [key], undefined);
  return { value: body, shape: sample.shape };
}

/** The inputs that make the row's resource send `body`; undefined when no inputs can. */
export function rowInputs(row: VendorRow, body: unknown): Values | undefined {
  if (row.toInputs) return row.toInputs(body);
  return row.at.length === 0
    ? { ...row.beside, ...(body as Values) }
    : { ...row.beside, [row.at[0] as string]: body };
}

/** The input path a defect at `bodyPath` of `body` is in. */
export function rowInputPath(row: VendorRow, bodyPath: ValuePath, body: unknown): ValuePath {
  return row.inputPath ? row.inputPath(bodyPath, body) : [...row.at, ...bodyPath];
}
