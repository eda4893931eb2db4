/**
 * The travel policy pack's checks, called as CrossGuard calls them (`validateResource`,
 * `validateStack`) with the arguments the engine would send, under both hosts' tokens: the
 * dynamic resources' `pulumi-nodejs:dynamic/travel:<Type>` and the plugin's `travel:index:<Type>`.
 * The real engine runs the pack in test/e2e/policy.test.ts.
 */
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type {
  PolicyResource,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationArgs,
  StackValidationPolicy,
} from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { generatePolicyDocs, POLICY_DOCS } from "../../scripts/gen-policy-docs";
import { dynamicTokenOf as tokenOf } from "../../src/provider/hosts/dynamic/token";
import { travelPolicies } from "../../src/policy/policies";
import type { Config, TravelPolicy } from "../../src/policy/policy-kit";
import { rotationDate } from "../../src/policy/resource-policies";
import { pluginTokenOf, travelTypeOf } from "../../src/policy/travel-type";
import { definitions } from "../../src/resources/registry";

const ROOT = resolve(__dirname, "..", "..");
const HOSTS = [
  ["dynamic resources", tokenOf],
  ["provider plugin", pluginTokenOf],
] as const;

const policy = (name: string): TravelPolicy => {
  const found = travelPolicies.find((p) => p.name === name);
  if (!found) throw new Error(`no policy ${name}`);
  return found;
};

const urnOf = (stack: string, token: string, name: string) =>
  `urn:pulumi:${stack}::tenant::${token}::${name}`;

/** The violations `validateResource` of policy `name` reports for one resource. */
function resourceViolations(
  name: string,
  token: string,
  props: Record<string, unknown>,
  options: { config?: Config; stack?: string; protect?: boolean; resourceName?: string } = {},
): string[] {
  const messages: string[] = [];
  const resourceName = options.resourceName ?? "r";
  const args = {
    type: token,
    name: resourceName,
    urn: urnOf(options.stack ?? "dev", token, resourceName),
    props,
    opts: { protect: options.protect ?? false, ignoreChanges: [], aliases: [], additionalSecretOutputs: [] },
    getConfig: () => options.config ?? {},
  } as unknown as ResourceValidationArgs;
  const validate = (policy(name) as ResourceValidationPolicy).validateResource;
  for (const check of Array.isArray(validate) ? validate : [validate])
    void check?.(args, (m) => messages.push(m));
  return messages;
}

/** A resource of the stack as `validateStack` gets it. */
function stackResource(
  token: string,
  name: string,
  props: Record<string, unknown>,
  propertyDependencies: Record<string, PolicyResource[]> = {},
): PolicyResource {
  return {
    type: token,
    name,
    urn: urnOf("dev", token, name),
    props,
    opts: { protect: false, ignoreChanges: [], aliases: [], additionalSecretOutputs: [] },
    dependencies: Object.values(propertyDependencies).flat(),
    propertyDependencies,
  } as unknown as PolicyResource;
}

/** The violations `validateStack` of policy `name` reports, as `<resource name>: <message>`. */
function stackViolations(name: string, resources: PolicyResource[]): string[] {
  const messages: string[] = [];
  const args = { resources, getConfig: () => ({}) } as unknown as StackValidationArgs;
  const byUrn = new Map(resources.map((r) => [r.urn, r.name]));
  void (policy(name) as StackValidationPolicy).validateStack(args, (m, urn) =>
    messages.push(`${byUrn.get(urn ?? "") ?? "stack"}: ${m}`),
  );
  return messages;
}

describe("travelTypeOf", () => {
  it("names the registry type of both hosts' tokens, and nothing else", () => {
    for (const type of Object.keys(definitions)) {
      expect(travelTypeOf(tokenOf(type))).toBe(type);
      expect(travelTypeOf(`travel:index:${type}`)).toBe(type);
    }
    expect(travelTypeOf("travel:index:Nothing")).toBeUndefined();
    expect(travelTypeOf("pulumi-nodejs:dynamic/other:Company")).toBeUndefined();
    expect(travelTypeOf("aws:s3/bucket:Bucket")).toBeUndefined();
  });
});

describe("the pack", () => {
  it("names each policy travel-…, with a description, a remediation and a default level", () => {
    for (const p of travelPolicies) {
      expect(p.name).toMatch(/^travel-[a-z-]+$/);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.remediationSteps).toBe(p.travel.remediation);
      expect(["advisory", "mandatory", "disabled"]).toContain(p.enforcementLevel);
      for (const type of p.travel.types) expect(definitions).toHaveProperty(type);
    }
    expect(new Set(travelPolicies.map((p) => p.name)).size).toBe(travelPolicies.length);
  });

  it("refuses a config property a policy does not take, naming it", () => {
    expect(() =>
      resourceViolations(
        "travel-api-user-role",
        tokenOf("ApiUser"),
        {},
        { config: { allowedRole: ["TMC_ADMIN"] } },
      ),
    ).toThrow(
      "policy config travel-api-user-role.allowedRole: no such property; travel-api-user-role takes enforcementLevel, allowedRoles",
    );
  });

  it("docs/policy.md holds the reference generated from the pack (npm run policy-docs)", async () => {
    const committed = readFileSync(join(ROOT, POLICY_DOCS), "utf8");
    expect(await generatePolicyDocs(committed)).toBe(committed);
  });

  it("ships as a directory the CLI starts: PulumiPolicy.yaml (nodejs) and a package.json of the package's version pointing at the built pack", () => {
    const pack = JSON.parse(readFileSync(join(ROOT, "policy", "package.json"), "utf8")) as Record<
      string,
      string
    >;
    const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      version: string;
      files: string[];
    };
    expect(pack.version).toBe(root.version);
    expect(pack.main).toBe("../dist/src/policy/pack.js");
    expect(root.files).toContain("policy");
    expect(readFileSync(join(ROOT, "policy", "PulumiPolicy.yaml"), "utf8")).toMatch(/^runtime: nodejs$/m);
  });
});

describe.each(HOSTS)("resource policies, %s", (_host, token) => {
  it("travel-api-user-role: TMC_ADMIN, given or by default, unless allowed", () => {
    const user = token("ApiUser");
    expect(resourceViolations("travel-api-user-role", user, {}, { resourceName: "ci-bot" })).toEqual([
      'ApiUser "ci-bot": role is TMC_ADMIN (the default, as role is not set), which acts for every company of the TMC; ' +
        'the organization allows COMPANY_ADMIN. Set role: "COMPANY_ADMIN" with orgId, or add TMC_ADMIN to travel-api-user-role\'s allowedRoles.',
    ]);
    expect(resourceViolations("travel-api-user-role", user, { role: "TMC_ADMIN" })).toHaveLength(1);
    expect(resourceViolations("travel-api-user-role", user, { role: "COMPANY_ADMIN", orgId: "c1" })).toEqual(
      [],
    );
    expect(
      resourceViolations(
        "travel-api-user-role",
        user,
        { role: "TMC_ADMIN" },
        { config: { allowedRoles: ["TMC_ADMIN"] } },
      ),
    ).toEqual([]);
    expect(resourceViolations("travel-api-user-role", token("Company"), { role: "TMC_ADMIN" })).toEqual([]);
  });

  it("travel-company-protect: an unprotected company in a production stack only", () => {
    const company = token("Company");
    expect(
      resourceViolations("travel-company-protect", company, {}, { stack: "acme-prod", resourceName: "acme" }),
    ).toEqual([
      'Company "acme": protect is not set in production stack acme-prod; pulumi destroy (or removing the resource) would ' +
        "delete the company and every object under it. Pass { protect: true } in its resource options.",
    ]);
    expect(
      resourceViolations("travel-company-protect", company, {}, { stack: "acme-prod", protect: true }),
    ).toEqual([]);
    expect(resourceViolations("travel-company-protect", company, {}, { stack: "acme-dev" })).toEqual([]);
    expect(
      resourceViolations(
        "travel-company-protect",
        company,
        {},
        { stack: "live", config: { productionStacks: ["live"] } },
      ),
    ).toHaveLength(1);
  });

  it("travel-external-id: every type with an externalId input", () => {
    for (const type of policy("travel-external-id").travel.types) {
      expect(definitions[type]?.inputs.shape).toHaveProperty("externalId");
      expect(resourceViolations("travel-external-id", token(type), { name: "x" })).toEqual([
        `${type} "r": externalId is not set; set it to your own stable identifier of the object.`,
      ]);
      expect(resourceViolations("travel-external-id", token(type), { externalId: "x-1" })).toEqual([]);
    }
    expect(resourceViolations("travel-external-id", token("Grade"), { name: "Staff" })).toEqual([]);
  });

  it("travel-rotation: never rotated, or longer ago than the interval; not a SCIM user, which cannot rotate", () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(resourceViolations("travel-rotation", token("TenantKey"), { companyId: "c1" })).toEqual([
      'TenantKey "r": rotation is not set, so it was never rotated; set rotation to today\'s date to rotate it on the next up.',
    ]);
    expect(
      resourceViolations("travel-rotation", token("TenantKey"), { companyId: "c1", rotation: today }),
    ).toEqual([]);
    const [old] = resourceViolations("travel-rotation", token("ApiUser"), { rotation: "2020-01" });
    expect(old).toMatch(
      /^ApiUser "r": rotation is 2020-01, \d+ days ago, longer than the 365 days travel-rotation allows/,
    );
    expect(
      resourceViolations("travel-rotation", token("ApiUser"), {
        role: "COMPANY_ADMIN",
        orgId: "c1",
        credentialType: "SCIM_TOKEN",
      }),
    ).toEqual([]);
    expect(resourceViolations("travel-rotation", token("ApiUser"), { rotation: "q3-secret" })).toEqual([]);
    expect(rotationDate("2026-11")?.toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });

  it("travel-partner-key: the format and the RSA modulus", () => {
    const key = (bits: number) =>
      generateKeyPairSync("rsa", { modulusLength: bits })
        .publicKey.export({ type: "spki", format: "pem" })
        .toString();
    const jwk = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" });
    const partner = token("PartnerPublicKey");
    expect(resourceViolations("travel-partner-key", partner, { kid: "k1", publicKeyPem: key(2048) })).toEqual(
      [],
    );
    expect(resourceViolations("travel-partner-key", partner, { kid: "k1", publicKeyPem: key(1024) })).toEqual(
      [
        'PartnerPublicKey "r": the key is RSA 1024 bits, below the 2048 bits travel-partner-key allows; register a larger key.',
      ],
    );
    expect(
      resourceViolations(
        "travel-partner-key",
        partner,
        { kid: "k1", jwk },
        { config: { allowedFormats: ["pem"] } },
      ),
    ).toEqual([
      'PartnerPublicKey "r": jwk gives the key as jwk, a format the organization does not allow (allowed: pem).',
    ]);
  });
});

describe.each(HOSTS)("stack policies, %s", (_host, token) => {
  const company = stackResource(token("Company"), "acme", { name: "Acme", companyId: "c-1" });
  const adopted = stackResource(token("Company"), "globex", { name: "Globex", adoptId: "c-2" });

  it("travel-company-legal-entity: a company no legal entity names", () => {
    const entity = stackResource(
      token("LegalEntity"),
      "acme-us",
      { companyId: "c-1" },
      { companyId: [company] },
    );
    expect(stackViolations("travel-company-legal-entity", [company, adopted, entity])).toEqual([
      'globex: Company "globex": no LegalEntity of the stack names this company (companyId); declare one for it.',
    ]);
  });

  it("travel-company-reference: a company of the stack named by its literal id", () => {
    const byOutput = stackResource(
      token("CostCenter"),
      "tps",
      { companyId: "c-1" },
      { companyId: [company] },
    );
    const byLiteral = stackResource(token("Grade"), "staff", { companyId: "c-2" });
    const user = stackResource(token("ApiUser"), "sync", { role: "COMPANY_ADMIN", orgId: "c-1" });
    const outside = stackResource(token("Grade"), "other", { companyId: "c-9" });
    expect(
      stackViolations("travel-company-reference", [company, adopted, byOutput, byLiteral, user, outside]),
    ).toEqual([
      'staff: Grade "staff": companyId names company "globex" of this stack by its literal id, so it has no dependency ' +
        "on it; pass globex's output (companyId: company.companyId) instead.",
      'sync: ApiUser "sync": orgId names company "acme" of this stack by its literal id, so it has no dependency on it; ' +
        "pass acme's output (companyId: company.companyId) instead.",
    ]);
  });

  it("travel-custom-field-arm: an enabled field no arm names", () => {
    const enabled = stackResource(token("CustomField"), "project", { companyId: "c-1", enabled: true });
    const withArm = stackResource(token("CustomField"), "purpose", {
      companyId: "c-1",
      enabled: true,
      customFieldId: "f-2",
    });
    const disabled = stackResource(token("CustomField"), "draft", { companyId: "c-1", enabled: false });
    const arm = stackResource(token("Arm"), "purpose-all", { customFieldId: "f-2" });
    expect(stackViolations("travel-custom-field-arm", [enabled, withArm, disabled, arm])).toEqual([
      'project: CustomField "project": enabled is true but no Arm of the stack names this field (customFieldId); declare one or disable it.',
    ]);
  });

  it("travel-field-order: only custom fields of the order's company and level", () => {
    const org = stackResource(
      token("CustomField"),
      "project",
      { companyId: "c-1", customFieldId: "f-1" },
      { companyId: [company] },
    );
    const tmc = stackResource(
      token("CustomField"),
      "region",
      { companyId: "c-1", companyRole: "TMC", customFieldId: "f-2" },
      { companyId: [company] },
    );
    const arm = stackResource(token("Arm"), "arm", { customFieldId: "f-1" });
    // The dynamic resources record fieldIds as a map (keyedInputs); the plugin sends the list.
    const fieldIds =
      token === tokenOf ? { "f-1": "first", "f-2": "after f-1", "f-9": "after f-2" } : ["f-1", "f-2", "f-9"];
    const order = stackResource(
      token("CustomFieldOrder"),
      "order",
      { companyId: "c-1", fieldIds },
      { companyId: [company], fieldIds: [arm] },
    );
    expect(stackViolations("travel-field-order", [company, org, tmc, arm, order])).toEqual([
      'order: CustomFieldOrder "order": fieldIds names an output of ' +
        token("Arm") +
        ' "arm", which is not a custom field.',
      'order: CustomFieldOrder "order": fieldIds names custom field "region" at TMC, but the order is at ORG.',
    ]);
  });
});
