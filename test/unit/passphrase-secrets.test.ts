/**
 * The e2e harness's copy of the CLI's passphrase cipher (test/support/passphrase-secrets.ts) reads
 * what Pulumi CLI 3.259.0 wrote. The other direction, the CLI reading what it writes, is proven by
 * every e2e stack: their `travel:clientSecret` is written by it.
 */
import { describe, expect, it } from "vitest";
import { passphraseSecrets } from "../support/passphrase-secrets";

/** `pulumi stack init` and `pulumi config set --secret s hello` with PULUMI_CONFIG_PASSPHRASE=x. */
const CLI_SALT = "v1:xqjl0zh8U/c=:v1:NKTYih1xskOANL/8:5epmIrRpMIYu7cUf25hkk+5O73fldQ==";
const CLI_SECURE = "v1:/+6SXHqLDw+Fr16v:vFIw2KeyhvfS9P25zqdINcXViTtG";

describe("passphraseSecrets", () => {
  it("decrypts a secret the CLI encrypted, under the salt it wrote", () => {
    expect(passphraseSecrets("x", CLI_SALT).decrypt(CLI_SECURE)).toBe("hello");
  });

  it("refuses a passphrase that does not open the salt, as the CLI does", () => {
    expect(() => passphraseSecrets("not-x", CLI_SALT)).toThrow(/incorrect passphrase/);
  });

  it("a new salt names itself: its stacks' settings open the same key", () => {
    const fresh = passphraseSecrets("p");
    const ciphertext = fresh.encrypt("a value: with colons\nand lines");
    expect(ciphertext).toMatch(/^v1:[A-Za-z0-9+/=]{16}:[A-Za-z0-9+/=]+$/);
    expect(passphraseSecrets("p", fresh.encryptionSalt).decrypt(ciphertext)).toBe(
      "a value: with colons\nand lines",
    );
    const tampered = `${ciphertext.slice(0, -4)}AAA=`;
    expect(() => fresh.decrypt(tampered)).toThrow();
  });
});
