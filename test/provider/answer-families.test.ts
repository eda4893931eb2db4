/**
 * Every type's create, read and delete against answers the emulator varies in one family at a
 * time, every possible change applied (rate 1): identifiers left out (`omitIds`), optional values
 * the platform computes or leaves empty left out, and unordered arrays reordered (issue 45 item
 * 9). Each create succeeds, the read shows no change against the program's inputs, and the delete
 * leaves nothing behind. `omitOptional` (a value the program wrote left out) is not among them: it
 * says the value was cleared, and the readers' differential test holds reads to that
 * (test/provider/answer-differential.test.ts); the e2e flow runs `up` and `destroy` with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens, type TravelClient } from "../../src/client";
import type { VariationFamily } from "../../src/contract";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import type { Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { definitions } from "../../src/resources/registry";
import { clientFor } from "../support/live-emulator";
import { oneOfEach } from "../support/one-of-each";
import { testRun } from "../support/test-run";

/** The families, one run each. */
const FAMILIES: Record<string, VariationFamily[]> = {
  "identifiers left out": ["omitIds"],
  "optional values left out": ["omitEmpty", "omitComputed"],
  "unordered arrays reordered": ["shuffleUnordered"],
};

/** Lists the vendor gives no order, long enough to be reordered. */
const LONGER_LISTS: Readonly<Record<string, Values>> = {
  Company: {
    announcements: [
      { title: "Welcome", description: "Book through the portal" },
      { title: "Policy", description: "Economy under six hours" },
    ],
    phoneNumbers: [
      { countryCode: 1, nationalNumber: 5550100 },
      { countryCode: 44, nationalNumber: 2079460000 },
    ],
    // A list of the generated company settings (src/schemas/company-settings.ts).
    emergencyContactInfos: [
      { email: "desk@one.example", designation: "Travel desk" },
      { email: "security@one.example", designation: "Security" },
    ],
  },
};

describe.each(Object.entries(FAMILIES))("every type's create, read and delete: %s", (_name, families) => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  /** Answers varied over the types (routes the vendor does not document are never varied). */
  let varied = 0;
  beforeAll(async () => {
    clearSharedTokens();
    emulator = await startEmulator({ logErrors: false });
    client = clientFor(emulator);
  });
  afterAll(async () => {
    await client?.close();
    await emulator?.close();
    expect(varied, "answers the emulator varied").toBeGreaterThan(0);
  });

  it.each(Object.keys(definitions).sort())("%s", async (type) => {
    const definition = definitions[type];
    const row = oneOfEach[type];
    if (!definition || !row) throw new Error(`test/support/one-of-each.ts has no row for ${type}`);
    emulator.admin.setResponseVariation(undefined);
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: `Families ${type}`, billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const kit = { emulator, client, companyId };
    const inputs = { ...(await row.inputs(kit)), ...LONGER_LISTS[type] };
    const own = clientFor(emulator, { maxRetries: 0 });
    try {
      const provider = buildTypeProvider(definition, testRun(own));
      emulator.admin.setResponseVariation({ seed: 1, families, rate: 1 });
      const checked = await provider.check({}, inputs);
      expect(checked.failures ?? []).toEqual([]);
      const created = await provider.create(checked.inputs);
      const read = await provider.read(created.id, created.outs);
      expect(read.id, "the read finds the object").toBe(created.id);
      const diff = await provider.diff(created.id, read.props ?? {}, checked.inputs);
      expect({ type, changed: diff.changes ? diff.changed : [] }).toEqual({ type, changed: [] });
      await provider.delete(created.id, read.props ?? created.outs);
      varied += emulator.admin.responseVariation().counts.varied;
      emulator.admin.setResponseVariation(undefined);
      if (row.deleteRemoves) expect({ type, held: await row.held(kit, inputs) }).toEqual({ type, held: 0 });
    } finally {
      emulator.admin.setResponseVariation(undefined);
      await own.close();
    }
  });
});
