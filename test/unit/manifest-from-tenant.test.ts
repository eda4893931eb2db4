/** The export's pure part: keys, references, secrets, and sections the manifest does not have yet. */
import { describe, expect, it } from "vitest";
import {
  currentExportShape,
  type ExportShape,
  manifestFromTenant,
  manifestYaml,
} from "../../src/cli/manifest-from-tenant";
import { manifestKeys, slug } from "../../src/cli/manifest-keys";
import type { Entity } from "../../src/provider/model/tenant-facts";
import { definitions } from "../../src/resources/registry";
import type { ReadObject, TenantSnapshot } from "../../src/tenant/read-tenant";

type Listed = Entity | [Entity, Record<string, string>];

/** A snapshot of company `co-1` holding `objects` by type (each optionally with its parent ids). */
function snapshot(objects: Record<string, Listed[]> = {}): TenantSnapshot {
  const read = (listed: Listed): ReadObject => {
    const [entity, parents] = Array.isArray(listed) ? listed : [listed, {}];
    return { entity, parents: { companyId: "co-1", ...parents } };
  };
  return {
    companyId: "co-1",
    company: { id: "co-1", name: "Acme", billingCurrency: "USD", companyRoles: ["ORG"], isActive: true },
    objects: Object.fromEntries(Object.entries(objects).map(([type, listed]) => [type, listed.map(read)])),
  };
}

/** The registry's export shape, with the secret inputs overridden. */
const shape = (overrides: Partial<ExportShape> = {}): ExportShape => ({
  ...currentExportShape(definitions),
  secretInputs: {},
  ...overrides,
});

describe("manifest keys", () => {
  it.each([
    ["Acme US Inc.", "acme-us-inc"],
    ["  Zürich Büro ", "zurich-buro"],
    ["CC_100/West", "cc-100-west"],
    ["---", ""],
    ["x".repeat(80), "x".repeat(63)],
  ])("slug(%j) is %j", (text, expected) => {
    expect(slug(text)).toBe(expected);
  });

  it("prefers the externalId, numbers clashes by id, and does not depend on the listing order", () => {
    const objects = [
      { id: "b", name: "Sales" },
      { id: "a", name: "Sales" },
      { id: "c", name: "Sales 2" },
      { id: "d", name: "Ignored", externalId: "CC-9" },
      { id: "e", name: "!!!" },
    ];
    const expected = new Map([
      ["a", "sales"],
      ["b", "sales-3"],
      ["c", "sales-2"],
      ["d", "cc-9"],
      ["e", "cost-center"],
    ]);
    expect(manifestKeys(objects, "cost-center")).toEqual(expected);
    expect(manifestKeys([...objects].reverse(), "cost-center")).toEqual(expected);
  });
});

describe("manifestFromTenant", () => {
  it("writes adoptIds, refers by key, leaves out what the resource does not take", () => {
    const result = manifestFromTenant(
      snapshot({
        LegalEntity: [{ id: "le-1", name: "Acme US", billingCurrency: "USD", bookingTmcRef: { id: "t" } }],
        Office: [[{ id: "of-1", name: "HQ" }, { legalEntityId: "le-1" }]],
        CostCenter: [{ id: "cc-1", name: "Ops", numberOfEmployees: 4 }],
      }),
      shape(),
    );
    expect(result.document.company).toEqual({
      name: "Acme",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      adoptId: "co-1",
    });
    expect(result.document.legalEntities).toEqual({
      "acme-us": { name: "Acme US", billingCurrency: "USD", adoptId: "le-1" },
    });
    expect(result.document.offices).toEqual({ hq: { legalEntity: "acme-us", name: "HQ", adoptId: "of-1" } });
    expect(result.document.costCenters).toEqual({ ops: { name: "Ops", adoptId: "cc-1" } });
  });

  it("never writes a secret input: a placeholder, and the command to set it", () => {
    const result = manifestFromTenant(
      snapshot({
        LegalEntity: [
          { id: "le-1", name: "Acme US", billingCurrency: "USD", ein: "12-3456789" },
          { id: "le-2", name: "Acme UK", billingCurrency: "GBP" },
        ],
      }),
      shape({ secretInputs: { legalEntities: ["ein"] } }),
    );
    const text = manifestYaml(result.document, "co-1");
    expect(text).not.toContain("12-3456789");
    expect(text).toContain("ein: ${secret:legalEntities-acme-us-ein}");
    expect(result.stackValues).toEqual([
      { name: "legalEntities-acme-us-ein", path: "legalEntities.acme-us.ein", secret: true },
    ]);
  });

  it("writes custom fields with arms and options, their order, group roles by key, partner keys", () => {
    const result = manifestFromTenant(
      snapshot({
        LegalEntity: [{ id: "le-1", name: "Acme US", billingCurrency: "USD" }],
        CustomField: [
          {
            id: "cf-2",
            name: "Project",
            description: "Which project",
            definedAt: "ORG",
            companyRole: "ORG",
            enabled: true,
          },
          { id: "cf-1", name: "Cost code", companyRole: "ORG", enabled: false },
        ],
        Arm: [
          [
            {
              id: "arm-1",
              name: "Everyone",
              action: { type: "USER", userOptionSource: { type: "MANUAL" } },
              audiences: [{ predicates: [{ type: "LEGAL_ENTITY", id: "le-1" }], tag: "x" }],
              optionGroupId: "og-1",
            },
            { customFieldId: "cf-2" },
          ],
        ],
        OptionGroup: [
          [
            { id: "og-1", options: [{ name: "P-1" }, { name: "P-2", description: "second" }] },
            { customFieldId: "cf-2", optionGroupId: "og-1" },
          ],
        ],
        CustomFieldOrder: [{ id: "co-1", companyRole: "ORG", fieldIds: ["cf-2", "cf-1"] }],
        UserGroupRoles: [
          {
            id: "ug-1",
            name: "Travel desk",
            roles: [
              {
                roleId: "r-1",
                scope: {
                  audiences: [
                    {
                      predicates: [
                        { type: "LEGAL_ENTITY", id: "le-1" },
                        { type: "COMPANY", id: "co-1" },
                        { type: "LEGAL_ENTITY", id: "le-elsewhere" },
                      ],
                    },
                  ],
                },
              },
              { roleId: "r-2", scope: { audiences: [] } },
            ],
          },
          {
            id: "ug-2",
            name: "Approvers",
            uniqueName: "Approvers",
            roles: [
              { roleId: "r-1", scope: { audiences: [] } },
              { roleId: "r-2", scope: { audiences: [] } },
            ],
            uniqueRoleNames: { "r-2": "Travel arranger" },
          },
        ],
        PartnerPublicKey: [{ id: "pk-1", kid: "Partner-A 2026", name: "Partner-A 2026", thumbprint: "tp" }],
      }),
      shape(),
    );
    expect(result.document.customFields).toEqual({
      project: {
        name: "Project",
        description: "Which project",
        enabled: true,
        adoptId: "cf-2",
        arms: {
          everyone: {
            name: "Everyone",
            action: { type: "USER", userOptionSource: { type: "MANUAL" } },
            audiences: [{ predicates: [{ type: "LEGAL_ENTITY", legalEntity: "acme-us" }], tag: "x" }],
            adoptId: "arm-1",
            options: [{ name: "P-1" }, { name: "P-2", description: "second" }],
          },
        },
      },
      "cost-code": { name: "Cost code", enabled: false, adoptId: "cf-1" },
    });
    expect(result.document.customFieldOrder).toEqual(["project", "cost-code"]);
    expect(result.document.userGroupRoles).toEqual({
      "travel-desk": {
        groupId: "ug-1",
        roles: [
          {
            roleId: "r-1",
            scope: {
              audiences: [
                {
                  predicates: [
                    { type: "LEGAL_ENTITY", legalEntity: "acme-us" },
                    { type: "COMPANY", company: true },
                    { type: "LEGAL_ENTITY", id: "le-elsewhere" },
                  ],
                },
              ],
            },
          },
          { roleId: "r-2", scope: { audiences: [] } },
        ],
      },
      // Names that name one group or role alone are written instead of the ids.
      approvers: {
        group: "Approvers",
        roles: [
          { roleId: "r-1", scope: { audiences: [] } },
          { role: "Travel arranger", scope: { audiences: [] } },
        ],
      },
    });
    expect(result.document.partnerKeys).toEqual({
      "partner-a-2026": {
        kid: "Partner-A 2026",
        publicKeyPem: "${config:partnerKeys-partner-a-2026-publicKeyPem}",
        adoptId: "pk-1",
      },
    });
    expect(result.stackValues).toEqual([
      {
        name: "partnerKeys-partner-a-2026-publicKeyPem",
        path: "partnerKeys.partner-a-2026.publicKeyPem",
        secret: false,
      },
    ]);
  });

  it("notes what it leaves out: unknown features, API users, the tenant key", () => {
    const result = manifestFromTenant(
      snapshot({
        CompanyFeatures: [
          {
            id: "co-1",
            features: [
              { name: "FEATURE_PERSONAL_TRAVEL", value: "true" },
              { name: "FEATURE_FROM_THE_FUTURE", value: "1" },
            ],
          },
        ],
      }),
      shape(),
    );
    expect(result.document.features).toEqual({ FEATURE_PERSONAL_TRAVEL: "true" });
    expect(result.notes).toEqual([
      "features: FEATURE_FROM_THE_FUTURE left out: not feature names this version knows",
      expect.stringMatching(/^apiUsers: not exported/),
      expect.stringMatching(/^tenantKey: not exported/),
    ]);
  });

  it("renders sorted keys at every level, so the same tenant gives the same text", () => {
    const text = manifestYaml(
      { grades: { b: { name: "B" }, a: { name: "A" } }, company: { name: "Z" } },
      "co",
    );
    expect(text.split("\n").filter((line) => !line.startsWith("#"))).toEqual([
      "company:",
      "  name: Z",
      "grades:",
      "  a:",
      "    name: A",
      "  b:",
      "    name: B",
      "",
    ]);
  });
});
