/**
 * The secrets of a `pulumi stack export` document, opened in the test process: a secret is an
 * object `{ <sig>: <secret sig>, ciphertext }` whose ciphertext is the JSON of its value, encrypted
 * by the stack's secrets provider. For a passphrase stack the salt is in the document, and
 * test/support/passphrase-secrets.ts holds the key.
 */
import { passphraseSecrets } from "./passphrase-secrets";

/** The key that marks a special object of the state, and its value for a secret. */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A `stack export` document's deployment, as far as its secrets go. */
export interface ExportedDeployment {
  secrets_providers?: { type?: string; state?: { salt?: string } };
  resources?: { type: string; parent?: string; outputs?: Record<string, unknown> }[];
}

/** A state value only the CLI can read: another secrets provider, an asset, a resource reference. */
export class UnreadableState extends Error {}

/** Decrypts the deployment's secrets with `passphrase`; throws {@link UnreadableState} when it cannot. */
export function stateDecrypter(
  deployment: ExportedDeployment,
  passphrase: string | undefined,
): (ciphertext: string) => string {
  const provider = deployment.secrets_providers;
  const salt = provider?.type === "passphrase" ? provider.state?.salt : undefined;
  return (ciphertext) => {
    if (passphrase === undefined || salt === undefined) throw new UnreadableState();
    return passphraseSecrets(passphrase, salt).decrypt(ciphertext);
  };
}

/** Whether `value` is a secret of the state. */
export function isStateSecret(value: unknown): value is { ciphertext: string } {
  return (
    typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG
  );
}

/**
 * A property value of the state as `pulumi stack output --json --show-secrets` prints it: every
 * secret replaced by its value. Throws {@link UnreadableState} at any other special object.
 */
export function revealValue(value: unknown, decrypt: (ciphertext: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => revealValue(item, decrypt));
  if (typeof value !== "object" || value === null) return value;
  if (isStateSecret(value)) return revealValue(JSON.parse(decrypt(value.ciphertext)), decrypt);
  if (SIG_KEY in value) throw new UnreadableState();
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revealValue(item, decrypt)]));
}

/**
 * A whole document as `pulumi stack export --show-secrets` writes it: each secret's `ciphertext`
 * replaced by its `plaintext`.
 */
export function revealDocument(document: unknown, decrypt: (ciphertext: string) => string): unknown {
  if (Array.isArray(document)) return document.map((item) => revealDocument(item, decrypt));
  if (typeof document !== "object" || document === null) return document;
  if (isStateSecret(document)) return { [SIG_KEY]: SECRET_SIG, plaintext: decrypt(document.ciphertext) };
  return Object.fromEntries(
    Object.entries(document).map(([key, item]) => [key, revealDocument(item, decrypt)]),
  );
}
