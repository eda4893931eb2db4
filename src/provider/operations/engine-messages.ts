/**
 * What the engine prints for a failed resource. The engine formats a check failure with a property
 * as `property <p> value {<inputs[p]>} has a problem`: it looks the value up by the whole path as
 * one top-level key (so a nested path prints `{<nil>}`), and it prints a top-level value in full,
 * secret or not (a private key passed as `publicKeyPem` would be printed whole). Failures therefore
 * reach the engine with no property: the reason names the path and a shown value that is redacted
 * when it looks like a secret or key material. Thrown errors reach it without a stack trace: the
 * dynamic-provider host prints `error: stack` itself, and the frames point into files the package
 * does not ship.
 */
import type * as pulumi from "@pulumi/pulumi";
import { redactText } from "../../client/redact";
import { UNKNOWN } from "../model/unknown-values";
import { valueAt } from "../model/value-path";

/** What a redacted value is shown as. */
export const REDACTED_VALUE = "[redacted]";

const MAX_SHOWN = 80;
/** PEM blocks, JWK private members, and long unbroken base64 or hex runs (keys, tokens). */
const SECRET_LOOKING = [/-----BEGIN [A-Z ]+-----/, /"(d|p|q|dp|dq|qi)"\s*:/, /[A-Za-z0-9+/_-]{40,}={0,2}/];

/** True when `value` looks like a secret or key material. */
export function looksSecret(value: unknown): boolean {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
  return SECRET_LOOKING.some((pattern) => pattern.test(text));
}

/**
 * `value` as a message shows it: JSON, shortened, and {@link REDACTED_VALUE} when it is secret
 * (`secret`) or looks like a secret or key material.
 */
export function shownValue(value: unknown, secret = false): string {
  if (value === undefined) return "(not set)";
  if (value === UNKNOWN) return "(unknown until apply)";
  if (secret || looksSecret(value)) return REDACTED_VALUE;
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
}

/** Splits a property path (`a.b[0].c`) into its keys. */
export function pathKeys(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) keys.push(Number(match[2]));
    else if (match[1] !== undefined) keys.push(match[1]);
  }
  return keys;
}

/**
 * The failures as the engine should print them: one line each, `<path>: <reason> (value <v>)`,
 * with no property set, so the engine prints the reason as it is. `secretInputs` are never shown.
 */
export function engineFailures(
  failures: readonly pulumi.dynamic.CheckFailure[],
  inputs: Record<string, unknown>,
  secretInputs: readonly string[] = [],
): pulumi.dynamic.CheckFailure[] {
  return failures.map(({ property, reason }) => {
    const keys = pathKeys(property);
    const secret = typeof keys[0] === "string" && secretInputs.includes(keys[0]);
    const value = keys.length === 0 ? undefined : valueAt(inputs, keys);
    const shown = keys.length === 0 ? "" : ` (value ${shownValue(value, secret)})`;
    const where = property === "" ? "" : `${property}: `;
    return { property: "", reason: redactText(`${where}${reason}${shown}`) };
  });
}

/**
 * `error` ready for the engine: its message redacted and its stack reduced to the message, so
 * neither the host's log line nor the engine's report carries frames or secrets. The same object
 * is returned, so the properties the host reads (`id`, `properties` of a partial create) stay.
 */
export function engineError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  error.message = redactText(error.message);
  error.stack = error.message;
  return error;
}
