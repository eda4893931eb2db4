/**
 * Values on the provider protocol's wire. Once `Configure` accepts secrets, the engine hands a
 * secret as `{ [SIG]: SECRET_SIG, value }` at any depth, and takes one back the same way. The
 * definitions work on plain values, so the host unwraps what arrives, remembering which top-level
 * properties held a secret, and wraps those (and every property a definition declares secret)
 * in what it answers: a secret stays a secret in state, whoever marked it.
 */
import type { Values } from "../../model/values";

/** The key of the engine's special-value marker. */
const SIG = "4dabf18193072939515e22adb298388d";
/** The marker's value for a secret. */
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** True for a secret as the wire carries it. */
function isWireSecret(value: unknown): value is { value?: unknown } {
  return (
    typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG] === SECRET_SIG
  );
}

/** `value` with every secret at any depth replaced by what it holds. */
function unwrapped(value: unknown): unknown {
  if (isWireSecret(value)) return unwrapped(value.value);
  if (Array.isArray(value)) return value.map(unwrapped);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, unwrapped(item)]));
  return value;
}

/** True when `value` is, or holds, a secret. */
function holdsSecret(value: unknown): boolean {
  if (isWireSecret(value)) return true;
  if (Array.isArray(value)) return value.some(holdsSecret);
  if (typeof value === "object" && value !== null) return Object.values(value).some(holdsSecret);
  return false;
}

/** Properties as they arrived, plain, with the names of those that held a secret. */
export interface Unwrapped {
  values: Values;
  secrets: ReadonlySet<string>;
}

/** Plain values of `wire`, and which of its top-level properties held a secret. */
export function fromWire(wire: Values | undefined): Unwrapped {
  const values: Values = {};
  const secrets = new Set<string>();
  for (const [key, value] of Object.entries(wire ?? {})) {
    if (holdsSecret(value)) secrets.add(key);
    values[key] = unwrapped(value);
  }
  return { values, secrets };
}

/** `values` for the wire: each property named in `secrets` wrapped as a secret. */
export function toWire(values: Values, secrets: Iterable<string>): Values {
  const out: Values = { ...values };
  for (const key of secrets) if (out[key] !== undefined) out[key] = { [SIG]: SECRET_SIG, value: out[key] };
  return out;
}
