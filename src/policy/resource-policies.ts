/**
 * Policies that judge one resource at a time: the API user's role, a production company's
 * protection, `externalId`, rotation, and partner keys. Each covers the registry types it names
 * (derived where the registry can tell, as every type with an `externalId` input), under either
 * host's token.
 */
import { createPublicKey } from "node:crypto";
import { definitions } from "../resources/registry";
import { apiUserInputsShape, apiUserRoleSchema } from "../schemas/api-user";
import { matchesAny, productionStacksProperty, stackOfUrn } from "./config";
import { resourcePolicy, type TravelPolicy } from "./policy-kit";
import { typesWithInput } from "./travel-type";
import { knownString, read, UNKNOWN } from "./values";

/** The roles an API user may have, from the platform's schema. */
const API_USER_ROLES = apiUserRoleSchema.options;

/** The role an ApiUser gets when its program names none: its input schema's default. */
function defaultRole(): string {
  return apiUserInputsShape.role.parse(undefined);
}

/** API users only with the roles the organization allows (not TMC_ADMIN, the default, unless allowed). */
export const apiUserRolePolicy: TravelPolicy = resourcePolicy(
  {
    name: "travel-api-user-role",
    description:
      "API users have only the roles the organization allows. TMC_ADMIN, the platform's default, acts for " +
      "every company of the TMC; a COMPANY_ADMIN of one company (orgId) is enough for most integrations.",
    enforcementLevel: "mandatory",
    types: ["ApiUser"],
    config: {
      allowedRoles: {
        type: "array",
        items: { type: "string", enum: [...API_USER_ROLES] },
        minItems: 1,
        default: ["COMPANY_ADMIN"],
        description: `The roles API users may have (${API_USER_ROLES.join(", ")}).`,
      },
    },
    remediation:
      'Set `role: "COMPANY_ADMIN"` and `orgId` (the company it administers), or allow the role in the policy\'s `allowedRoles`.',
  },
  (user, config, report) => {
    const allowed = config.allowedRoles as string[];
    const given = read(user.props, "role");
    if (given === UNKNOWN) return;
    const role = typeof given === "string" ? given : defaultRole();
    if (allowed.includes(role)) return;
    report(
      `role is ${role}${given === undefined ? " (the default, as role is not set)" : ""}, which acts for every company ` +
        `of the TMC; the organization allows ${allowed.join(", ")}. Set role: "COMPANY_ADMIN" with orgId, or add ` +
        `${role} to travel-api-user-role's allowedRoles.`,
    );
  },
);

/** In a production stack, companies are protected: `pulumi destroy` deletes every object under a company. */
export const companyProtectPolicy: TravelPolicy = resourcePolicy(
  {
    name: "travel-company-protect",
    description:
      "In a production stack every company is protected (`protect: true`): deleting a company deletes every " +
      "object under it, so a mistaken `pulumi destroy` or a removed resource would wipe the tenant.",
    enforcementLevel: "advisory",
    types: ["Company"],
    config: productionStacksProperty,
    remediation:
      "Pass `{ protect: true }` as the company's resource options (`tenantFromManifest(file, { resourceOptions: { protect: true } })` " +
      "protects every resource of a manifest). Pulumi 3.259 does not show policies `retainOnDelete`, so it cannot stand in.",
  },
  (company, config, report) => {
    const stack = stackOfUrn(company.urn);
    if (company.protect || !matchesAny(stack, config.productionStacks as string[])) return;
    report(
      `protect is not set in production stack ${stack}; pulumi destroy (or removing the resource) would delete ` +
        "the company and every object under it. Pass { protect: true } in its resource options.",
    );
  },
);

/** Every type with an `externalId` input, from the registry. */
const EXTERNAL_ID_TYPES = typesWithInput("externalId");

/** Objects carry an `externalId`, which crash recovery and adoption find them by. */
export const externalIdPolicy: TravelPolicy = resourcePolicy(
  {
    name: "travel-external-id",
    description:
      "Objects of a type that has an `externalId` declare one: a create whose answer was lost finds its object " +
      "by it, and an object identical in every other field is not mistaken for it (docs/reliability.md).",
    enforcementLevel: "advisory",
    types: EXTERNAL_ID_TYPES,
    config: {},
    remediation: "Set `externalId` to your own stable identifier of the object (unique among its siblings).",
  },
  (object, _config, report) => {
    const value = read(object.props, "externalId");
    if (value === UNKNOWN || (typeof value === "string" && value !== "")) return;
    report("externalId is not set; set it to your own stable identifier of the object.");
  },
);

/** Every type with a `rotation` input (a change of it rotates the secret or key), from the registry. */
const ROTATION_TYPES = typesWithInput("rotation");

const DAY_MS = 86_400_000;

/** When a `rotation` value says the secret was rotated: a date (`2026-11`, `2026-11-01`, ISO 8601), else undefined. */
export function rotationDate(rotation: string): Date | undefined {
  if (!/^\d{4}-\d{2}(-\d{2})?([T ].*)?$/.test(rotation)) return undefined;
  const date = new Date(/^\d{4}-\d{2}$/.test(rotation) ? `${rotation}-01` : rotation);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** True when the type's own schema accepts a `rotation` for these inputs (a SCIM API user refuses one). */
function canRotate(type: string, props: Record<string, unknown>): boolean {
  const definition = definitions[type];
  if (definition === undefined) return false;
  const known = Object.fromEntries(
    Object.keys(definition.inputs.shape)
      .map((key) => [key, read(props, key)] as const)
      .filter(([, value]) => value !== UNKNOWN && value !== undefined),
  );
  const parsed = definition.inputs.safeParse({ ...known, rotation: "2000-01" });
  return parsed.success || !parsed.error.issues.some((issue) => issue.path[0] === "rotation");
}

/** Secrets and keys are rotated, and not longer ago than the interval. */
export const rotationPolicy: TravelPolicy = resourcePolicy(
  {
    name: "travel-rotation",
    description:
      "Secrets and keys that can be rotated (a type with a `rotation` input) have been, within the interval: " +
      "`rotation` is set, and when it is a date (`2026-11`, `2026-11-01`) it is no older than `rotationIntervalDays`.",
    enforcementLevel: "advisory",
    types: ROTATION_TYPES,
    config: {
      rotationIntervalDays: {
        type: "integer",
        minimum: 1,
        default: 365,
        description: "The longest time, in days, since the date a `rotation` names.",
      },
    },
    remediation: "Set `rotation` to today's date (`2026-11-26`): the next `pulumi up` rotates it.",
  },
  (object, config, report) => {
    const rotation = read(object.props, "rotation");
    if (rotation === UNKNOWN || !canRotate(object.travelType, object.props)) return;
    if (typeof rotation !== "string" || rotation === "") {
      report(
        "rotation is not set, so it was never rotated; set rotation to today's date to rotate it on the next up.",
      );
      return;
    }
    const date = rotationDate(rotation);
    const interval = config.rotationIntervalDays as number;
    if (date === undefined) return;
    const days = Math.floor((Date.now() - date.getTime()) / DAY_MS);
    if (days <= interval) return;
    report(
      `rotation is ${rotation}, ${days} days ago, longer than the ${interval} days travel-rotation allows; ` +
        "set rotation to today's date to rotate it on the next up.",
    );
  },
);

/** The formats a partner key may be given in: the inputs that hold it. */
const KEY_FORMATS = { pem: "publicKeyPem", jwk: "jwk" } as const;

/** The RSA modulus length of a partner key's PEM or JWK, or undefined when it cannot be read. */
export function keyBits(props: Record<string, unknown>): number | undefined {
  const pem = knownString(props, KEY_FORMATS.pem);
  const jwk = read(props, KEY_FORMATS.jwk);
  try {
    const key =
      pem !== undefined
        ? createPublicKey(pem)
        : typeof jwk === "object" && jwk !== null
          ? createPublicKey({ key: { kty: "RSA", ...(jwk as Record<string, string>) }, format: "jwk" })
          : undefined;
    return key?.asymmetricKeyDetails?.modulusLength;
  } catch {
    return undefined;
  }
}

/** Partner keys only in the formats, and of the sizes, the organization allows. */
export const partnerKeyPolicy: TravelPolicy = resourcePolicy(
  {
    name: "travel-partner-key",
    description:
      "Partner public keys are of a kind the organization allows: given in an allowed format (`pem` for " +
      "`publicKeyPem`, `jwk`) with an RSA modulus of at least `minKeyBits`.",
    enforcementLevel: "mandatory",
    types: ["PartnerPublicKey"],
    config: {
      allowedFormats: {
        type: "array",
        items: { type: "string", enum: Object.keys(KEY_FORMATS) },
        minItems: 1,
        default: Object.keys(KEY_FORMATS),
        description: "The formats a key may be given in: `pem` (`publicKeyPem`), `jwk`.",
      },
      minKeyBits: {
        type: "integer",
        minimum: 1024,
        default: 2048,
        description: "The smallest RSA modulus, in bits.",
      },
    },
    remediation: "Have the partner issue an RSA key of at least `minKeyBits` bits, in an allowed format.",
  },
  (key, config, report) => {
    const allowed = config.allowedFormats as string[];
    for (const [format, input] of Object.entries(KEY_FORMATS)) {
      if (read(key.props, input) !== undefined && !allowed.includes(format))
        report(
          `${input} gives the key as ${format}, a format the organization does not allow (allowed: ${allowed.join(", ")}).`,
        );
    }
    const bits = keyBits(key.props);
    const min = config.minKeyBits as number;
    if (bits !== undefined && bits < min)
      report(
        `the key is RSA ${bits} bits, below the ${min} bits travel-partner-key allows; register a larger key.`,
      );
  },
);
