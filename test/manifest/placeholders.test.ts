/**
 * Placeholders the stack does not supply: each is named with its file, line and column and the
 * `pulumi config set` command that supplies it (`--secret` for a secret), and a manifest that
 * cannot be built never fails with an empty list of problems.
 */
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest, ManifestError, type ManifestReadOptions, readManifest } from "../../src/manifest";

const dir = mkdtempSync(join(tmpdir(), "manifest-placeholders-"));
let files = 0;

/** Writes `text` to a new manifest file. */
function write(text: string): string {
  const file = join(dir, `tenant-${++files}.yaml`);
  writeFileSync(file, text);
  return file;
}

const MANIFEST = `company:
  name: Acme
  billingCurrency: USD
legalEntities:
  acme-us:
    name: Acme US
    billingCurrency: USD
    registeredEmail: "\${config:billingEmail}"
    address: { addressLines: [x], regionCode: US }
partnerKeys:
  partner-a:
    kid: partner-a-2026
    publicKeyPem: "\${config:partnerAKey}"
customFields:
  project:
    name: Project
    arms:
      everyone:
        name: Everyone
        action: { type: AUTO, value: "\${secret:defaultPurpose}" }
`;

const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .publicKey.export({ type: "spki", format: "pem" })
  .toString();

/** The error `loadManifest` throws for `file`. */
function loadError(file: string, options: ManifestReadOptions): ManifestError {
  try {
    loadManifest(file, options);
  } catch (error) {
    if (error instanceof ManifestError) return error;
    throw error;
  }
  throw new Error("the manifest loaded");
}

describe("placeholders the stack does not supply", () => {
  it("names each with its position and the pulumi config set command, --secret for a secret", () => {
    const file = write(MANIFEST);
    const known: Record<string, string> = { billingEmail: "billing@acme.example" };
    const error = loadError(file, { stack: "dev", resolve: (_kind, name) => known[name] });
    expect(error.message).toBe(
      [
        "the tenant manifest has 2 problems:",
        `${file}:13:19: partnerKeys.partner-a.publicKeyPem: \${config:partnerAKey} is not set in the config of stack dev: pulumi config set partnerAKey <value> --stack dev`,
        `${file}:20:38: customFields.project.arms.everyone.action.value: \${secret:defaultPurpose} is not set in the config of stack dev: pulumi config set --secret defaultPurpose <value> --stack dev`,
      ].join("\n"),
    );
  });

  it("names the config key of another namespace as pulumi config set takes it", () => {
    const file = write(MANIFEST);
    const known: Record<string, string> = { billingEmail: "b@acme.example", defaultPurpose: "travel" };
    const { issues } = readManifest(file, {
      resolve: (_kind, name) => known[name],
      configKey: (name) => `tenant:${name}`,
    });
    expect(issues.map((issue) => issue.reason)).toEqual([
      "${config:partnerAKey} is not set in the stack's config: pulumi config set tenant:partnerAKey <value>",
    ]);
  });

  it("loads the manifest once every placeholder is set", () => {
    const file = write(MANIFEST);
    const known: Record<string, string> = {
      billingEmail: "billing@acme.example",
      partnerAKey: pem,
      defaultPurpose: "travel",
    };
    const manifest = loadManifest(file, { stack: "dev", resolve: (_kind, name) => known[name] });
    expect(manifest.partnerKeys).toEqual({ "partner-a": { kid: "partner-a-2026", publicKeyPem: pem } });
  });

  it("reports a value the stack supplies that is invalid, without showing a secret's value", () => {
    const file = write(`${MANIFEST.replace('"${config:billingEmail}"', '"${secret:billingEmail}"')}`);
    const known: Record<string, string> = {
      billingEmail: "not-an-email-s3cr3t",
      partnerAKey: pem,
      defaultPurpose: "travel",
    };
    const { issues, manifest } = readManifest(file, { resolve: (_kind, name) => known[name] });
    expect(manifest).toBeUndefined();
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ line: 8, path: "legalEntities.acme-us.registeredEmail" });
    expect(JSON.stringify(issues)).not.toContain("s3cr3t");
  });

  it("validates offline with placeholders unresolved, and loadManifest then names them instead of 0 problems", () => {
    const file = write(MANIFEST);
    const result = readManifest(file);
    expect(result.issues).toEqual([]);
    expect(result.manifest).toBeUndefined();
    expect(result.unresolved.map((issue) => issue.path)).toEqual([
      "legalEntities.acme-us.registeredEmail",
      "partnerKeys.partner-a.publicKeyPem",
      "customFields.project.arms.everyone.action.value",
    ]);
    const error = loadError(file, {});
    expect(error.issues).toHaveLength(3);
    expect(error.message).toMatch(/^the tenant manifest has 3 problems:\n/);
    expect(error.message).toContain("pulumi config set partnerAKey <value>");
  });
});
