/**
 * The tenant manifest through the real engine: one manifest, with a per-stack overlay and values
 * from stack config and secrets, applied to a dev and a prod stack against two emulators, gives
 * equal tenants apart from ids and the overlay's change; a bad manifest fails before any call.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StateSnapshot } from "../../src/emulator";
import { createEnvironment, e2eSkipReason, type E2eEnvironment } from "./harness";

const MANIFEST = `
company:
  name: Globex
  billingCurrency: USD
  externalId: globex
features:
  FEATURE_PERSONAL_TRAVEL: true
legalEntities:
  globex-us:
    name: Globex US
    billingCurrency: USD
    address: { addressLines: [1 Globex Way], regionCode: US }
    registeredEmail: "\${config:billingEmail}"
    ein: "\${secret:ein}"
  globex-uk:
    name: Globex UK
    billingCurrency: GBP
    address: { addressLines: [1 Thames St], regionCode: GB }
offices:
  cypress-creek: { legalEntity: globex-us, name: Cypress Creek }
  london: { legalEntity: globex-uk, name: London }
costCenters:
  research: { name: Research, externalId: cc-research }
  doomsday: { name: Doomsday Devices }
departments:
  labs: { name: Labs }
grades:
  henchman: { name: Henchman }
  villain: { name: Villain }
`;
const DEV_OVERLAY = "company:\n  name: Globex (dev)\ncostCenters:\n  doomsday: null\n";
const PROGRAM = `const { tenantFromManifest } = require("pulumi-travel");
const tenant = tenantFromManifest(require("path").join(__dirname, "tenant.yaml"));
exports.companyId = tenant.company.companyId;
`;
const EIN = "98-7654321";

/** The tenant in an emulator's state, ids replaced by the names of what they identify. */
function tenantOf(snapshot: StateSnapshot): Record<string, unknown[]> {
  const names = [
    "companies",
    "legalEntities",
    "offices",
    "costCenters",
    "departments",
    "grades",
    "companyFeatures",
  ];
  const labels = new Map<string, string>();
  for (const name of names) {
    for (const [id, record] of Object.entries(snapshot.collections[name] ?? {})) {
      const entity = (record as { entity?: { name?: string } }).entity ?? (record as { name?: string });
      labels.set(id, `${name}:${entity.name ?? id}`);
    }
  }
  const clean = (value: unknown): unknown => {
    if (typeof value === "string") return labels.get(value) ?? value;
    if (Array.isArray(value)) return value.map(clean);
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !["createdAtMs", "updatedAtMs", "contractedBy", "tmcId", "id"].includes(key))
        .map(([key, item]) => [key, clean(item)]),
    );
  };
  return Object.fromEntries(
    names.map((name) => [
      name,
      Object.values(snapshot.collections[name] ?? {})
        .map(clean)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ]),
  );
}

/** Paths in `value` whose string contains `text`. */
function pathsHolding(value: unknown, text: string, path = ""): string[] {
  if (typeof value === "string") return value.includes(text) ? [path] : [];
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => pathsHolding(item, text, `${path}.${key}`));
}

describe.skipIf(e2eSkipReason() !== "")("tenant manifest (real engine)", () => {
  let dev: E2eEnvironment;
  let prod: E2eEnvironment;

  beforeAll(async () => {
    const environment = async (stack: string) => {
      const env = await createEnvironment(
        `manifest-${stack}`,
        PROGRAM,
        { [`manifest-${stack}:billingEmail`]: "billing@globex.example" },
        stack,
      );
      await env.stack.setConfig("ein", { value: EIN, secret: true });
      writeFileSync(join(env.programDir, "tenant.yaml"), MANIFEST);
      return env;
    };
    dev = await environment("dev");
    prod = await environment("prod");
    writeFileSync(join(dev.programDir, "tenant.dev.yaml"), DEV_OVERLAY);
  });
  afterAll(async () => {
    await dev?.dispose();
    await prod?.dispose();
  });

  it("fails a bad manifest with its line and column, before any platform call", async () => {
    writeFileSync(join(prod.programDir, "tenant.prod.yaml"), "company:\n  colour: red\n");
    const before = prod.emulator.admin.lastRequestSeq;
    await expect(prod.stack.preview()).rejects.toThrow(
      /tenant\.prod\.yaml:2:3: company\.colour: is not a known property/,
    );
    expect(prod.emulator.admin.requestCounts(before)).toEqual({});
    writeFileSync(join(prod.programDir, "tenant.prod.yaml"), "{}\n");
  });

  it("applies one manifest to two stacks: equal tenants apart from ids and the overlay", async () => {
    await dev.stack.up();
    await prod.stack.up();
    const devTenant = tenantOf(dev.emulator.admin.snapshot());
    const prodTenant = tenantOf(prod.emulator.admin.snapshot());
    expect(prodTenant.costCenters).toHaveLength(2);
    expect(devTenant.costCenters).toHaveLength(1);
    // What the dev overlay changed, applied to prod's tenant, gives dev's tenant.
    const expectedDev = JSON.parse(
      JSON.stringify(prodTenant)
        .replaceAll('"Globex"', '"Globex (dev)"')
        .replaceAll("companies:Globex", "companies:Globex (dev)"),
    ) as Record<string, unknown[]>;
    expectedDev.costCenters = (expectedDev.costCenters ?? []).filter(
      (c) => !JSON.stringify(c).includes("Doomsday"),
    );
    expect(devTenant).toEqual(expectedDev);
    expect(JSON.stringify(prodTenant.legalEntities)).toContain("billing@globex.example");
    expect(JSON.stringify(prodTenant.legalEntities)).toContain(EIN);
  });

  it("keeps the secret value encrypted in state, and a second preview shows no changes", async () => {
    // The Automation API's exportStack decrypts; read what the backend stores instead.
    const stored = readdirSync(prod.backendDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => ({ file: entry.name, text: readFileSync(join(entry.parentPath, entry.name), "utf8") }));
    expect(stored.some(({ text }) => text.includes("globex-us"))).toBe(true);
    expect(stored.filter(({ text }) => text.includes(EIN)).map(({ file }) => file)).toEqual([]);
    const { deployment } = await prod.stack.exportStack();
    expect(pathsHolding(deployment, EIN).every((path) => path.endsWith(".plaintext"))).toBe(true);
    const preview = await prod.stack.preview({ expectNoChanges: true });
    expect(preview.changeSummary).not.toHaveProperty("update");
  });

  // One destroy proves it: dev's tenant is prod's less one cost center, the same types on the same host.
  it("destroys the tenant", async () => {
    await prod.stack.destroy();
    const tenant = tenantOf(prod.emulator.admin.snapshot());
    expect(JSON.stringify(tenant.companies)).not.toContain("Globex");
    for (const section of ["legalEntities", "offices", "costCenters", "departments", "grades"]) {
      expect(tenant[section]).toEqual([]);
    }
  });
});
