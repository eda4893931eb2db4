/**
 * The manifest's checkout, access and credential sections through the real engine: a manifest with
 * custom fields (arms, options, order), the role assignments of a custom user group, an API user,
 * a partner key and the tenant key goes up against the emulator, which then holds exactly what the
 * manifest declares; an edit to the YAML (one more option, one role swapped) makes exactly that
 * change, every other resource the same; destroy leaves nothing of the tenant behind.
 */
import { generateKeyPairSync } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { PLATFORM_ROLES } from "../../src/emulator/rbac/seed";
import { clientFor, createCustomGroup } from "../support/live-emulator";
import { createEnvironment, type E2eEnvironment, e2eSkipReason } from "./harness";

const [, ARRANGER, REPORTS, TRAVELER] = PLATFORM_ROLES.map((role) => role.id);
const DEFAULT_PURPOSE = "Client visit, code 7Q-secret";

/** The manifest; the company and the user group exist before the first up, so they are named by id. */
const manifest = (ids: { companyId: string; groupId: string }, edited = false) => `
company:
  adoptId: ${ids.companyId}
  name: Initech
  billingCurrency: USD
legalEntities:
  initech-us:
    name: Initech US
    billingCurrency: USD
    address: { addressLines: [4120 Freidrich Lane], regionCode: US }
customFields:
  cost-code:
    name: Cost code
    enabled: true
    arms:
      us-staff:
        name: US staff
        action: { type: USER, userOptionSource: { type: MANUAL } }
        audiences: [{ predicates: [{ type: LEGAL_ENTITY, legalEntity: initech-us }] }]
        options:
          - { name: CC-100 }
          - { name: CC-200, description: Facilities }${edited ? "\n          - { name: CC-300 }" : ""}
  purpose:
    name: Trip purpose
    arms:
      default:
        name: Default purpose
        action: { type: AUTO, value: "\${secret:defaultPurpose}" }
customFieldOrder: [purpose, cost-code]
userGroupRoles:
  travel-managers:
    groupId: ${ids.groupId}
    roles:
      - roleId: ${ARRANGER}
        scope:
          audiences:
            - predicates:
                - { type: LEGAL_ENTITY, legalEntity: initech-us }
                - { type: COMPANY, company: true }
      - roleId: ${edited ? TRAVELER : REPORTS}
apiUsers:
  ci-bot: { role: COMPANY_ADMIN, rotation: "2026-11" }
partnerKeys:
  partner-a:
    kid: partner-a-2026
    publicKeyPem: "\${config:partnerAKey}"
tenantKey: {}
`;

const PROGRAM = `const { tenantFromManifest } = require("pulumi-travel");
const tenant = tenantFromManifest(require("path").join(__dirname, "tenant.yaml"));
exports.legalEntityId = tenant.legalEntities["initech-us"].legalEntityId;
exports.fieldIds = [tenant.customFields.purpose.customFieldId, tenant.customFields["cost-code"].customFieldId];
exports.armIds = [tenant.arms.purpose.default.armId, tenant.arms["cost-code"]["us-staff"].armId];
exports.optionGroupId = tenant.optionGroups["cost-code"]["us-staff"].optionGroupId;
exports.orderOf = tenant.customFieldOrder.companyId;
exports.groupId = tenant.userGroupRoles["travel-managers"].groupId;
exports.clientId = tenant.apiUsers["ci-bot"].clientId;
exports.keyId = tenant.partnerKeys["partner-a"].keyId;
exports.tenantKeyId = tenant.tenantKey.configId;
`;

type Records = Record<string, Record<string, unknown>>;

/** Calls that change nothing: reads, lists (POST .../list, a group's role list) and tokens. */
const isRead = (route: string) =>
  route.startsWith("GET ") || (route.startsWith("POST ") && /\/(list|roles|oauth2-token)$/.test(route));

describe.skipIf(e2eSkipReason() !== "")(
  "tenant manifest: checkout, access and credentials (real engine)",
  () => {
    let env: E2eEnvironment;
    let client: TravelClient;
    let companyId: string;
    let groupId: string;
    let outputs: Record<string, unknown> = {};
    const publicKeyPem = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .publicKey.export({ type: "spki", format: "pem" })
      .toString();

    const records = (collection: string): Record<string, unknown>[] =>
      Object.values((env.emulator.admin.snapshot().collections as Records)[collection] ?? {}) as Record<
        string,
        unknown
      >[];
    const ofCompany = (collection: string, key = "companyId") =>
      records(collection).filter((record) => record[key] === companyId);
    const up = async () => {
      const result = await env.stack.up();
      outputs = Object.fromEntries(Object.entries(result.outputs).map(([key, value]) => [key, value.value]));
      return result;
    };

    /** What the emulator holds for the tenant, in the manifest's terms. */
    const heldTenant = async () => {
      const [purposeId, costCodeId] = outputs.fieldIds as string[];
      const fieldList = await client.post<{ fields: { id: string; name: string; enabled: boolean }[] }>(
        apiPath`/v3/companies/${companyId}/custom-fields/list`,
        { query: { companyRole: "ORG" }, body: { paginationParams: {} }, idempotent: true },
      );
      const armsOf = async (fieldId: string) =>
        (
          await client.post<{ arms: Record<string, unknown>[] }>(
            apiPath`/v3/companies/${companyId}/custom-fields/${fieldId}/arms/list`,
            { body: {}, idempotent: true },
          )
        ).arms.map(({ name, action, audiences }) => ({ name, action, audiences }));
      const group = await client.get<{ options: unknown[] }>(
        apiPath`/v3/companies/${companyId}/custom-fields/${costCodeId ?? ""}/option-groups/${String(outputs.optionGroupId)}`,
      );
      const roles = await client.post<{ roles: { id: string; scope: unknown }[] }>(
        apiPath`/v3/companies/${companyId}/user-groups/${groupId}/roles`,
        { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
      );
      const keys = await client.get<{ keys: { kid: string; status: string }[] }>(
        apiPath`/v2/companies/${companyId}/partner-public-keys`,
        { query: { status: "ACTIVE" } },
      );
      return {
        fields: fieldList.fields.map(({ id, name, enabled }) => ({ id, name, enabled })),
        arms: { purpose: await armsOf(purposeId ?? ""), costCode: await armsOf(costCodeId ?? "") },
        options: group.options,
        roles: roles.roles.map(({ id, scope }) => ({ id, scope })).sort((a, b) => a.id.localeCompare(b.id)),
        apiUsers: ofCompany("apiUsers").map(({ clientId, role, credentialType }) => ({
          clientId,
          role,
          credentialType,
        })),
        partnerKeys: keys.keys.map(({ kid, status }) => ({ kid, status })),
        tenantKeys: ofCompany("tenantKeys").map(({ configId }) => configId),
      };
    };

    beforeAll(async () => {
      env = await createEnvironment("manifest-sections", PROGRAM, {
        "manifest-sections:partnerAKey": publicKeyPem,
      });
      await env.stack.setConfig("defaultPurpose", { value: DEFAULT_PURPOSE, secret: true });
      client = clientFor(env.emulator);
      ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
        body: { name: "Initech (before code)", billingCurrency: "USD", companyRoles: ["ORG"] },
      }));
      // The platform has no group-creation call in the spec: the emulator's admin API stands in for
      // the person who made the group, which is why the manifest names it by id.
      groupId = await createCustomGroup(env.emulator, companyId, "Travel managers");
      writeFileSync(join(env.programDir, "tenant.yaml"), manifest({ companyId, groupId }));
    });
    afterAll(async () => {
      await client?.close();
      await env?.dispose();
    });

    it("up declares every section, and the emulator holds exactly what the manifest declares", async () => {
      const result = await up();
      expect(result.summary.resourceChanges).toEqual({ create: 13 });
      const legalEntityId = String(outputs.legalEntityId);
      const [purposeId, costCodeId] = outputs.fieldIds as string[];
      expect(await heldTenant()).toEqual({
        fields: [
          { id: purposeId, name: "Trip purpose", enabled: false },
          { id: costCodeId, name: "Cost code", enabled: true },
        ],
        arms: {
          purpose: [
            { name: "Default purpose", action: { type: "AUTO", value: DEFAULT_PURPOSE }, audiences: [] },
          ],
          costCode: [
            {
              name: "US staff",
              action: { type: "USER", userOptionSource: { type: "MANUAL" } },
              audiences: [{ predicates: [{ type: "LEGAL_ENTITY", id: legalEntityId }] }],
            },
          ],
        },
        options: [{ name: "CC-100" }, { name: "CC-200", description: "Facilities" }],
        roles: [
          {
            id: ARRANGER,
            scope: {
              audiences: [
                {
                  predicates: [
                    { type: "LEGAL_ENTITY", id: legalEntityId },
                    { type: "COMPANY", id: companyId },
                  ],
                },
              ],
            },
          },
          { id: REPORTS, scope: { audiences: [] } },
        ].sort((a, b) => String(a.id).localeCompare(String(b.id))),
        apiUsers: [
          { clientId: outputs.clientId, role: "COMPANY_ADMIN", credentialType: "CLIENT_CREDENTIALS" },
        ],
        partnerKeys: [{ kid: "partner-a-2026", status: "ACTIVE" }],
        tenantKeys: [outputs.tenantKeyId],
      });
      expect(outputs.orderOf).toBe(companyId);
      expect(outputs.groupId).toBe(groupId);
    });

    it("keeps the secret arm value and the API user's secret encrypted in state", async () => {
      const stored = readdirSync(env.backendDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), "utf8"));
      expect(stored.some((text) => text.includes("partner-a-2026"))).toBe(true);
      expect(stored.filter((text) => text.includes(DEFAULT_PURPOSE))).toEqual([]);
      const { deployment } = (await env.stack.exportStack()) as {
        deployment: { resources: { type: string; outputs?: Record<string, unknown> }[] };
      };
      const byType = (type: string) =>
        deployment.resources.find((resource) => resource.type.endsWith(`:${type}`))?.outputs ?? {};
      // exportStack decrypts: a secret reads as { <signature>, plaintext }.
      expect(byType("ApiUser").clientSecret).toHaveProperty("plaintext");
      const autoArm = deployment.resources.find(
        (resource) => resource.type.endsWith(":Arm") && JSON.stringify(resource.outputs).includes("AUTO"),
      );
      expect(autoArm?.outputs?.action).toHaveProperty("plaintext");
    });

    // This up is also the second run over the first one's state: the 11 resources the edit leaves
    // alone show no changes. The two it edits show none after their own up in
    // arm-option-group-preview (OptionGroup) and lookups (a manifest's UserGroupRoles).
    it("an edit to the YAML (one more option, one role swapped) makes exactly that change", async () => {
      writeFileSync(join(env.programDir, "tenant.yaml"), manifest({ companyId, groupId }, true));
      const before = env.emulator.admin.lastRequestSeq;
      const result = await up();
      expect(result.summary.resourceChanges).toEqual({ same: 11, update: 2 });
      const writes = Object.entries(env.emulator.admin.requestCounts(before)).filter(
        ([route]) => !isRead(route),
      );
      expect(Object.fromEntries(writes)).toEqual({
        "PATCH /v3/companies/:companyId/custom-fields/:customFieldId/option-groups/:optionGroupId": 1,
        "PATCH /v3/companies/:companyId/user-groups/:groupId/roles": 1,
      });
      const held = await heldTenant();
      expect(held.options).toEqual([
        { name: "CC-100" },
        { name: "CC-200", description: "Facilities" },
        { name: "CC-300" },
      ]);
      expect(held.roles.map((role) => role.id).sort()).toEqual([ARRANGER, TRAVELER].sort());
    });

    it("destroy leaves nothing of the tenant behind", async () => {
      const clientId = String(outputs.clientId);
      await env.stack.destroy();
      const collections = env.emulator.admin.snapshot().collections as Records;
      expect(Object.keys(collections.companies ?? {})).not.toContain(companyId);
      expect(ofCompany("customFields")).toEqual([]);
      expect(ofCompany("customFieldArms")).toEqual([]);
      expect(ofCompany("userGroups")).toEqual([]);
      expect(ofCompany("partnerPublicKeys", "orgId").filter((key) => key.status === "ACTIVE")).toEqual([]);
      expect(ofCompany("tenantKeys")).toEqual([]);
      expect(Object.keys(collections.apiUsers ?? {})).not.toContain(clientId);
    });
  },
);
