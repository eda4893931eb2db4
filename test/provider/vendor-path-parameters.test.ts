/**
 * Ids that go into a request path are checked at preview against the vendor's path parameters:
 * where the vendor documents a uuid (`{companyId}`, `{legalEntityId}`, the object's own
 * id in an adoption's PUT), `check` refuses another string at the input it comes from, naming the
 * parameter; the ids the emulator issues (uuids) pass, and ids of routes the vendor does not
 * document keep their own rules.
 */
import { describe, expect, it } from "vitest";
import { vendorRequestSchema } from "../../src/contract";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { companyResource } from "../../src/resources/company";
import { costCenterResource } from "../../src/resources/cost-center";
import { customFieldResource } from "../../src/resources/custom-field";
import { useLiveEmulator } from "../support/live-emulator";
import { rowInputs, rowSample, VENDOR_ROWS, type VendorRow } from "../support/vendor-rows";
import { testRun } from "../support/test-run";

/** Path parameters of a row's route that are inputs of the same name. */
const parametersOf = (row: VendorRow) =>
  [...row.pathTemplate.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);

/** The reason `check` gives for a non-uuid `parameter` of `route`. */
const uuidReason = (parameter: string, route: string): unknown =>
  expect.stringMatching(
    new RegExp(
      `^must be a uuid\\b.*${`(the vendor's {${parameter}} path parameter of ${route})`.replace(/[(){}/]/g, "\\$&")}$`,
    ),
  );

const definition = (resource: unknown) => resource as ResourceDefinition<Values, Values>;

describe("check refuses ids that break the vendor's path parameter formats", () => {
  const live = useLiveEmulator();
  const check = (resource: unknown, inputs: Values) =>
    buildTypeProvider(definition(resource), testRun(live.client)).check({}, inputs);

  const rows = VENDOR_ROWS.filter((row) => parametersOf(row).length > 0);

  it.each(rows)("$name: each documented uuid parameter of its path", async (row) => {
    const schema = vendorRequestSchema(row.method, row.pathTemplate) as Record<string, unknown>;
    const inputs = rowInputs(row, rowSample(row, schema).value) as Values;
    for (const parameter of parametersOf(row)) {
      expect(parameter in inputs, `${parameter} is an input`).toBe(true);
      const result = await check(row.definition, { ...inputs, [parameter]: "acme-corp" });
      expect(result.failures).toEqual([
        {
          property: parameter,
          reason: uuidReason(parameter, `${row.method} ${row.pathTemplate}`),
        },
      ]);
    }
  });

  it("the object's own id in an adoption's PUT: adoptId", async () => {
    const company = await check(companyResource, { name: "Acme", billingCurrency: "USD", adoptId: "acme" });
    expect(company.failures).toEqual([
      {
        property: "adoptId",
        reason: uuidReason("companyId", "PUT /v2/companies/{companyId}"),
      },
    ]);
    const companyId = "4974a66b-7493-4f41-908c-58ba81093947";
    const center = await check(costCenterResource, { companyId, name: "Ops", adoptId: "cc-1" });
    expect(center.failures).toEqual([
      {
        property: "adoptId",
        reason: uuidReason("costCenterId", "PUT /v2/companies/{companyId}/cost-centers/{costCenterId}"),
      },
    ]);
  });

  it("ids the emulator issues pass", async () => {
    const { id: companyId } = await live.client.post<{ id: string }>("/v2/companies", {
      body: { name: "Path Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const { id: centerId } = await live.client.post<{ id: string }>(
      `/v2/companies/${companyId}/cost-centers`,
      {
        body: { name: "Ops" },
      },
    );
    expect(
      (await check(companyResource, { name: "Path Co", billingCurrency: "USD", adoptId: companyId }))
        .failures,
    ).toEqual([]);
    expect((await check(costCenterResource, { companyId, name: "Ops", adoptId: centerId })).failures).toEqual(
      [],
    );
  });

  it("a route the vendor does not document keeps its own rules (custom fields take any company id)", async () => {
    const result = await check(customFieldResource, {
      companyId: "acme-corp",
      name: "Project",
      type: "QUESTION",
      questionFormat: "INPUT_BOX",
    });
    expect((result.failures ?? []).filter((failure) => failure.property === "companyId")).toEqual([]);
  });
});
