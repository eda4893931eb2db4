/**
 * The vendor differential test, the emulator's half: for every write route the vendor
 * documents with a JSON body, a valid sample generated from the vendor's schema is accepted, and
 * every one-defect mutant of it (a required property dropped, a wrong type, an enum value that
 * does not exist, a broken uuid, email, date or date-time, an undeclared property; at the top, one
 * object down and in the first element of an array) is refused with 400 naming the defect's path.
 * Each mutant is first confirmed invalid by the vendor's schema itself.
 */
import { describe, expect, it } from "vitest";
import { vendorOperations, vendorRequestIssues, vendorResponseIssues } from "../../src/contract";
import { vendorMutants } from "../support/vendor-samples";
import { useFixture } from "./fixtures";
import { call, errorCode } from "./helpers";
import { messageOf, orgFixture } from "./org-helpers";
import { vendorRequest } from "./vendor-requests";

type Method = "POST" | "PUT" | "PATCH";

/** Documented operations with a JSON body (the form token request and the multipart upload apart). */
const writeRoutes = vendorOperations().filter(
  (operation) => operation.request?.contentType === "application/json",
);

describe("the vendor differential: the emulator against the vendor's request schemas", () => {
  const fx = useFixture(orgFixture);

  it("accepts every valid sample and refuses every mutant with 400 naming its path", async () => {
    const failures: string[] = [];
    let accepted = 0;
    let refused = 0;
    let mutantCount = 0;
    for (const operation of writeRoutes) {
      const route = `${operation.method} ${operation.pathTemplate}`;
      const { url, sample } = await vendorRequest(fx, operation);
      if (!sample) throw new Error(`${route}: no body schema`);
      const path = url.split("?")[0] ?? url;
      expect(vendorRequestIssues(operation.method, path, sample.value), `${route}: the sample`).toEqual([]);
      for (const mutant of vendorMutants(sample)) {
        mutantCount++;
        const where = mutant.path.join(".");
        const label = `${route}: ${mutant.defect} at ${where}`;
        expect(
          vendorRequestIssues(operation.method, path, mutant.body),
          `${label} breaks the schema`,
        ).not.toEqual([]);
        const response = await call(fx.emu, fx.token, operation.method as Method, url, mutant.body);
        if (
          response.statusCode === 400 &&
          errorCode(response) === "INVALID_REQUEST" &&
          messageOf(response).includes(`${where}:`)
        ) {
          refused++;
        } else failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      const response = await call(fx.emu, fx.token, operation.method as Method, url, sample.value);
      const body: unknown = response.body === "" ? undefined : response.json();
      const answer = vendorResponseIssues(operation.method, path, response.statusCode, body);
      if (response.statusCode < 300 && answer.length === 0) accepted++;
      else
        failures.push(
          `${route}: the valid sample: ${response.statusCode} ${response.body.slice(0, 300)} ${JSON.stringify(answer)}`,
        );
    }
    console.log(
      `vendor differential: ${refused}/${mutantCount} mutants refused, ${accepted}/${writeRoutes.length} valid samples accepted`,
    );
    expect(failures).toEqual([]);
    expect(mutantCount).toBeGreaterThan(writeRoutes.length * 5);
  });
});
