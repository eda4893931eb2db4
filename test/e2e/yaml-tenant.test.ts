/**
 * examples/yaml-tenant as a new user runs it: a new directory outside the repository, `npm install`
 * of the tarball the e2e setup packed, `npx pulumi-travel plugin install` into a PULUMI_HOME of its
 * own, the example's Pulumi.yaml copied in, and the real Pulumi CLI with the YAML language host
 * against the emulator (through a contract recorder); this file proves that fresh install end to
 * end (go-tenant.test.ts links the e2e setup's). One stack walks through what a user does:
 * a first preview and up; an arm's audience change whose preview shows exactly the steps the
 * update then takes, every other resource unchanged and nothing written; a change made on the
 * platform, refreshed and then undone by `up`; `pulumi import` of a cost center made by hand, its generated code added to the
 * program; destroy (go-tenant.test.ts relies on it for the same plugin). Then a program with two
 * explicit `travel` providers of two API users, each resource talking with its own (not destroyed:
 * the emulator is thrown away). And a preview of examples/resources/yaml, the program the resource
 * pages take their YAML examples from: every resource type passes the plugin's checks of its inputs.
 * The state is checked for what the plugin must not put there: `__provider`, plaintext secrets,
 * more than 1.5 KB per resource.
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { isMap, parseDocument } from "yaml";
import { apiPath, type TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { definitions } from "../../src/resources/registry";
import { readTenant } from "../../src/tenant/read-tenant";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { clientFor, renameCostCenterOutOfBand } from "../support/live-emulator";
import { newUserProject, type NewUserProject } from "../support/new-user-project";
import { packedTarball, repoRoot } from "../support/packed-project";
import {
  bytesPerResource,
  checkpointResources,
  checkpointText,
  declaredResources,
} from "../support/state-size";
import { startE2eRecorder, yamlHostSkipReason } from "./harness";

const EXAMPLE = join(repoRoot(), "examples", "yaml-tenant");
const RESOURCE_EXAMPLES = join(repoRoot(), "examples", "resources", "yaml");
const STACK = "dev";
const TOKEN_ROUTE = "POST /v2/auth/oauth2-token";

/** One step of a deployment: what the engine does to which resource, and the inputs it names. */
interface Step {
  op: string;
  urn: string;
  diffs: string[];
}

/** The steps other than `same` of `pulumi preview --json`'s summary. */
function previewSteps(json: string): Step[] {
  const { steps } = JSON.parse(json) as { steps: { op: string; urn: string; diffReasons?: string[] }[] };
  return steps
    .filter((step) => step.op !== "same")
    .map((step) => ({ op: step.op, urn: step.urn, diffs: [...(step.diffReasons ?? [])].sort() }));
}

/** The engine events `pulumi up/refresh --json` streams, one JSON object a line. */
function engineEvents(ndjson: string): Record<string, unknown>[] {
  return ndjson
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The steps other than `same` the engine began during an update (its `resourcePreEvent`s). */
function updateSteps(ndjson: string): Step[] {
  return engineEvents(ndjson).flatMap((event) => {
    const pre = event.resourcePreEvent as
      { metadata: { op: string; urn: string; diffs?: string[] } } | undefined;
    if (pre === undefined || pre.metadata.op === "same") return [];
    return [{ op: pre.metadata.op, urn: pre.metadata.urn, diffs: [...(pre.metadata.diffs ?? [])].sort() }];
  });
}

/** The resource changes of an update's summary event. */
function summaryChanges(ndjson: string): Record<string, number> {
  const summary = engineEvents(ndjson).find((event) => event.summaryEvent !== undefined)?.summaryEvent as
    { resourceChanges: Record<string, number> } | undefined;
  if (summary === undefined) throw new Error("the update streamed no summary event");
  return summary.resourceChanges;
}

describe.skipIf(yamlHostSkipReason() !== "")(
  "examples/yaml-tenant through the plugin, as a new user runs it",
  () => {
    let emulator: RunningEmulator;
    let recorder: ContractRecorder;
    let client: TravelClient;
    let project: NewUserProject;
    let dir = "";
    let backend = "";
    let env: NodeJS.ProcessEnv = {};
    let companyId = "";

    const run = (command: string, args: string[]) => project.run(command, args);
    const pulumi = (...args: string[]) => run("pulumi", [...args, "--stack", STACK, "--non-interactive"]);
    /** Runs `step` and returns the platform calls it made, token requests left out. */
    const callsOf = async <T>(step: () => Promise<T>) => {
      const before = emulator.admin.lastRequestSeq;
      const result = await step();
      return { result, calls: emulator.admin.requests(before).filter((r) => r.route !== TOKEN_ROUTE) };
    };
    const program = () => join(dir, "Pulumi.yaml");
    const checkpoint = () => checkpointText(backend, "yaml-tenant", STACK);
    const stateResources = () => checkpointResources(checkpoint());
    const resourceOutputs = (urnSuffix: string) => {
      const resource = stateResources().find((r) => r.urn.endsWith(urnSuffix));
      if (resource?.outputs === undefined) throw new Error(`no ${urnSuffix} in the state`);
      return resource.outputs;
    };

    beforeAll(async () => {
      emulator = await startEmulator();
      recorder = await startE2eRecorder(emulator.url, "e2e yaml-tenant");
      client = clientFor(emulator);
      project = newUserProject("yaml-tenant");
      ({ dir, backend, env } = project);
    });
    afterAll(async () => {
      await client?.close();
      await recorder?.close();
      await emulator?.close();
      project?.remove();
      if (recorder) assertNoContractViolations(recorder, "e2e yaml-tenant");
    });

    it("installs the package and its plugin, and deploys the example", async () => {
      await project.installPackage(packedTarball(inject("packedProjectDir")));
      cpSync(EXAMPLE, dir, { recursive: true });
      expect(readFileSync(program(), "utf8")).not.toContain("plugins:");

      await run("pulumi", ["stack", "init", STACK, "--non-interactive"]);
      await pulumi("config", "set", "travel:baseUrl", recorder.url);
      await pulumi("config", "set", "travel:clientId", emulator.bootstrap.clientId);
      await pulumi("config", "set", "--secret", "travel:clientSecret", emulator.bootstrap.clientSecret);

      // The first preview: the lookup's company does not exist yet, so its result is unknown.
      const preview = JSON.parse(await pulumi("preview", "--json")) as {
        changeSummary: Record<string, number>;
      };
      expect(preview.changeSummary).toEqual({ create: 15 });
      const { result: up, calls } = await callsOf(() => pulumi("up", "--yes", "--skip-preview", "--json"));
      const created = updateSteps(up).map((step) => step.urn.split("::").slice(-2).join("::"));
      expect(created).toContain("travel:index:OptionGroup::project-codes");
      expect(new Set(created.map((urn) => urn.split("::")[0]))).toEqual(
        new Set([
          "pulumi:pulumi:Stack",
          ...[
            "Company",
            "LegalEntity",
            "Office",
            "CostCenter",
            "Department",
            "Grade",
            "CompanyFeatures",
            "CompanyConfig",
            "CustomField",
            "Arm",
            "OptionGroup",
            "CustomFieldOrder",
          ].map((type) => `travel:index:${type}`),
        ]),
      );
      expect(calls.filter((r) => r.route === "POST /v2/companies")).toHaveLength(1);

      const outputs = JSON.parse(await pulumi("stack", "output", "--json")) as Record<string, string>;
      companyId = outputs.companyId ?? "";
      expect(companyId).not.toBe("");
      // The lookup (fn::invoke travel:index:getUserGroup) found the company's standard group.
      const travelers = await client.post<{ userGroups: { id: string; name: string }[] }>(
        apiPath`/v3/companies/${companyId}/user-groups/list`,
        { body: { pagination: { offset: 0, limit: 100 } }, idempotent: true },
      );
      expect(outputs.travelersGroupId).toBe(travelers.userGroups.find((g) => g.name === "Travelers")?.id);
    });

    it("previews examples/resources/yaml, the resource pages' YAML examples, and refuses hostile ids and duplicates, through the plugin", async () => {
      const examples = join(dir, "resource-examples");
      cpSync(RESOURCE_EXAMPLES, examples, { recursive: true });
      const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const inExamples = async (...args: string[]) =>
        (
          await promisify(execFile)("pulumi", [...args, "--stack", STACK, "--non-interactive"], {
            cwd: examples,
            env,
            maxBuffer: 64 << 20,
          })
        ).stdout;
      await inExamples("stack", "init");
      await inExamples("config", "set", "travel:baseUrl", recorder.url);
      await inExamples("config", "set", "travel:clientId", emulator.bootstrap.clientId);
      await inExamples("config", "set", "--secret", "travel:clientSecret", emulator.bootstrap.clientSecret);
      // A PEM starts with dashes: after `--`, so the CLI does not read it as a flag.
      const pem = publicKey.export({ type: "spki", format: "pem" }).toString();
      await promisify(execFile)(
        "pulumi",
        ["config", "set", "partnerAPublicKeyPem", "--stack", STACK, "--non-interactive", "--", pem],
        { cwd: examples, env },
      );
      // Every resource passes the plugin's checks of its inputs; its company is new, so nothing is read.
      const preview = JSON.parse(await inExamples("preview", "--json")) as {
        changeSummary: Record<string, number>;
      };
      const declared = parseDocument(readFileSync(join(examples, "Pulumi.yaml"), "utf8")).get("resources");
      if (!isMap(declared)) throw new Error("no resources map in examples/resources/yaml");
      expect(preview.changeSummary).toEqual({ create: declared.items.length + 1 });

      // Ids that are not one path segment fail the plugin's preview, naming the property, with no write
      // (one preview each: the engine stops at the first resource its check refuses).
      const failed = (error: Error & { stdout?: string; stderr?: string }) =>
        `${error.message}\n${error.stdout ?? ""}\n${error.stderr ?? ""}`;
      const hostile = [
        ["travel:index:TenantKey", "{ companyId: ../x }", "companyId"],
        ["travel:index:ApiUser", '{ role: COMPANY_ADMIN, orgId: "x?y=1#z" }', "orgId"],
      ] as const;
      for (const [type, properties, property] of hostile) {
        const program = ["name: resource-examples-yaml", "runtime: yaml", "resources:", "  hostile:"];
        program.push(`    type: ${type}`, `    properties: ${properties}`, "");
        writeFileSync(join(examples, "Pulumi.yaml"), program.join("\n"));
        const refused = await callsOf(() => inExamples("preview").then(() => "", failed));
        expect(refused.result).toMatch(new RegExp(`${property}: must be [^\\n]*letters, digits`));
        expect(refused.calls.filter((call) => call.method !== "GET")).toEqual([]);
      }

      // Two cost centers of one company with one externalId fail the preview, naming both, with no write.
      const duplicates = [
        "name: resource-examples-yaml",
        "runtime: yaml",
        "resources:",
        ...["sales", "sales-again"].flatMap((name) => [
          `  ${name}:`,
          "    type: travel:index:CostCenter",
          `    properties: { companyId: ${companyId}, name: ${name}, externalId: dup-ext }`,
        ]),
        "",
      ].join("\n");
      writeFileSync(join(examples, "Pulumi.yaml"), duplicates);
      const twice = await callsOf(() => inExamples("preview").then(() => "", failed));
      expect(twice.result).toMatch(/externalId "dup-ext", already used by CostCenter "sales(-again)?"/);
      expect(twice.calls.filter((call) => call.method !== "GET")).toEqual([]);
    });

    it("keeps a state without __provider, without plaintext secrets, ≤ 1.5 KB per resource", () => {
      const text = checkpoint();
      expect(text).not.toContain("__provider");
      expect(text).not.toContain(emulator.bootstrap.clientSecret);
      // The example's 14 resources; the stack and the default provider are not the plugin's.
      expect(declaredResources(stateResources()).map((r) => r.type.split(":")[0])).toEqual(
        Array(14).fill("travel"),
      );
      const average = bytesPerResource(text);
      console.log(`yaml-tenant state: ${Math.round(average)} bytes per resource on average`);
      expect(average).toBeLessThanOrEqual(1536);
    });

    it("previews an arm's audience change as exactly the steps the update takes, the rest unchanged", async () => {
      const before = readFileSync(program(), "utf8");
      const changed = before.replace("id: ${acme-us.legalEntityId}", "id: ${acme-fr.legalEntityId}");
      expect(changed).not.toBe(before);
      writeFileSync(program(), changed);

      // The preview writes nothing; every resource but the arm is the same (a no-change preview).
      const { result: previewed, calls: previewCalls } = await callsOf(() => pulumi("preview", "--json"));
      expect(previewCalls.filter((r) => r.method !== "GET" && !r.route.endsWith("/list"))).toEqual([]);
      const preview = previewSteps(previewed);
      const { result: up, calls } = await callsOf(() => pulumi("up", "--yes", "--skip-preview", "--json"));
      const arm = {
        op: "update",
        urn: expect.stringMatching(/::travel:index:Arm::project-code-us$/),
        diffs: ["audiences"],
      };
      expect(preview).toEqual([arm]);
      expect(updateSteps(up)).toEqual(preview);
      expect(preview.some((step) => step.urn.includes("OptionGroup"))).toBe(false);
      expect(
        calls.filter((r) => r.method !== "GET" && !r.route.endsWith("/list")).map((r) => r.route),
      ).toEqual(["PUT /v3/companies/:companyId/custom-fields/:customFieldId/arms/:armId"]);
    });

    it("refreshes a change made on the platform, and `up` undoes it", async () => {
      await renameCostCenterOutOfBand(emulator, companyId, "Sales", "Sales (renamed)");
      expect(summaryChanges(await pulumi("refresh", "--yes", "--skip-preview", "--json"))).toMatchObject({
        update: 1,
      });
      expect(resourceOutputs("::travel:index:CostCenter::sales").name).toBe("Sales (renamed)");

      const up = await pulumi("up", "--yes", "--skip-preview", "--json");
      expect(updateSteps(up)).toEqual([
        { op: "update", urn: expect.stringMatching(/::travel:index:CostCenter::sales$/), diffs: ["name"] },
      ]);
      const { costCenterId } = resourceOutputs("::travel:index:CostCenter::sales") as {
        costCenterId: string;
      };
      const platform = await client.get<{ name: string }>(
        apiPath`/v2/companies/${companyId}/cost-centers/${costCenterId}`,
      );
      expect(platform.name).toBe("Sales");
    });

    it("imports a cost center made by hand without creating one, and the program then matches", async () => {
      const hand = await client.post<{ id: string }>(apiPath`/v2/companies/${companyId}/cost-centers`, {
        body: { name: "Made by hand", externalId: "cc-hand" },
      });
      const out = join(dir, "imported.yaml");
      const { calls } = await callsOf(() =>
        pulumi(
          "import",
          "travel:index:CostCenter",
          "hand",
          `${companyId}/${hand.id}`,
          "--yes",
          "--protect=false",
          "--out",
          out,
        ),
      );
      expect(calls.filter((r) => r.method === "POST" && !r.route.endsWith("/list"))).toEqual([]);

      // The generated code goes into the program's resources.
      const imported = parseDocument(readFileSync(out, "utf8")).get("resources");
      const document = parseDocument(readFileSync(program(), "utf8"));
      const resources = document.get("resources");
      if (!isMap(imported) || !isMap(resources))
        throw new Error("no resources map in the program or the import");
      expect(imported.items.map((pair) => String(pair.key))).toEqual(["hand"]);
      for (const pair of imported.items) resources.add(pair);
      writeFileSync(program(), document.toString());

      await pulumi("preview", "--expect-no-changes");
    });

    it("destroys everything: the platform holds none of the company's objects", async () => {
      const objects = await readTenant(client, [companyId], definitions);
      expect(objects.map((o) => o.type)).toEqual(
        expect.arrayContaining(["CostCenter", "CustomField", "Arm"]),
      );
      expect(objects.filter((o) => o.type === "CostCenter")).toHaveLength(3);

      const destroyed = summaryChanges(await pulumi("destroy", "--yes", "--skip-preview", "--json"));
      expect(destroyed.delete).toBeGreaterThanOrEqual(16);
      expect(await readTenant(client, [companyId], definitions)).toEqual([]);
      const companies = await client.get<{ elements?: { id: string }[] }>("/v2/companies", {
        query: { offset: 0, limit: 100 },
      });
      expect((companies.elements ?? []).map((c) => c.id)).not.toContain(companyId);
      expect(declaredResources(stateResources())).toEqual([]);
    });

    it("serves two explicit providers, each resource with its own provider's credentials", async () => {
      const second = await client.post<{ clientId: string; clientSecret: string }>("/v2/api-users", {
        body: { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" },
      });
      const two = join(dir, "two-providers");
      mkdirSync(two);
      const provider = (clientId: string, secret: string) => `
    type: pulumi:providers:travel
    properties:
      baseUrl: ${recorder.url}
      clientId: ${clientId}
      clientSecret:
        fn::secret: ${secret}`;
      const company = (name: string, by: string) => `
    type: travel:index:Company
    properties:
      name: ${name}
      externalId: ${name.toLowerCase()}
      billingCurrency: USD
    options:
      provider: \${${by}}`;
      writeFileSync(
        join(two, "Pulumi.yaml"),
        `name: two-providers\nruntime: yaml\nresources:\n  first:${provider(emulator.bootstrap.clientId, emulator.bootstrap.clientSecret)}\n` +
          `  second:${provider(second.clientId, second.clientSecret)}\n` +
          `  one:${company("One", "first")}\n  other:${company("Other", "second")}\n`,
      );
      const inTwo = (...args: string[]) =>
        promisify(execFile)("pulumi", [...args, "--stack", STACK, "--non-interactive"], { cwd: two, env });
      await promisify(execFile)("pulumi", ["stack", "init", STACK, "--non-interactive"], { cwd: two, env });
      const before = emulator.admin.lastRequestSeq;
      await inTwo("up", "--yes", "--skip-preview");
      const creates = emulator.admin.requests(before).filter((r) => r.route === "POST /v2/companies");
      expect(creates.map((r) => r.clientId).sort()).toEqual(
        [emulator.bootstrap.clientId, second.clientId].sort(),
      );
      const state = checkpointText(backend, "two-providers", STACK);
      expect(state).not.toContain(second.clientSecret);
    });
  },
);
