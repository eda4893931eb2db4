/**
 * The cipher of the Pulumi CLI's passphrase secrets provider: AES-256-GCM under a key that PBKDF2
 * (SHA-256, 1,000,000 iterations) derives from the passphrase and the stack's salt. A test process
 * uses it to write and read the secrets of the stacks it creates without a `pulumi` process for
 * each: every such process derives the key again (about 0.2 s of CPU), while here one key serves
 * every stack of the process that shares its salt.
 */
import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from "node:crypto";

/** Encrypts and decrypts config and state values as the CLI does for one passphrase and salt. */
export interface PassphraseSecrets {
  /** The stack settings' `encryptionsalt`: `v1:<salt>:` and `pulumi` encrypted, to check the passphrase. */
  readonly encryptionSalt: string;
  /** `v1:<nonce>:<ciphertext>`, as a `secure` config value or a state secret's `ciphertext`. */
  encrypt(plaintext: string): string;
  /** The plaintext of {@link encrypt}'s format; throws when the key does not open it. */
  decrypt(ciphertext: string): string;
}

const derived = new Map<string, PassphraseSecrets>();

/**
 * The secrets of `passphrase` under the salt of `encryptionSalt` (a stack's settings or state), or
 * else of a new salt this process keeps for every stack it creates. Throws when the passphrase does
 * not open `encryptionSalt`, as the CLI does. A key is derived once per process (about 0.13 s).
 */
export function passphraseSecrets(passphrase: string, encryptionSalt?: string): PassphraseSecrets {
  const cacheKey = `${passphrase}\0${encryptionSalt ?? ""}`;
  let secrets = derived.get(cacheKey);
  if (secrets === undefined) {
    secrets = open(passphrase, encryptionSalt);
    derived.set(cacheKey, secrets);
    // The new salt's stacks name it in their settings: later calls with it find the same key.
    derived.set(`${passphrase}\0${secrets.encryptionSalt}`, secrets);
  }
  return secrets;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function open(passphrase: string, encryptionSalt: string | undefined): PassphraseSecrets {
  const [version, saltText, check] = encryptionSalt === undefined ? [] : splitOnce(encryptionSalt, 2);
  if (encryptionSalt !== undefined && (version !== "v1" || saltText === undefined || check === undefined))
    throw new Error(`passphraseSecrets: not a v1 encryptionsalt: ${encryptionSalt}`);
  const salt = saltText === undefined ? randomBytes(8) : Buffer.from(saltText, "base64");
  const key = pbkdf2Sync(passphrase, salt, 1_000_000, 32, "sha256");

  const encrypt = (plaintext: string): string => {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, nonce);
    const sealed = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
  };
  const decrypt = (ciphertext: string): string => {
    const [valueVersion, nonce, sealedText] = ciphertext.split(":");
    if (valueVersion !== "v1" || nonce === undefined || sealedText === undefined)
      throw new Error(`passphraseSecrets: not a v1 ciphertext: ${ciphertext}`);
    const sealed = Buffer.from(sealedText, "base64");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  };

  if (check !== undefined) {
    let opened: string | undefined;
    try {
      opened = decrypt(check);
    } catch {
      opened = undefined;
    }
    if (opened !== "pulumi")
      throw new Error("passphraseSecrets: incorrect passphrase for this encryptionsalt");
  }
  return {
    encryptionSalt: encryptionSalt ?? `v1:${salt.toString("base64")}:${encrypt("pulumi")}`,
    encrypt,
    decrypt,
  };
}

/** `text` split at its first `count` colons. */
function splitOnce(text: string, count: number): string[] {
  const parts: string[] = [];
  let rest = text;
  for (let i = 0; i < count; i++) {
    const at = rest.indexOf(":");
    if (at < 0) break;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  return [...parts, rest];
}
