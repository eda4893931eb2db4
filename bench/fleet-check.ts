/**
 * What the fleet bench reads after its runs: the platform against every stack's state. An orphan
 * is an object on the platform that no stack holds (a create whose answer was lost and retried, a
 * company no stack records), or a create a stack began and never recorded; a duplicate is a
 * second object of one type with the same parent and the same external id (or name). Both must
 * be 0. The companies are listed through the API, the objects under them read with the tenant
 * reader `pulumi-travel reconcile` uses, and each stack compared with `planReconcile`.
 */
import { z } from "zod";
import { itemsUnder, listAll, type TravelClient } from "../src/client";
import { definitions } from "../src/resources/registry";
import { readTenant } from "../src/tenant/read-tenant";
import { planReconcile, stackCompanies } from "../src/tenant/reconcile-plan";
import type { StackContents } from "../src/tenant/stack-export";
import type { TenantObject } from "../src/tenant/tenant-object";
import { readTmcObjects } from "../src/tenant/tmc-objects";

/** The findings; each entry names the object. */
export interface FleetCheck {
  /** Objects read on the platform (companies included). */
  objects: number;
  duplicates: string[];
  orphans: string[];
}

const listedCompany = z.looseObject({ id: z.string(), name: z.string().optional() });

const describe = (object: TenantObject): string =>
  `${object.type} ${object.id} (${object.externalId ?? object.name ?? "no key"}, company ${object.companyId})`;

/** Objects sharing a type, parents and key with an earlier one: one line per extra object. */
function duplicatesOf(objects: readonly TenantObject[]): string[] {
  const seen = new Map<string, TenantObject>();
  const found: string[] = [];
  for (const object of objects) {
    const key = object.externalId ?? object.name;
    if (key === undefined) continue;
    // Companies are siblings under the TMC; any other object under its company and parents.
    const parent = object.type === "Company" ? "" : object.companyId;
    const group = JSON.stringify([object.type, parent, object.parents, key]);
    const first = seen.get(group);
    if (first) found.push(`${describe(object)} repeats ${first.id}`);
    else seen.set(group, object);
  }
  return found;
}

/**
 * Reads the platform as the TMC admin `client` (of `tmc.clientId`) sees it and compares it with
 * `stacks`; the TMC's own company and API user are not the fleet's.
 */
export async function checkFleet(
  client: TravelClient,
  stacks: readonly StackContents[],
  tmc: { tmcId: string; clientId: string },
): Promise<FleetCheck> {
  const listed = await listAll(client, {
    path: "/v2/companies",
    shape: "offsetQuery",
    ...itemsUnder("elements", listedCompany),
  });
  const companies = listed.map((company) => company.id).filter((id) => id !== tmc.tmcId);
  const held = new Set(stacks.flatMap(stackCompanies));
  const orphans = companies.filter((id) => !held.has(id)).map((id) => `Company ${id}: no stack holds it`);
  const objects = await readTenant(client, companies, definitions);
  for (const stack of stacks) {
    const own = objects.filter((object) => stackCompanies(stack).includes(object.companyId));
    const plan = planReconcile(stack, own, stackCompanies(stack));
    orphans.push(
      ...plan.unowned.map((object) => `${describe(object)}: no stack holds it`),
      ...plan.pending.map((pending) => `${pending.urn}: create begun and never recorded`),
    );
  }
  const holds = new Set(stacks.flatMap((stack) => stack.resources.map((r) => `${r.type}:${r.id ?? ""}`)));
  for (const object of await readTmcObjects(client, definitions, tmc.clientId))
    if (!object.caller && !holds.has(`${object.type}:${object.id}`))
      orphans.push(`${object.type} ${object.id} of the TMC: no stack holds it`);
  return { objects: objects.length, duplicates: duplicatesOf(objects), orphans };
}
