/**
 * The tenant that examples/go-tenant and examples/python-tenant both declare, in Go and in Python on
 * the generated SDKs, as their e2e files check it after `pulumi up`: the objects on the platform,
 * the program's outputs, and the result of its lookup.
 */
import { expect } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { definitions } from "../../src/resources/registry";
import { readTenant } from "../../src/tenant/read-tenant";
import type { StateResource } from "../support/state-size";

/** The stack outputs of both examples. */
export interface ExampleTenantOutputs {
  companyId: string;
  officeId: string;
  costCenterIds: Record<string, string>;
  travelersGroupId: string;
}

/** What a first `pulumi up` of either example creates: its nine resources and the stack. */
export const EXAMPLE_TENANT_RESOURCES = 10;

/** The resource changes of the summary event of `pulumi up/refresh/destroy --json`. */
export function summaryChanges(ndjson: string): Record<string, number> {
  for (const line of ndjson.split("\n").filter((text) => text.startsWith("{"))) {
    const event = JSON.parse(line) as { summaryEvent?: { resourceChanges: Record<string, number> } };
    if (event.summaryEvent !== undefined) return event.summaryEvent.resourceChanges;
  }
  throw new Error("the command streamed no summary event");
}

/**
 * Asserts that the platform holds the example's tenant under `outputs.companyId`, with the ids the
 * program exported: a legal entity, an office, the cost centers of cost-centers.csv, the checkout
 * question with its arm and the arm's two options, and the company's standard group `Travelers`
 * found by the lookup. `state` is the stack's checkpoint (for the option group's ids).
 */
export async function expectExampleTenant(
  client: TravelClient,
  outputs: ExampleTenantOutputs,
  state: readonly StateResource[],
): Promise<void> {
  const { companyId } = outputs;
  const objects = await readTenant(client, [companyId], definitions);
  const named = (type: string) =>
    objects
      .filter((o) => o.type === type)
      .map((o) => o.name)
      .sort();
  expect(named("LegalEntity")).toEqual(["Acme US Inc."]);
  expect(named("Office")).toEqual(["Springfield HQ"]);
  expect(named("CustomField")).toEqual(["Project code"]);
  expect(named("Arm")).toEqual(["US staff pick a project"]);
  // The cost centers are the rows of cost-centers.csv, with the ids the program exported.
  const centers = objects.filter((o) => o.type === "CostCenter");
  expect(centers.map((o) => [o.externalId, o.name]).sort()).toEqual([
    ["cc-engineering", "Engineering"],
    ["cc-operations", "Operations"],
    ["cc-sales", "Sales"],
  ]);
  expect(Object.fromEntries(centers.map((o) => [o.externalId, o.id]))).toEqual(outputs.costCenterIds);
  expect(objects.find((o) => o.type === "Office")?.id).toBe(outputs.officeId);

  // The arm's options, as the platform holds them (in the option group the arm made).
  const arm = objects.find((o) => o.type === "Arm");
  const optionGroup = state.find((r) => r.urn.endsWith("::travel:index:OptionGroup::project-codes"));
  const { customFieldId, optionGroupId } = optionGroup?.outputs as {
    customFieldId: string;
    optionGroupId: string;
  };
  expect(objects.find((o) => o.type === "CustomField")?.id).toBe(customFieldId);
  expect(arm?.parents).toMatchObject({ customFieldId });
  const group = await client.get<{ armId: string; options: { name: string; description?: string }[] }>(
    apiPath`/v3/companies/${companyId}/custom-fields/${customFieldId}/option-groups/${optionGroupId}`,
  );
  expect(group.armId).toBe(arm?.id);
  expect(group.options.map((o) => [o.name, o.description]).sort()).toEqual([
    ["P-100", "Apollo"],
    ["P-200", "Zephyr"],
  ]);

  // The lookup found the company's standard group.
  const travelers = await client.post<{ userGroups: { id: string; name: string }[] }>(
    apiPath`/v3/companies/${companyId}/user-groups/list`,
    { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
  );
  expect(outputs.travelersGroupId).toBe(travelers.userGroups.find((g) => g.name === "Travelers")?.id);
}
