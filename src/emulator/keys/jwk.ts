/** Validation of partner JWKs (RSA, RS256, sig, at least 2048 bits) and RFC 7638 thumbprints. */
import { createHash, createPublicKey } from "node:crypto";
import { z } from "zod";
import { badRequest } from "../core/errors";

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** One public JWK as the vendor's `JwkPublicKey` describes it; private members are refused. */
export const jwkSchema = z.strictObject({
  kty: z.literal("RSA", { error: "must be RSA (only RSA keys are supported)" }),
  use: z.literal("sig", { error: "must be sig" }),
  alg: z.literal("RS256", { error: "must be RS256" }),
  kid: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(200, "must be at most 200 characters")
    .regex(/^[A-Za-z0-9._:-]+$/, "may contain only letters, digits, '.', '_', ':' and '-'"),
  n: z.string({ error: "is required" }).regex(BASE64URL, "must be base64url"),
  e: z.string({ error: "is required" }).regex(BASE64URL, "must be base64url"),
});

/** A validated public JWK. */
export type Jwk = z.output<typeof jwkSchema>;

/** Smallest accepted RSA modulus. */
export const MIN_RSA_BITS = 2048;

/** Throws 400 unless `jwk` is a usable RSA public key of at least {@link MIN_RSA_BITS} bits. */
export function assertUsableRsaKey(jwk: Jwk, path: string): void {
  const bits = Buffer.from(jwk.n, "base64url").length * 8;
  if (bits < MIN_RSA_BITS) {
    throw badRequest(`${path}.n: the RSA modulus has ${bits} bits; at least ${MIN_RSA_BITS} are required`);
  }
  try {
    createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: "jwk" });
  } catch {
    throw badRequest(`${path}: n and e do not form a valid RSA public key`);
  }
}

/** RFC 7638 thumbprint: base64url SHA-256 of the canonical `{"e","kty","n"}` JSON. */
export function jwkThumbprint(jwk: Pick<Jwk, "e" | "kty" | "n">): string {
  const canonical = JSON.stringify({ e: jwk.e, kty: jwk.kty, n: jwk.n });
  return createHash("sha256").update(canonical).digest("base64url");
}
