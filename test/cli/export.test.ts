/**
 * `pulumi-travel export` (YAML, `--format typescript` and `--format yaml-program`) against a live emulator holding a tenant
 * built through the API. The TypeScript program's type-check and its adoption through the real
 * engine are test/e2e/export-round-trip.test.ts.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { importIdOf } from "../../src/provider/model/import-id";
import { definitionOf } from "../../src/resources/registry";
import { type BuiltTenant, buildTenant } from "../support/build-tenant";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { CLI, ROOT, runNode, travelEnv } from "./harness";

type Section = Record<string, Record<string, unknown>>;

describe("pulumi-travel export", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let dir: string;
  let built: BuiltTenant;

  beforeAll(async () => {
    emulator = await liveEmulator();
    client = clientFor(emulator);
    dir = mkdtempSync(join(tmpdir(), "export-"));
    built = await buildTenant(emulator, client);
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const cli = (args: string[], env = travelEnv(emulator)) => runNode(CLI, args, env);
  /** Calls since `before` other than reads (GETs, the POST list calls) and the token: none for a read-only command. */
  const writesSince = (before: number) =>
    emulator.admin
      .requests(before)
      .filter(
        (entry) =>
          entry.method !== "GET" &&
          !/\/(list|roles)$/.test(entry.route) &&
          entry.route !== "POST /v2/auth/oauth2-token",
      )
      .map((entry) => entry.route);

  it("documents its options and exit codes in --help", async () => {
    const { code, stdout } = await cli(["export", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("--company <id>");
    expect(stdout).toContain("Exit codes:\n  0  written\n  1  the manifest built did not validate");
  });

  it("writes a manifest that validates, every object with its adoptId, read-only", async () => {
    const out = join(dir, "tenant.yaml");
    const before = emulator.admin.lastRequestSeq;
    const { code, stdout, stderr } = await cli(["export", "--company", built.companyId, "--out", out]);
    expect(stderr).toContain("read costCenters: 20\n");
    expect(code).toBe(0);
    expect(stdout).toContain(`wrote ${out}: company 1, features 1`);
    expect(stdout).toContain("costCenters 20, departments 5, grades 4");
    expect(stdout).toContain(
      'pulumi config set partnerKeys-partner-a-2026-publicKeyPem -- "$(cat <public key PEM file>)"',
    );
    expect(stdout).toMatch(
      /apiUsers: not exported: API users belong to the TMC, not to a company \(the platform lists their clientIds only\)/,
    );
    expect(stdout).toMatch(/tenantKey: not exported: the platform has no read call/);

    expect(writesSince(before)).toEqual([]);

    const validated = await cli(["validate", out]);
    expect(validated).toMatchObject({ code: 0, stdout: `${out}: valid\n` });

    const manifest = parse(readFileSync(out, "utf8")) as Record<string, unknown>;
    expect(manifest.company).toMatchObject({
      name: "Initech",
      externalId: "initech",
      adoptId: built.companyId,
    });
    expect(manifest.features).toEqual({ FEATURE_PERSONAL_TRAVEL: "true" });
    expect(manifest.perTripServiceCharge).toEqual({
      config: { charges: [{ amount: 12, currencyCode: "USD" }] },
    });
    const legalEntities = manifest.legalEntities as Section;
    expect(Object.keys(legalEntities)).toEqual(["le-gb", "le-us"]);
    expect(legalEntities["le-us"]).toMatchObject({ name: "Initech US", adoptId: built.legalEntityIds[0] });
    const offices = manifest.offices as Section;
    expect(
      Object.fromEntries(Object.entries(offices).map(([key, office]) => [key, office.legalEntity])),
    ).toEqual({
      austin: "le-us",
      dallas: "le-us",
      leeds: "le-gb",
      london: "le-gb",
    });
    const costCenters = manifest.costCenters as Section;
    expect(Object.keys(costCenters)).toHaveLength(20);
    // Keys from the externalId where there is one, else from the name.
    expect(costCenters["cc-2"]).toEqual({
      name: "Cost center 2",
      externalId: "cc-2",
      adoptId: built.costCenterIds[1],
    });
    expect(costCenters["cost-center-1"]).toEqual({ name: "Cost center 1", adoptId: built.costCenterIds[0] });
    for (const section of ["legalEntities", "offices", "costCenters", "departments", "grades"])
      for (const entry of Object.values(manifest[section] as Section))
        expect(entry.adoptId).toEqual(expect.any(String));
    const customFields = manifest.customFields as Section;
    expect(Object.keys(customFields)).toEqual(["client", "project-code", "trip-purpose"]);
    expect(customFields["project-code"]).toEqual({
      name: "Project code",
      description: "Project code of the trip",
      enabled: true,
      adoptId: built.customFieldIds[0],
      arms: {
        everyone: {
          name: "Everyone",
          action: { type: "USER", userOptionSource: { type: "MANUAL" } },
          audiences: [],
          adoptId: expect.any(String),
          options: [{ name: "Project code 1" }, { name: "Project code 2" }, { name: "Project code 3" }],
        },
      },
    });
    expect(manifest.customFieldOrder).toEqual(["project-code", "trip-purpose", "client"]);
    expect(manifest.userGroupRoles).toEqual({
      // The group's and the roles' names name one each, so they are written instead of the ids.
      "travel-desk": {
        group: "Travel desk",
        roles: [
          {
            role: "Report viewer",
            scope: { audiences: [{ predicates: [{ type: "LEGAL_ENTITY", legalEntity: "le-us" }] }] },
          },
          {
            role: "Travel arranger",
            scope: { audiences: [{ predicates: [{ type: "COMPANY", company: true }] }] },
          },
        ],
      },
    });
    expect(manifest.partnerKeys).toEqual({
      "partner-a-2026": {
        kid: "partner-a-2026",
        publicKeyPem: "${config:partnerKeys-partner-a-2026-publicKeyPem}",
        adoptId: expect.any(String),
      },
    });
    expect(Object.keys(manifest.departments as Section)).toHaveLength(5);
    expect(Object.keys(manifest.grades as Section)).toHaveLength(4);
  });

  it("writes the same text on a second export, to stdout, with JSON progress", async () => {
    const first = readFileSync(join(dir, "tenant.yaml"), "utf8");
    const { code, stdout, stderr } = await cli(["export", "--company", built.companyId, "--json-progress"]);
    expect(code).toBe(0);
    expect(stdout).toBe(first);
    const progress = stderr
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { section: string; count: number });
    expect(progress).toContainEqual({ section: "costCenters", count: 20 });
    expect(progress.map((p) => p.section)).toEqual([
      "company",
      "features",
      "configs",
      "perTripServiceCharge",
      "legalEntities",
      "offices",
      "costCenters",
      "departments",
      "grades",
      "customFields",
      "customFieldOrder",
      "userGroupRoles",
      "partnerKeys",
    ]);
    expect(stderr).toContain("wrote the manifest to stdout");
  });

  it.each([1, 2, 3])(
    "writes the same text when every answer comes in another form of the same meaning (seed %i)",
    async (seed) => {
      const first = readFileSync(join(dir, "tenant.yaml"), "utf8");
      // Forms that change nothing an answer says: properties the vendor does not declare added
      // wherever its schema is open, unordered arrays reordered, numbers and date-times rewritten,
      // smaller pages (docs/emulator.md, "Response variation").
      emulator.admin.setResponseVariation({
        seed,
        rate: 1,
        families: [
          "undeclaredProperties",
          "shuffleUnordered",
          "numberForms",
          "dateTimeForms",
          "smallerPages",
        ],
      });
      try {
        const { code, stdout, stderr } = await cli(["export", "--company", built.companyId]);
        expect(
          stderr.split("\n").filter((line) => /\.yaml:\d+:|error|not validate|variationExtra/i.test(line)),
        ).toEqual([]);
        expect(code).toBe(0);
        expect(stdout).toBe(first);
      } finally {
        emulator.admin.setResponseVariation(undefined);
      }
    },
  );

  it("writes a company's support configs as the list its inputs take (the platform answers an object)", async () => {
    const supportConfigs = [{ emailAddresses: ["help@example.com"], tier: "BASIC" }];
    const { id } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Supported Co", billingCurrency: "USD", companyRoles: ["ORG"], supportConfigs },
    });
    // The vendor's Company holds them as `SupportConfigs`: `{ length, elements }`.
    expect(
      (await client.get<{ supportConfigs: unknown }>(`/v2/companies/${id}`)).supportConfigs,
    ).toMatchObject({
      elements: supportConfigs,
    });
    const out = join(dir, "supported.yaml");
    const { code, stderr } = await cli(["export", "--company", id, "--out", out]);
    expect({
      code,
      problems: stderr.split("\n").filter((line) => /\.yaml:\d+:|not validate/.test(line)),
    }).toEqual({
      code: 0,
      problems: [],
    });
    expect((parse(readFileSync(out, "utf8")) as { company: unknown }).company).toMatchObject({
      supportConfigs,
    });
    expect(await cli(["validate", out])).toMatchObject({ code: 0, stdout: `${out}: valid\n` });
  });

  it("fails with exit code 5 for a company that does not exist, writing nothing", async () => {
    const out = join(dir, "missing.yaml");
    const { code, stderr } = await cli([
      "export",
      "--company",
      "00000000-0000-4000-8000-000000000000",
      "--out",
      out,
    ]);
    expect(code).toBe(5);
    expect(stderr).toContain("company 00000000-0000-4000-8000-000000000000 does not exist");
    expect(existsSync(out)).toBe(false);
  });

  it("fails with exit code 4 when the credentials are refused, and 2 without --company", async () => {
    const refused = await cli(["export", "--company", built.companyId], {
      ...travelEnv(emulator),
      TRAVEL_CLIENT_SECRET: "wrong-secret",
    });
    expect(refused.code).toBe(4);
    expect(refused.stderr).not.toContain("wrong-secret");
    const usage = await cli(["export"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--company <id>");
  });

  it("writes the project: every object of the YAML export, adopted, children reading their parents' outputs", async () => {
    const out = join(dir, "initech");
    const before = emulator.admin.lastRequestSeq;
    const { code, stdout, stderr } = await cli([
      "export",
      "--company",
      built.companyId,
      "--format",
      "typescript",
      "--out",
      out,
    ]);
    expect(stderr).toContain("read costCenters: 20\n");
    expect(code).toBe(0);
    expect(stdout).toContain(`wrote ${out}: company 1, features 1`);
    expect(stdout).toContain(
      'pulumi config set partnerKeys-partner-a-2026-publicKeyPem -- "$(cat <public key PEM file>)"',
    );
    expect(stdout).toContain("not in the program:\n  apiUsers: not exported:");
    expect(stdout).toContain(`then: cd ${out} && npm install`);
    expect(writesSince(before)).toEqual([]);
    expect(readdirSync(out).sort()).toEqual(["Pulumi.yaml", "index.ts", "package.json", "tsconfig.json"]);

    const program = readFileSync(join(out, "index.ts"), "utf8");
    const yaml = (await cli(["export", "--company", built.companyId])).stdout;
    // The same objects as the YAML export, each adopted once.
    const adopted = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();
    expect(adopted(program, /adoptId: "([^"]+)"/g)).toEqual(adopted(yaml, /adoptId: (\S+)/g));
    expect(program).toContain(`const company = new Company("company", {`);
    expect(program).toMatch(
      /^new CostCenter\("cost-center-3", \{\n {2}companyId: company\.companyId,\n {2}name: "Cost center 3",\n {2}adoptId: "[^"]+",\n\}\);$/m,
    );
    expect(program).toMatch(/^const leUs = new LegalEntity\("le-us", \{$/m);
    expect(program.match(/legalEntityId: leUs\.legalEntityId,/g)).toHaveLength(2);
    expect(program).toContain(
      'optionGroupId: projectCodeEveryone.optionGroupId.apply((value) => value ?? ""),',
    );
    expect(program).toContain(
      'scope: { audiences: [{ predicates: [{ id: leUs.legalEntityId, type: "LEGAL_ENTITY" }] }] },',
    );
    expect(program).toContain(
      "fieldIds: [projectCode.customFieldId, tripPurpose.customFieldId, client.customFieldId],",
    );
    // The key material is read from stack config, never written.
    expect(program).toContain('publicKeyPem: config.require("partnerKeys-partner-a-2026-publicKeyPem"),');
    expect(program).not.toContain("BEGIN PUBLIC KEY");
    expect(program).toMatch(/\nexport const companyId = company\.companyId;\n$/);
    expect(program.split("\n").filter((line) => !line.startsWith("//") && line.length > 100)).toEqual([]);

    const packageJson = JSON.parse(readFileSync(join(out, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    const own = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      version: string;
      devDependencies: Record<string, string>;
    };
    expect(packageJson).toEqual({
      name: "initech",
      private: true,
      main: "index.ts",
      dependencies: {
        "@pulumi/pulumi": own.devDependencies["@pulumi/pulumi"],
        // Run from the repository: the checkout, which `npm install` installs as a folder.
        "pulumi-travel": `file:${ROOT}`,
      },
      devDependencies: { typescript: own.devDependencies.typescript },
    });
    expect(readFileSync(join(out, "Pulumi.yaml"), "utf8")).toMatch(/^name: initech\n[^]*main: index\.ts\n$/);
  });

  it("writes a Pulumi YAML program on the plugin: every object of the YAML export with its import id, read-only", async () => {
    const out = join(dir, "initech-yaml");
    const before = emulator.admin.lastRequestSeq;
    const { code, stdout } = await cli([
      "export",
      "--company",
      built.companyId,
      "--format",
      "yaml-program",
      "--out",
      out,
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain("then: pulumi-travel plugin install");
    expect(writesSince(before)).toEqual([]);
    expect(readdirSync(out)).toEqual(["Pulumi.yaml"]);
    const text = readFileSync(join(out, "Pulumi.yaml"), "utf8");
    const program = parse(text) as {
      name: string;
      runtime: string;
      config?: Record<string, unknown>;
      resources: Record<
        string,
        { type: string; name?: string; properties: Record<string, unknown>; options: { import: string } }
      >;
      outputs: Record<string, string>;
    };
    expect(program).toMatchObject({
      name: "initech",
      runtime: "yaml",
      outputs: { companyId: "${company.companyId}" },
    });
    const resources = Object.entries(program.resources);
    // Every object the YAML export adopts is imported by its id (a partner key by its kid).
    const { partnerKeys, ...sections } = parse(
      (await cli(["export", "--company", built.companyId])).stdout,
    ) as Record<string, unknown>;
    expect(partnerKeys).toBeDefined();
    const adopted = [...JSON.stringify(sections).matchAll(/"adoptId":"([^"]+)"/g)].map((m) => m[1]);
    const imported = resources.map(([, resource]) => resource.options.import);
    const segments = new Set(imported.flatMap((importId) => importId.split("/")));
    expect(adopted.filter((id) => !segments.has(id ?? ""))).toEqual([]);
    for (const [key, resource] of resources) {
      const type = resource.type.replace(/^travel:index:/, "");
      expect(resource.type, key).toBe(`travel:index:${type}`);
      expect(
        importIdOf(definitionOf(type)).segments(resource.options.import),
        `${key}: ${resource.options.import}`,
      ).toBeDefined();
      expect(resource.properties.adoptId, key).toBeUndefined();
    }
    expect(resources.length).toBeGreaterThan(adopted.length);
    // Children read their parents' outputs; the key material is a config value, never written.
    expect(program.resources["cost-center-3"]?.properties).toEqual({
      companyId: "${company.companyId}",
      name: "Cost center 3",
    });
    expect(program.resources["cost-center-3"]?.options.import).toMatch(
      new RegExp(`^${built.companyId}/[0-9a-f-]{36}$`),
    );
    expect(text).toContain("- id: ${le-us.legalEntityId}");
    expect(text).not.toContain("BEGIN PUBLIC KEY");
    expect(program.config).toEqual({ "partnerKeys-partner-a-2026-publicKeyPem": { type: "string" } });
  });

  it("needs --out for a project, and knows only its formats", async () => {
    const missing = await cli(["export", "--company", built.companyId, "--format", "typescript"]);
    expect(missing).toMatchObject({ code: 2, stdout: "" });
    expect(missing.stderr).toContain("--format typescript writes a directory: give it with --out <dir>");
    const unknown = await cli(["export", "--company", built.companyId, "--format", "json"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Allowed choices are yaml, typescript, yaml-program");
  });
});
