/**
 * Every answer of the emulator on a vendor-documented route matches the vendor's documents: for
 * each documented operation, the answer to a valid request, and the error answers the documents
 * define (401 without a token, 404 for an object that does not exist, 400 for a body that breaks
 * the schema) have a documented status and a body that matches its schema, closed at every depth.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type VendorOperation, vendorOperations, vendorResponseIssues } from "../../src/contract";
import { vendorMutants } from "../support/vendor-samples";
import { useFixture } from "./fixtures";
import { call, createCompany } from "./helpers";
import { orgFixture, type OrgFixture } from "./org-helpers";
import { vendorRequest } from "./vendor-requests";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Writes first, then reads, then deletes, so that a read finds what a write stored. The form token
 * request and the multipart upload have tests of their own (auth, vendor preferences).
 */
const RANK: Record<string, number> = { GET: 1, DELETE: 2 };
const operations = vendorOperations()
  .filter(
    (operation) => operation.request === undefined || operation.request.contentType === "application/json",
  )
  .sort((a, b) => (RANK[a.method] ?? 0) - (RANK[b.method] ?? 0));

/** A valid request; deleting a company needs one without children. */
async function validRequest(fx: OrgFixture, operation: VendorOperation) {
  const request = await vendorRequest(fx, operation);
  if (operation.method !== "DELETE" || operation.pathTemplate !== "/v2/companies/{companyId}") return request;
  return { ...request, url: `/v2/companies/${await createCompany(fx.emu, fx.token, { name: "Empty" })}` };
}

describe("the emulator's answers on vendor-documented routes", () => {
  const fx = useFixture(orgFixture);

  it("answers every valid request with a documented status and body", async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const { url, sample } = await validRequest(fx, operation);
      const response = await call(fx.emu, fx.token, operation.method as Method, url, sample?.value);
      const issues = vendorResponseIssues(operation.method, url, response.statusCode, bodyOf(response.body));
      if (response.statusCode >= 300 || issues.length > 0)
        failures.push(
          `${operation.method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)} ${JSON.stringify(issues)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it("answers the documented errors with the vendor's ErrorResponse", async () => {
    const checked: string[] = [];
    const failures: string[] = [];
    const expectAnswer = (
      operation: VendorOperation,
      url: string,
      status: number,
      response: { statusCode: number; body: string },
    ) => {
      checked.push(`${status} ${operation.method} ${operation.pathTemplate}`);
      const issues = vendorResponseIssues(operation.method, url, response.statusCode, bodyOf(response.body));
      if (response.statusCode !== status || issues.length > 0)
        failures.push(
          `${operation.method} ${url}: expected ${status}, got ${response.statusCode} ${response.body.slice(0, 200)} ${JSON.stringify(issues)}`,
        );
    };
    for (const operation of operations) {
      const { url, sample } = await validRequest(fx, operation);
      const method = operation.method as Method;
      if (operation.responses["401"])
        expectAnswer(operation, url, 401, await call(fx.emu, undefined, method, url, sample?.value));
      const [mutant] = sample ? vendorMutants(sample) : [];
      if (operation.responses["400"] && mutant)
        expectAnswer(operation, url, 400, await call(fx.emu, fx.token, method, url, mutant.body));
      const missing = url.replace(/\/[0-9a-f-]{36}(?=(\?|$))/, `/${randomUUID()}`);
      if (operation.responses["404"] && missing !== url)
        expectAnswer(operation, missing, 404, await call(fx.emu, fx.token, method, missing, sample?.value));
    }
    console.log(`vendor responses: ${checked.length} documented error answers checked`);
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(operations.length);
  });
});

function bodyOf(text: string): unknown {
  return text === "" ? undefined : JSON.parse(text);
}
