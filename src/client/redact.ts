/**
 * Redaction of secrets from anything the client prints or throws: URLs, headers, bodies and
 * free text. Two layers: key-based (a field called `client_secret` is always hidden) and
 * value-based (every credential and token the client has handled is scrubbed wherever it appears,
 * even when a server echoes it back inside an error message).
 */

/** What every redacted value is replaced with. */
export const REDACTED = "[REDACTED]";

const SENSITIVE_KEY =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|client_secret|clientsecret|access_token|accesstoken|refresh_token|refreshtoken|id_token|token|scimtoken|subject_token|password|secret|privatekey|private_key|datakey|masterkey)$/i;

/** True when a header, query parameter or body field of this name holds a secret. */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key.replace(/-/g, "_")) || SENSITIVE_KEY.test(key);
}

const MAX_KNOWN_SECRETS = 256;
const MIN_SECRET_LENGTH = 6;
const knownSecrets = new Set<string>();

/**
 * Registers a secret value (a client secret, an access token) so that {@link redactText} removes it
 * from any text. The registry is bounded; the oldest entries fall out first.
 */
export function registerSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET_LENGTH) return;
  knownSecrets.delete(value);
  knownSecrets.add(value);
  if (knownSecrets.size > MAX_KNOWN_SECRETS) {
    const oldest = knownSecrets.values().next().value;
    if (oldest !== undefined) knownSecrets.delete(oldest);
  }
}

/** Removes every registered secret, bearer credential and `key=value` secret pair from `text`. */
export function redactText(text: string): string {
  let out = text;
  for (const secret of knownSecrets) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`);
  out = out.replace(
    /\b(client_secret|access_token|refresh_token|subject_token|clientSecret|scimToken|password)(["']?\s*[=:]\s*["']?)([^&\s"',}]+)/g,
    `$1$2${REDACTED}`,
  );
  return out;
}

/** Returns `url` with the values of sensitive query parameters replaced. Unparseable input is text-redacted. */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return redactText(url);
  }
  if (parsed.username || parsed.password) {
    parsed.username = parsed.username ? REDACTED : "";
    parsed.password = parsed.password ? REDACTED : "";
  }
  for (const key of [...parsed.searchParams.keys()]) {
    if (isSensitiveKey(key)) parsed.searchParams.set(key, REDACTED);
  }
  return redactText(parsed.toString());
}

/** Returns a copy of `headers` with sensitive values replaced. */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    out[key] = isSensitiveKey(key) ? REDACTED : redactText(text);
  }
  return out;
}

/** Returns a deep copy of `value` with sensitive fields and registered secrets replaced. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (depth > 20) return "[TRUNCATED]";
  if (typeof value === "string") return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = isSensitiveKey(key) ? REDACTED : redactValue(item, depth + 1);
    }
    return out;
  }
  return value;
}
