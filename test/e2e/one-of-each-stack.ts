/**
 * One resource of every registered type declared in a stack, for the e2e files whose program reads
 * them from its `resources` config (the fault kit's, the response variation's): each under a
 * company of its own, its parents made through the API (test/support/one-of-each.ts).
 */
import type { TravelClient } from "../../src/client";
import type { Values } from "../../src/provider/model/definition";
import { definitions } from "../../src/resources/registry";
import { type KitEnv, type OneOfType, oneOfEach } from "../support/one-of-each";
import type { E2eEnvironment } from "./harness";

/** One resource of a registered type, as {@link declareOneOfEach} declared it. */
export interface DeclaredRow {
  type: string;
  row: OneOfType;
  kit: KitEnv;
  inputs: Values;
}

/**
 * Declares one resource of every registered type in the stack's `resources` config, each under a
 * company named `<label> <type>`, and returns the rows in the registry's sorted order.
 */
export async function declareOneOfEach(
  e: E2eEnvironment,
  client: TravelClient,
  label: string,
): Promise<DeclaredRow[]> {
  const rows: DeclaredRow[] = [];
  for (const type of Object.keys(definitions).sort()) {
    const row = oneOfEach[type];
    if (!row) throw new Error(`test/support/one-of-each.ts has no row for ${type}`);
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: `${label} ${type}`, billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const kit = { emulator: e.emulator, client, companyId };
    rows.push({ type, row, kit, inputs: await row.inputs(kit) });
  }
  await e.stack.setConfig("resources", {
    value: JSON.stringify(rows.map(({ type, inputs }) => ({ type, inputs }))),
  });
  return rows;
}
