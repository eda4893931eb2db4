/**
 * The answer mutator (src/contract/answer-variation.ts): every mutant of a company answer passes
 * the vendor's published schema and differs from the answer in its one place; each family shows
 * up; an array whose description speaks of order is never shuffled, a non-empty list never left
 * out; and `varyAnswer` with the same draws gives the same text.
 */
import { describe, expect, it } from "vitest";
import { answerMutants, publishedAnswer, VARIATION_FAMILIES, varyAnswer } from "../../src/contract";
import { seededRandom } from "../../src/emulator/core/random";

const ID = "4974a66b-7493-4f41-908c-58ba81093947";
const PATH = `/v2/companies/${ID}`;
const COMPANY = {
  id: { id: ID },
  name: "Acme",
  billingCurrency: "USD",
  companyRoles: ["ORG"],
  emailDomains: ["one.example", "two.example"],
  isSelfSignUpEnabled: false,
  postalAddress: { addressLines: ["1 Main Street", "Floor 2"], regionCode: "US" },
  phoneNumbers: [{ countryCode: 1, nationalNumber: 5550100 }],
};

describe("answer variation", () => {
  const { mutants, refused } = answerMutants("GET", PATH, 200, COMPANY, VARIATION_FAMILIES);
  const labels = mutants.map((mutant) => mutant.label);

  it("makes only answers the published schema accepts, each changed", () => {
    const answer = publishedAnswer("GET", PATH, 200);
    expect(answer).toBeDefined();
    for (const mutant of mutants) {
      expect(answer?.issues(JSON.parse(mutant.text)), mutant.label).toEqual([]);
      expect(mutant.text, mutant.label).not.toBe(JSON.stringify(COMPANY));
    }
    expect(refused).toBe(0);
  });

  it("varies in every family an answer can show", () => {
    const families = new Set(mutants.map((mutant) => mutant.family));
    expect([...families].sort()).toEqual(
      [
        "numberForms",
        "omitEmpty",
        "omitOptional",
        "shuffleUnordered",
        "undeclaredProperties",
        "undocumentedFields",
      ].sort(),
    );
    expect(labels).toContain("omitEmpty at isSelfSignUpEnabled");
    expect(labels).toContain("undeclaredProperties at postalAddress.variationExtra");
    expect(labels).toContain("undocumentedFields at phoneNumbers[0].countryCodeSource");
    expect(mutants.find((mutant) => mutant.family === "numberForms")?.text).toMatch(/:1\.0[,}]/);
  });

  it("keeps ordered arrays in order and never leaves out a non-empty list", () => {
    expect(labels).toContain("shuffleUnordered at emailDomains");
    expect(labels).not.toContain("shuffleUnordered at postalAddress.addressLines");
    expect(
      labels.filter((label) => /^omit\w+ at (emailDomains|companyRoles|phoneNumbers)$/.test(label)),
    ).toEqual([]);
  });

  it("replays: the same draws give the same answer", () => {
    const once = varyAnswer("GET", PATH, 200, COMPANY, seededRandom(5));
    const again = varyAnswer("GET", PATH, 200, COMPANY, seededRandom(5));
    expect(once?.applied.length ?? 0).toBeGreaterThan(0);
    expect(again?.text).toBe(once?.text);
    expect(varyAnswer("GET", "/v2/not-documented", 200, COMPANY, seededRandom(5))).toBeUndefined();
  });
});

describe("what a family may leave out (docs/api-decisions.md, issue 45 item 9)", () => {
  const labelsOf = (method: string, path: string, body: unknown) =>
    answerMutants(method, path, 200, body, VARIATION_FAMILIES).mutants.map((mutant) => mutant.label);

  it("leaves out identifiers in omitIds, and an externalId in omitOptional", () => {
    const keys = labelsOf("GET", `${PATH}/partner-public-keys`, {
      keys: [{ id: ID, kid: "k1", status: "ACTIVE", thumbprint: "t", orgId: ID }],
    });
    expect(keys).toEqual(
      expect.arrayContaining(["omitIds at keys[0].id", "omitIds at keys[0].kid", "omitIds at keys[0].orgId"]),
    );
    expect(keys).toContain("omitComputed at keys[0].thumbprint");
    const office = labelsOf("GET", `${PATH}/legal-entities/${ID}/offices/${ID}`, {
      id: ID,
      name: "HQ",
      externalId: "hq-1",
      address: { addressLines: ["1 Main Street"], regionCode: "US" },
    });
    expect(office).toContain("omitOptional at externalId");
    expect(office.filter((label) => label.startsWith("omitIds at externalId"))).toEqual([]);
  });

  it("never leaves out what the documents say is present: an API user's clientId and its secret", () => {
    const created = labelsOf("POST", "/v2/api-users", { clientId: "c1", clientSecret: "s1" });
    const listed = labelsOf("GET", "/v2/api-users", { apiUsers: [{ clientId: "c1" }, { clientId: "c2" }] });
    // "New clientSecret (returned once)": the platform's description of a rotation.
    const rotated = labelsOf("POST", "/v2/api-users/rotate", { clientId: "c1", clientSecret: "s2" });
    expect([...created, ...listed].filter((label) => /^omit\w+ at .*client(Id|Secret)$/.test(label))).toEqual(
      [],
    );
    expect(rotated.filter((label) => /^omit\w+ at clientSecret$/.test(label))).toEqual([]);
    expect(listed).toContain("shuffleUnordered at apiUsers");
  });
});
