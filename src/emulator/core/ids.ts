/** Identifiers and secrets minted by the emulator. */
import { createHash, randomBytes, randomUUID } from "node:crypto";

/** A new UUID, the platform's id format. */
export function newId(): string {
  return randomUUID();
}

const ALPHANUMERIC = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A random lowercase alphanumeric string of `length` characters. */
export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/** SHA-256 hex digest; the emulator stores only digests of secrets and tokens. */
export function digest(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}
