/**
 * The vendor contract (src/contract): the shipped documents are the vendor's, byte for byte; a
 * concrete path finds its documented operation; bodies and answers are judged by the documents,
 * closed at every depth, with the JSON path and a reason for each issue.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  type ContractIssue,
  formatIssuePath,
  VENDOR_DOCUMENT_FILES,
  vendorDocumentsFolder,
  vendorOperation,
  vendorOperations,
  vendorPathIssues,
  vendorQueryIssues,
  vendorRequestIssues,
  vendorRequestSchema,
  vendorResponseIssues,
} from "../../src/contract";

const COMPANY = "4974a66b-7493-4f41-908c-58ba81093947";
const OTHER = "8f1c6a2e-93b1-4d7e-a0c5-2b6f7e9d1a34";
const ADDRESS = { addressLines: ["1 Main St"], regionCode: "US" };

/** The digests vendor-api/README.md publishes. */
const DIGESTS = {
  company: "b618e31b0b03f6ec27b6b5844dab29986ac31dee3f23e957e6cb9983594203f8",
  auth: "532e29c51c2134f4a5667b106a00b97f601b7c82b41f9eed4eb02206679c4839",
} as const;

describe("the vendor documents", () => {
  it.each(Object.entries(DIGESTS))(
    "%s is the vendor's file, unmodified, with its digest in the README",
    (name, digest) => {
      const file = VENDOR_DOCUMENT_FILES[name as keyof typeof DIGESTS];
      const bytes = readFileSync(join(vendorDocumentsFolder(), file));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(digest);
      expect(readFileSync(join(vendorDocumentsFolder(), "README.md"), "utf8")).toContain(digest);
    },
  );

  it("ships in the npm package", () => {
    const manifest = JSON.parse(
      readFileSync(join(vendorDocumentsFolder(), "..", "package.json"), "utf8"),
    ) as {
      files: string[];
    };
    expect(manifest.files).toContain("vendor-api");
  });

  it("indexes every operation of both documents", () => {
    const operations = vendorOperations();
    expect(operations.filter((operation) => operation.document === "auth")).toHaveLength(5);
    expect(operations.length).toBeGreaterThan(60);
  });
});

describe("vendorOperation", () => {
  it.each([
    ["GET", `/v2/companies/${COMPANY}`, "/v2/companies/{companyId}"],
    ["PUT", `/v2/companies/${COMPANY}/grades/12?x=1`, "/v2/companies/{companyId}/grades/{gradeId}"],
    ["POST", `/v2/companies/${COMPANY}/grades/list`, "/v2/companies/{companyId}/grades/list"],
    ["GET", `/v2/companies/${COMPANY}/grades/list`, "/v2/companies/{companyId}/grades/{gradeId}"],
    ["post", "/v2/auth/oauth2-token", "/v2/auth/oauth2-token"],
    [
      "POST",
      `/v2/companies/${COMPANY}/legal-entities/${OTHER}/offices/`,
      "/v2/companies/{companyId}/legal-entities/{legalEntityId}/offices",
    ],
  ])("%s %s is %s", (method, path, template) => {
    expect(vendorOperation(method, path)?.pathTemplate).toBe(template);
  });

  it.each([
    ["POST", `/v3/companies/${COMPANY}/custom-fields`],
    ["POST", `/v2/companies/${COMPANY}/grades/12`],
    ["GET", "/v2/companies//grades"],
    ["POST", "/get-auth-token"],
  ])("%s %s is not documented", (method, path) => {
    expect(vendorOperation(method, path)).toBeUndefined();
  });

  it("reads the operation's body, answers and token requirement", () => {
    const operation = vendorOperation("POST", "/v2/auth/oauth2-token");
    expect(operation?.request?.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.keys(operation?.responses ?? {})).toEqual(["200", "403"]);
    expect(operation?.requiresToken).toBe(false);
    expect(vendorOperation("GET", `/v2/companies/${COMPANY}`)?.requiresToken).toBe(true);
  });
});

const grade = `/v2/companies/${COMPANY}/grades/${OTHER}`;
const entity = `/v2/companies/${COMPANY}/legal-entities`;
const managers = `/v2/companies/${COMPANY}/managers-config`;
const companies = "/v2/companies";
const validCompany = { name: "Acme", billingCurrency: "USD", companyRoles: ["ORG"] };

const requestCases: [string, string, string, unknown, ContractIssue[]][] = [
  ["a valid grade", "PUT", grade, { name: "L5" }, []],
  ["a grade carrying id", "PUT", grade, { name: "L5", id: OTHER }, [undeclared(["id"])]],
  [
    "a grade without name",
    "POST",
    `/v2/companies/${COMPANY}/grades`,
    {},
    [{ path: ["name"], message: "is required" }],
  ],
  [
    "a grade name of the wrong type",
    "PUT",
    grade,
    { name: 5 },
    [{ path: ["name"], message: "must be a string" }],
  ],
  ["a valid legal entity", "POST", entity, { name: "Acme", billingCurrency: "USD", address: ADDRESS }, []],
  [
    "a misspelt key one object down",
    "POST",
    entity,
    { name: "Acme", billingCurrency: "USD", address: { adressLines: ["1 Main St"], regionCode: "US" } },
    [
      { path: ["address", "addressLines"], message: "is required" },
      {
        path: ["address", "adressLines"],
        message: "is not a property of the vendor's PostalAddress schema; did you mean addressLines?",
      },
    ],
  ],
  [
    "address.revision as a string",
    "POST",
    entity,
    { name: "Acme", billingCurrency: "USD", address: { ...ADDRESS, revision: "1" } },
    [{ path: ["address", "revision"], message: "must be an integer" }],
  ],
  [
    "a manager id that is not a uuid, inside an array",
    "PUT",
    managers,
    { accountManagers: [{ id: "mgr-1" }] },
    [
      {
        path: ["accountManagers", 0, "id"],
        message: expect.stringMatching(/^must be a uuid/),
      },
    ],
  ],
  ["a valid company", "POST", companies, validCompany, []],
  [
    "an enum value that does not exist",
    "POST",
    companies,
    { ...validCompany, companyRoles: ["OWNER"] },
    [{ path: ["companyRoles", 0], message: expect.stringMatching(/^must be one of: /) }],
  ],
  [
    "an email that is not one",
    "POST",
    companies,
    { ...validCompany, emergencyContactInfos: [{ email: "nope" }] },
    [{ path: ["emergencyContactInfos", 0, "email"], message: "must be an email address" }],
  ],
  [
    "an object sent as an object where an array is documented",
    "POST",
    companies,
    { ...validCompany, emergencyContactInfos: { email: "a@b.c" } },
    [{ path: ["emergencyContactInfos"], message: "must be an array" }],
  ],
  ["a missing body", "POST", companies, undefined, [{ path: [], message: "a request body is required" }]],
  [
    "a route the vendor does not document",
    "POST",
    `/v3/companies/${COMPANY}/custom-fields`,
    { anything: 1 },
    [],
  ],
  [
    "a token request with a parameter the vendor does not name (RFC 6749: ignored)",
    "POST",
    "/v2/auth/oauth2-token",
    { grant_type: "client_credentials", client_id: "a", client_secret: "b", resource: "x" },
    [],
  ],
  [
    "a valid token request (form fields)",
    "POST",
    "/v2/auth/oauth2-token",
    { grant_type: "client_credentials", client_id: "a", client_secret: "b" },
    [],
  ],
];

describe("vendorRequestIssues", () => {
  it.each(requestCases)("%s", (_name, method, path, body, issues) => {
    expect(vendorRequestIssues(method, path, body)).toEqual(issues);
  });

  it("names an undeclared key inside a discriminated alternative's nested object", () => {
    const issues = vendorRequestIssues("POST", companies, {
      ...validCompany,
      oauthPartnerConfig: {
        tokenVerifier: { verifierDetails: { oktaJwtVerifier: { oauthUrl: "u", audiance: "x" } } },
      },
    });
    expect(issues).toContainEqual({
      path: ["oauthPartnerConfig", "tokenVerifier", "verifierDetails", "oktaJwtVerifier", "audiance"],
      message: expect.stringContaining("did you mean audience?"),
    });
  });
});

describe("vendorResponseIssues", () => {
  const error = { debugIdentifier: "d", errorMessages: [{ errorCode: "GRADE_NOT_FOUND", message: "gone" }] };
  it.each([
    ["a valid grade", 200, { id: OTHER, name: "L5" }, []],
    [
      "a grade with a field the vendor does not declare",
      200,
      { id: OTHER, name: "L5", level: 3 },
      [undeclared(["level"], "GradeV2")],
    ],
    ["the documented error body", 404, error, []],
    ["an error body with an extra field", 404, { ...error, status: 404 }, [undeclared(["status"])]],
    [
      "a status the vendor does not document",
      409,
      error,
      [{ path: [], message: expect.stringMatching(/^status 409 is not documented/) as unknown as string }],
    ],
  ])("GET grade: %s", (_name, status, body, issues) => {
    expect(vendorResponseIssues("GET", grade, status, body)).toEqual(issues);
  });

  it("wants no body where the vendor documents none, and a body where it documents one", () => {
    expect(vendorResponseIssues("DELETE", grade, 200, undefined)).toEqual([]);
    expect(vendorResponseIssues("DELETE", grade, 200, { ok: true })).toHaveLength(1);
    expect(vendorResponseIssues("GET", grade, 200, undefined)).toHaveLength(1);
  });

  it("lets a discriminator pick one alternative, closed with its parent's properties", () => {
    const charge = (feeInfo: object) => ({
      serviceCharges: [
        {
          entity: { entityType: "TRIP", entityId: "1234567890" },
          serviceChargeType: "TMC_CHARGE",
          serviceType: "AGENT_CONTACT",
          charge: { amount: money, taxes: [], totalAmount: money, feeInfo },
          transactionTime: { iso8601: "2026-11-23T19:58Z" },
          paymentStatus: "SUCCESS",
        },
      ],
    });
    const money = { amount: 10, currencyCode: "USD" };
    const path = `/v2/service-charge/TRIP/1234567890/types/TMC_CHARGE/list`;
    const trip = { feeType: "BOOKING_FEE", bookingFeeType: "TRIP_FEE", calculatedAmount: money };
    expect(vendorResponseIssues("POST", path, 200, charge(trip))).toEqual([]);
    const typo = vendorResponseIssues("POST", path, 200, charge({ ...trip, calculatedAmmount: money }));
    expect(typo.map((issue) => formatIssuePath(issue.path))).toContain(
      "serviceCharges[0].charge.feeInfo.calculatedAmmount",
    );
  });
});

describe("vendorQueryIssues", () => {
  it("reads strings as the declared types and checks enums; undeclared parameters pass", () => {
    expect(vendorQueryIssues("GET", companies, { offset: "10", limit: "5", other: "x" })).toEqual([]);
    expect(vendorQueryIssues("GET", companies, { limit: "many" })).toEqual([
      { path: ["limit"], message: "must be an integer" },
    ]);
    expect(vendorQueryIssues("GET", companies, { companyRole: "OWNER" })).toEqual([
      { path: ["companyRole", 0], message: expect.stringMatching(/^must be one of: /) },
    ]);
  });
});

describe("vendorPathIssues", () => {
  const uuidIssue = (name: string, route: string) => ({
    path: [name],
    message: expect.stringMatching(
      new RegExp(
        `^must be a uuid\\b.*\\(the vendor's \\{${name}\\} path parameter of ${route.replace(/[{}/]/g, "\\$&")}\\)$`,
      ),
    ),
  });

  it("refuses a parameter the vendor types as a uuid that is not one, by name", () => {
    expect(vendorPathIssues("POST", "/v2/companies/acme/grades")).toEqual([
      uuidIssue("companyId", "POST /v2/companies/{companyId}/grades"),
    ]);
    expect(
      vendorPathIssues("PUT", `/v2/companies/${COMPANY}/legal-entities/le%201/offices/${OTHER}`),
    ).toEqual([
      uuidIssue(
        "legalEntityId",
        "PUT /v2/companies/{companyId}/legal-entities/{legalEntityId}/offices/{officeId}",
      ),
    ]);
  });

  it("accepts uuids, parameters typed as plain strings, and routes the vendor does not document", () => {
    expect(vendorPathIssues("PUT", `/v2/companies/${COMPANY}/grades/${OTHER}`)).toEqual([]);
    expect(vendorPathIssues("GET", "/v2/companies/acme")).toEqual([]);
    expect(vendorPathIssues("DELETE", `/v2/companies/${COMPANY}/partner-public-keys/partner-1`)).toEqual([]);
    expect(vendorPathIssues("POST", "/v3/companies/acme/custom-fields")).toEqual([]);
  });
});

describe("vendorRequestSchema", () => {
  it("is the self-contained, closed schema of the request body", () => {
    const schema = vendorRequestSchema("POST", "/v2/companies") as {
      properties: Record<string, unknown>;
      required: string[];
      unevaluatedProperties: boolean;
      $defs: Record<string, { unevaluatedProperties?: boolean }>;
    };
    expect(Object.keys(schema.properties)).toHaveLength(33);
    expect(schema.required).toEqual(["name", "billingCurrency", "companyRoles"]);
    expect(schema.unevaluatedProperties).toBe(false);
    expect(schema.$defs.PostalAddress?.unevaluatedProperties).toBe(false);
    expect(JSON.stringify(schema)).not.toMatch(/#\/components\/|"x-/);
  });

  it("is undefined where no body is documented", () => {
    expect(vendorRequestSchema("GET", "/v2/companies/{companyId}")).toBeUndefined();
    expect(vendorRequestSchema("POST", "/v3/companies/{companyId}/custom-fields")).toBeUndefined();
  });
});

describe("compilation", () => {
  it("compiles an operation's schema once, on its first check", async () => {
    // A module of its own: the worker's may have compiled this schema for an earlier file.
    vi.resetModules();
    const contract = await import("../../src/contract/index.js");
    const path = `/v2/companies/${COMPANY}/departments/${OTHER}`;
    expect(contract.compiledSchemaCount()).toBe(0);
    contract.vendorRequestIssues("PUT", path, { id: OTHER, name: "Sales" });
    expect(contract.compiledSchemaCount()).toBe(1);
    contract.vendorRequestIssues("PUT", path, { id: OTHER, name: "Finance" });
    expect(contract.compiledSchemaCount()).toBe(1);
  });

  it("compiles every documented schema, request and answers", () => {
    for (const operation of vendorOperations()) {
      const path = operation.pathTemplate.replace(/\{[^}]+\}/g, COMPANY);
      if (operation.request) expect(() => vendorRequestIssues(operation.method, path, {})).not.toThrow();
      for (const status of Object.keys(operation.responses)) {
        expect(() => vendorResponseIssues(operation.method, path, Number(status), {})).not.toThrow();
      }
    }
  });
});

function undeclared(path: (string | number)[], schema?: string): ContractIssue {
  return {
    path,
    message: expect.stringMatching(
      new RegExp(`^is not a property of the vendor's${schema ? ` ${schema}` : ".*"} schema`),
    ),
  };
}
