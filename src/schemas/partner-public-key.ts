/**
 * Partner public keys of the vendor Company API (`AddPartnerPublicKeyRequest`, `JwkPublicKey`,
 * `PartnerPublicKeyInfo`), and the inputs of the PartnerPublicKey resource.
 */
import { z } from "zod";
import { platformIdSchema } from "./common";

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, "must be base64url");

/** The public members of an RSA JWK; private members (`d`, `p`, ...) are refused by name. */
export const publicRsaJwkSchema = z.strictObject({
  kty: z.literal("RSA", { error: "must be RSA (the platform accepts RSA keys only)" }).default("RSA"),
  /** RSA modulus, base64url. */
  n: base64url,
  /** RSA public exponent, base64url (usually `AQAB`). */
  e: base64url,
  use: z.literal("sig", { error: "must be sig" }).optional(),
  alg: z.literal("RS256", { error: "must be RS256" }).optional(),
  kid: z.string().optional(),
});

/** Inputs of the PartnerPublicKey resource. */
export const partnerPublicKeyInputsSchema = z
  .strictObject({
    /** The company the key is registered for. Changing it replaces the key. */
    companyId: platformIdSchema("a company id"),
    /**
     * The key id partners put in the JWT header `kid`; unique among the company's active keys.
     * Changing it replaces the key.
     */
    kid: z
      .string()
      .min(1, "is required")
      .max(200, "must be at most 200 characters")
      .regex(/^[A-Za-z0-9._:-]+$/, "may contain only letters, digits, '.', '_', ':' and '-'"),
    /** The RSA public key as PEM (`-----BEGIN PUBLIC KEY-----`). Give this or `jwk`. */
    publicKeyPem: z
      .string()
      .refine((pem) => pem.includes("-----BEGIN") && !pem.includes("PRIVATE KEY"), {
        message: "must be a PEM public key (never a private key)",
      })
      .optional(),
    /** The RSA public key as a JWK (`n`, `e`). Give this or `publicKeyPem`. */
    jwk: publicRsaJwkSchema.optional(),
    /**
     * Registration id of an active key to take over instead of registering it again; its kid and
     * thumbprint must match the declared key.
     */
    adoptId: platformIdSchema("a registration id").optional(),
  })
  .superRefine((inputs, ctx) => {
    if ((inputs.publicKeyPem === undefined) === (inputs.jwk === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["publicKeyPem"],
        message: "give exactly one of publicKeyPem and jwk",
      });
    }
    if (inputs.jwk?.kid !== undefined && inputs.jwk.kid !== inputs.kid) {
      ctx.addIssue({
        code: "custom",
        path: ["jwk", "kid"],
        message: `must equal kid (${inputs.kid}) or be left out`,
      });
    }
  });

/**
 * `PartnerPublicKeyInfo`: every property is optional in the vendor's schema. A missing `status`
 * reads as `ACTIVE`: every answer read with this schema lists active keys (`?status=ACTIVE`, or
 * the key just added). See docs/api-decisions.md, "Readers and the vendor's response schemas".
 */
export const partnerPublicKeyInfoSchema = z.looseObject({
  id: z.string().min(1).optional(),
  orgId: z.string().optional(),
  kid: z.string().optional(),
  status: z.enum(["ACTIVE", "REVOKED"]).default("ACTIVE"),
  /** Recorded in UTC (`…Z`): another offset of the same instant is the same time. */
  createdAt: z
    .string()
    .transform((text) => (Number.isNaN(Date.parse(text)) ? text : new Date(text).toISOString()))
    .optional(),
  thumbprint: z.string().optional(),
});

/** `AddPartnerPublicKeyResponse` and `ListPartnerPublicKeysResponse`. */
export const partnerPublicKeysResponseSchema = z.looseObject({
  keys: z.array(partnerPublicKeyInfoSchema).default([]),
});
