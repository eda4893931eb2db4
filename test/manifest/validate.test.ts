/** Bad manifests, table-driven: each fails with the exact file, line, column and reason. */
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest, ManifestError, manifestJsonSchema, readManifest } from "../../src/manifest";

const dir = mkdtempSync(join(tmpdir(), "manifest-"));
let files = 0;

/** Writes `text` (and an overlay for stack `dev` when given) and reads it. */
function read(text: string, overlay?: string) {
  const file = join(dir, `tenant-${++files}.yaml`);
  writeFileSync(file, text);
  if (overlay !== undefined) writeFileSync(file.replace(/\.yaml$/, ".dev.yaml"), overlay);
  return { file, result: readManifest(file, { stack: "dev" }) };
}

const COMPANY = "company:\n  name: Acme\n  billingCurrency: USD\n";
const LE =
  "legalEntities:\n  acme-us:\n    name: Acme US\n    billingCurrency: USD\n    address: { addressLines: [x], regionCode: US }\n";

const FIELD = "customFields:\n  cost-code:\n    name: Cost code\n";

/** A PEM as a YAML block under `publicKeyPem: |` at entry depth. */
const pemBlock = (pem: string) =>
  `    publicKeyPem: |\n${pem
    .trim()
    .split("\n")
    .map((line) => `      ${line}`)
    .join("\n")}\n`;
const rsaKeys = (bits: number) => generateKeyPairSync("rsa", { modulusLength: bits });
const publicPem = (bits: number) =>
  rsaKeys(bits).publicKey.export({ type: "spki", format: "pem" }).toString();
const shortPem = publicPem(1024);
const privatePem = rsaKeys(2048).privateKey.export({ type: "pkcs8", format: "pem" }).toString();

const cases: {
  name: string;
  text: string;
  overlay?: string;
  expected: [number, number, string, string | RegExp][];
}[] = [
  {
    name: "an unknown key at the top level",
    text: `${COMPANY}tenantName: acme\n`,
    expected: [[4, 1, "tenantName", "is not a known property"]],
  },
  {
    name: "a typo in an entry's field",
    text: `${COMPANY}costCenters:\n  eng: { name: Eng, numberOfEmploees: 5 }\n`,
    expected: [[5, 21, "costCenters.eng.numberOfEmploees", "is not a known property"]],
  },
  {
    name: "a typo inside a config document (the vendor's schema, as check applies it)",
    text: `${COMPANY}configs:\n  enroll:\n    kind: enrollment\n    config: { termsAndConditions: Be nice., termsAndConditons: x }\n`,
    expected: [
      [
        7,
        64,
        "configs.enroll.config.termsAndConditons",
        "is not a property of the vendor's EnrollmentConfig schema; did you mean termsAndConditions?",
      ],
    ],
  },
  {
    name: "an adoptId that is not a uuid, where the vendor's path takes one",
    text: `${COMPANY}costCenters:\n  eng: { name: Eng, adoptId: cc-1 }\n`,
    expected: [
      [5, 30, "costCenters.eng.adoptId", /^must be a uuid\b.*\{costCenterId\} path parameter of PUT /],
    ],
  },
  {
    name: "a missing required field",
    text: "company:\n  billingCurrency: USD\n",
    expected: [[1, 1, "company.name", "is required"]],
  },
  {
    name: "a bad value",
    text: "company:\n  name: Acme\n  billingCurrency: dollars\n",
    expected: [[3, 20, "company.billingCurrency", "must be a 3-letter ISO 4217 code such as USD"]],
  },
  {
    name: "a dangling reference",
    text: `${COMPANY}${LE}offices:\n  hq: { legalEntity: acme-uk, name: HQ }\n`,
    expected: [
      [
        10,
        22,
        "offices.hq.legalEntity",
        /refers to legalEntities "acme-uk", which this manifest does not declare/,
      ],
    ],
  },
  {
    name: "a duplicate key",
    text: `${COMPANY}grades:\n  a: { name: A }\n  a: { name: B }\n`,
    expected: [[6, 3, "grades.a", "duplicate key (each key may appear once in a map)"]],
  },
  {
    name: "a key that cannot name a resource",
    text: `${COMPANY}grades:\n  Senior Staff: { name: A }\n`,
    expected: [[5, 3, "grades.Senior Staff", /is not a valid key: it must be lowercase letters/]],
  },
  {
    name: "a config document that does not fit its kind",
    text: `${COMPANY}configs:\n  brand:\n    kind: color\n    config: { primary: 12 }\n`,
    expected: [[5, 3, "configs.brand.companyRole", "is required for kind color"]],
  },
  {
    name: "an alias cycle",
    text: `${COMPANY}departments: &d\n  x: *d\n`,
    expected: [[5, 6, "departments.x", "the YAML alias refers to a map that contains it (a cycle)"]],
  },
  {
    name: "a YAML syntax error",
    text: `${COMPANY}grades: [a\n`,
    expected: [[5, 1, "(document)", /./]],
  },
  {
    name: "options on an arm that has no option group (not USER + MANUAL)",
    text: `${COMPANY}${FIELD}    arms:\n      auto: { name: Auto, action: { type: AUTO, value: x }, options: [{ name: A }] }\n`,
    expected: [
      [
        8,
        70,
        "customFields.cost-code.arms.auto.options",
        "apply only to USER arms with a MANUAL option source, which have an option group (this arm's action is AUTO)",
      ],
    ],
  },
  {
    name: "an unknown key in an arm",
    text: `${COMPANY}${FIELD}    arms:\n      pick: { name: Pick, action: { type: USER, userOptionSource: { type: MANUAL } }, optons: [] }\n`,
    expected: [[8, 87, "customFields.cost-code.arms.pick.optons", "is not a known property"]],
  },
  {
    name: "an option listed twice",
    text: `${COMPANY}${FIELD}    arms:\n      pick:\n        name: Pick\n        action: { type: USER, userOptionSource: { type: MANUAL } }\n        options: [{ name: A }, { name: A }]\n`,
    expected: [[11, 40, "customFields.cost-code.arms.pick.options[1].name", 'option "A" is listed twice']],
  },
  {
    name: "a field rule of the CustomField resource (a PARTNER_TMC field cannot be enabled)",
    text: `${COMPANY}customFields:\n  tmc-question: { name: Question, companyRole: PARTNER_TMC, enabled: true }\n`,
    expected: [
      [
        5,
        70,
        "customFields.tmc-question.enabled",
        "update-status accepts companyRole ORG or TMC only, so a PARTNER_TMC field cannot be enabled here",
      ],
    ],
  },
  {
    name: "two custom fields whose names differ only in case",
    text: `${COMPANY}${FIELD}  cost-code-2:\n    name: COST CODE\n`,
    expected: [
      [
        8,
        11,
        "customFields.cost-code-2.name",
        /"COST CODE" is also the name of entry "cost-code": names are unique per company/,
      ],
    ],
  },
  {
    name: "a dangling key and a duplicate in the custom field order",
    text: `${COMPANY}${FIELD}customFieldOrder: [cost-code, project, cost-code]\n`,
    expected: [
      [
        7,
        31,
        "customFieldOrder[1]",
        'refers to customFields "project", which this manifest does not declare (declared: cost-code)',
      ],
      [7, 40, "customFieldOrder[2]", "field cost-code is listed twice"],
    ],
  },
  {
    name: "a dangling legal entity in a role-scope predicate, and a role listed twice",
    text: `${COMPANY}userGroupRoles:\n  travel-managers:\n    groupId: ug-1\n    roles:\n      - roleId: role-1\n        scope: { audiences: [{ predicates: [{ type: LEGAL_ENTITY, legalEntity: acme-uk }] }] }\n      - roleId: role-1\n`,
    expected: [
      [
        9,
        80,
        "userGroupRoles.travel-managers.roles[0].scope.audiences[0].predicates[0].legalEntity",
        'refers to legalEntities "acme-uk", which this manifest does not declare',
      ],
      [10, 17, "userGroupRoles.travel-managers.roles[1].roleId", "role role-1 is listed twice"],
    ],
  },
  {
    name: "a dangling legal entity in an arm audience, and a legal entity on a COMPANY predicate",
    text: `${COMPANY}${LE}${FIELD}    arms:\n      us:\n        name: US\n        action: { type: AUTO }\n        audiences: [{ predicates: [{ type: LEGAL_ENTITY, legalEntity: acme-uk }, { type: COMPANY, legalEntity: acme-us }] }]\n`,
    expected: [
      [
        16,
        71,
        "customFields.cost-code.arms.us.audiences[0].predicates[0].legalEntity",
        'refers to legalEntities "acme-uk", which this manifest does not declare (declared: acme-us)',
      ],
      [
        16,
        112,
        "customFields.cost-code.arms.us.audiences[0].predicates[1].legalEntity",
        "applies only to type LEGAL_ENTITY",
      ],
    ],
  },
  {
    name: "the COMPANY_ADMIN-only rules of API users, and an orgId (implied by the manifest)",
    text: `${COMPANY}apiUsers:\n  scim: { credentialType: SCIM_TOKEN }\n  rotating-scim: { role: COMPANY_ADMIN, credentialType: SCIM_TOKEN, rotation: "2026-11" }\n  other-company: { role: COMPANY_ADMIN, orgId: c-1 }\n`,
    expected: [
      [5, 3, "apiUsers.scim.role", "must be COMPANY_ADMIN for credentialType SCIM_TOKEN"],
      [
        6,
        79,
        "apiUsers.rotating-scim.rotation",
        "applies only to CLIENT_CREDENTIALS: the platform cannot rotate a SCIM token (replace the resource instead)",
      ],
      [7, 41, "apiUsers.other-company.orgId", "is not a known property"],
    ],
  },
  {
    name: "a partner key with neither pem nor jwk, one with both, and a typo in tenantKey",
    text: `${COMPANY}partnerKeys:\n  partner-a: { kid: partner-a-2026 }\n  partner-b: { kid: partner-b-2026, publicKeyPem: "-----BEGIN PUBLIC KEY-----", jwk: { n: abc, e: AQAB } }\ntenantKey: { rotaton: "2026-11" }\n`,
    expected: [
      [5, 3, "partnerKeys.partner-a.publicKeyPem", "give exactly one of publicKeyPem and jwk"],
      [6, 51, "partnerKeys.partner-b.publicKeyPem", "give exactly one of publicKeyPem and jwk"],
      [7, 14, "tenantKey.rotaton", "is not a known property"],
    ],
  },
  {
    name: "partner keys whose material fails offline: unreadable, 1024 bits, private",
    text: `${COMPANY}partnerKeys:\n  garbled:\n    kid: garbled\n    publicKeyPem: "-----BEGIN PUBLIC KEY-----\\nnot a key\\n-----END PUBLIC KEY-----"\n  short:\n    kid: short\n${pemBlock(shortPem)}  leaky:\n    kid: leaky\n${pemBlock(privatePem)}`,
    expected: [
      [
        7,
        19,
        "partnerKeys.garbled.publicKeyPem",
        /^PartnerPublicKey garbled: publicKeyPem is not a readable public key/,
      ],
      [10, 19, "partnerKeys.short.publicKeyPem", "is a 1024-bit RSA key; the minimum is 2048 bits"],
      [
        13 + shortPem.trim().split("\n").length,
        19,
        "partnerKeys.leaky.publicKeyPem",
        "must be a PEM public key (never a private key)",
      ],
    ],
  },
  {
    name: "more new API users than the platform's quota per TMC, and two role sets for one group",
    text: `${COMPANY}apiUsers:\n${[1, 2, 3, 4, 5, 6, 7].map((n) => `  u${n}: {}\n`).join("")}  adopted: { adoptId: client-1 }\nuserGroupRoles:\n  a: { groupId: ug-1, roles: [] }\n  b: { groupId: ug-1, roles: [] }\n`,
    expected: [
      [10, 7, "apiUsers.u6", /^is new API user 6 of this file, but the platform allows 5 per TMC/],
      [11, 7, "apiUsers.u7", /^is new API user 7 of this file/],
      [
        15,
        17,
        "userGroupRoles.b.groupId",
        /^"ug-1" is also the groupId of entry "a": each UserGroupRoles owns every role of its group/,
      ],
    ],
  },
  {
    name: "a group and a role each by name and by id or by neither, and a role name listed twice",
    text: `${COMPANY}userGroupRoles:\n  desk:\n    group: Travel desk\n    groupId: ug-1\n    roles:\n      - scope: { audiences: [] }\n      - { role: Traveler, roleId: r-1 }\n      - role: Travel arranger\n      - role: Travel arranger\n  nobody:\n    roles: []\n`,
    expected: [
      [7, 14, "userGroupRoles.desk.groupId", "give one of group and groupId: each names the same object"],
      [9, 9, "userGroupRoles.desk.roles[0]", "needs role (the name) or roleId (the platform id)"],
      [
        10,
        35,
        "userGroupRoles.desk.roles[1].roleId",
        "give one of role and roleId: each names the same object",
      ],
      [12, 15, "userGroupRoles.desk.roles[3].role", 'role "Travel arranger" is listed twice'],
      [14, 5, "userGroupRoles.nobody", "needs group (the name) or groupId (the platform id)"],
    ],
  },
  {
    name: "errors in the base and the overlay, all in one pass",
    text: `${COMPANY}colour: red\n`,
    overlay: "company:\n  billingCurrency: EURO\n",
    expected: [
      [4, 1, "colour", "is not a known property"],
      [2, 20, "company.billingCurrency", "must be a 3-letter ISO 4217 code such as USD"],
    ],
  },
];

describe("manifest validation", () => {
  it.each(cases)("reports $name with its line, column and reason", ({ text, overlay, expected }) => {
    const { file, result } = read(text, overlay);
    expect(result.manifest).toBeUndefined();
    const got = result.issues.map((issue) => [
      issue.file,
      issue.line,
      issue.column,
      issue.path,
      issue.reason,
    ]);
    expect(got).toHaveLength(expected.length);
    expected.forEach(([line, column, path, reason], index) => {
      const [issueFile, issueLine, issueColumn, issuePath, issueReason] = got[index] ?? [];
      expect(issueFile).toBe(
        index === 0 || overlay === undefined ? file : file.replace(/\.yaml$/, ".dev.yaml"),
      );
      expect([issueLine, issueColumn, issuePath]).toEqual([line, column, path]);
      if (typeof reason === "string") expect(issueReason).toBe(reason);
      else expect(issueReason).toMatch(reason);
    });
  });

  it("throws one error listing every problem from loadManifest", () => {
    const { file } = read(`${COMPANY}colour: red\ngrades:\n  Bad: { name: x }\n`);
    const error = (() => {
      try {
        loadManifest(file);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ManifestError);
    expect((error as ManifestError).issues).toHaveLength(2);
    expect((error as Error).message).toContain(`${file}:4:1: colour: is not a known property`);
  });

  it("takes groups and roles by name as well as by id", () => {
    const { result } = read(
      `${COMPANY}userGroupRoles:\n  desk:\n    group: Travel desk\n    roles:\n      - role: Travel arranger\n      - roleId: r-1\n  ops: { groupId: ug-1, roles: [{ role: Traveler }] }\n`,
    );
    expect(result.issues).toEqual([]);
    expect(result.manifest?.userGroupRoles).toEqual({
      desk: {
        group: "Travel desk",
        roles: [
          { role: "Travel arranger", scope: { audiences: [] } },
          { roleId: "r-1", scope: { audiences: [] } },
        ],
      },
      ops: { groupId: "ug-1", roles: [{ role: "Traveler", scope: { audiences: [] } }] },
    });
  });

  it("lets a placeholder stand for a value the stack supplies", () => {
    const { result } = read(
      `${COMPANY}legalEntities:\n  us:\n    name: US\n    billingCurrency: USD\n    registeredEmail: "\${config:billingEmail}"\n    address: { addressLines: [x], regionCode: US }\n`,
    );
    expect(result.issues).toEqual([]);
  });

  it("merges the overlay: maps by key, lists replaced, null removes", () => {
    const { result } = read(
      `${COMPANY}  emailDomains: [a.example, b.example]\ngrades:\n  a: { name: A }\n  b: { name: B }\n`,
      "company:\n  name: Acme Dev\n  emailDomains: [dev.example]\ngrades:\n  b: null\n  c: { name: C }\n",
    );
    expect(result.issues).toEqual([]);
    expect(result.manifest?.company).toMatchObject({
      name: "Acme Dev",
      billingCurrency: "USD",
      emailDomains: ["dev.example"],
    });
    expect(result.manifest?.grades).toEqual({ a: { name: "A" }, c: { name: "C" } });
  });
});

describe("the example manifest and the JSON Schema", () => {
  const root = resolve(__dirname, "../..");

  it("examples/tenant/tenant.yaml is valid", () => {
    expect(readManifest(join(root, "examples/tenant/tenant.yaml")).issues).toEqual([]);
  });

  it("schemas/tenant-manifest.schema.json is the one generated from the zod schema (npm run manifest-schema)", () => {
    const committed = JSON.parse(
      readFileSync(join(root, "schemas/tenant-manifest.schema.json"), "utf8"),
    ) as unknown;
    expect(committed).toEqual(manifestJsonSchema());
  });
});
