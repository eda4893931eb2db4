/**
 * `pulumi import` of every registry type through the provider plugin `travel`, into a Pulumi YAML
 * stack: one object of each type made by hand through the API (no engine), all imported in one
 * `pulumi import --file` run with the generated code written out, that code appended to the
 * program, and then `pulumi preview --expect-no-changes`. The import creates and changes nothing
 * on the platform (its state is byte for byte the same after it). Then one more object taken over
 * with the `import` resource option: `up` imports it, creating nothing.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { clearSharedTokens, type TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { importIdOf } from "../../src/provider/model/import-id";
import type { Values } from "../../src/provider/model/values";
import { definitionOf, definitions } from "../../src/resources/registry";
import type { ContractRecorder } from "../support/contract-recorder";
import { assertNoContractViolations } from "../support/contract-recorder";
import { fileBackendEnv } from "../support/file-stack";
import { clientFor, travelEnv } from "../support/live-emulator";
import { oneOfEach } from "../support/one-of-each";
import { repoRoot } from "../support/packed-project";
import { e2eSkipReason, startE2eRecorder } from "./harness";
import { cleanEnv } from "../support/clean-env";
import { standaloneContext } from "../../src/provider/model/resource-context";

/** Types this test does not import, each with the reason (none: every type imports). */
const LEFT_OUT: Readonly<Record<string, string>> = {};

/**
 * Inputs an object was made with that the platform never shows, so its import cannot hold them:
 * the fields a create takes once, a rotation request, key material; and the order of a company's
 * fields, which an import takes whole (every own field, not only the two the row ordered).
 */
const UNREADABLE: Readonly<Record<string, readonly string[]>> = {
  CostCenter: ["numberOfEmployees"],
  ApiUser: ["rotation"],
  PartnerPublicKey: ["jwk", "publicKeyPem"],
  CustomFieldOrder: ["fieldIds"],
};

/** The YAML language host, which runs the program and writes the generated code. */
const YAML_HOST = "pulumi-language-yaml";

function onPath(program: string): boolean {
  return (process.env.PATH ?? "").split(":").some((dir) => dir !== "" && existsSync(join(dir, program)));
}

/** Why this file cannot run here; empty when it can. Under CI=true a missing tool fails instead. */
function skipReason(): string {
  const reason =
    e2eSkipReason() ||
    (onPath(YAML_HOST) ? "" : `${YAML_HOST} not found on PATH`) ||
    (existsSync(join(repoRoot(), "schemas", "pulumi-package.json"))
      ? ""
      : "schemas/pulumi-package.json is missing (the plugin serves it)");
  if (reason !== "" && process.env.CI === "true") throw new Error(`CI=true: plugin-import needs ${reason}`);
  return reason;
}

const skip = skipReason();

/** One object made by hand, and the name and id it is imported under. */
interface Made {
  type: string;
  name: string;
  importId: string;
  inputs: Values;
}

/** The import id of the object `id` of `type` made from `inputs`: the form's segments filled in. */
function importIdFor(type: string, id: string, inputs: Values): string {
  const definition = definitionOf(type);
  const form = importIdOf(definition);
  const own =
    definition.capabilities?.outputRules?.idOutput ?? `${type.charAt(0).toLowerCase()}${type.slice(1)}Id`;
  const values: Values = { ...inputs, [own]: id };
  const required = form.form.split("[")[0] ?? "";
  return [...required.matchAll(/<(\w+)>/g)].map(([, name]) => String(values[name ?? ""])).join("/");
}

describe.skipIf(skip !== "")("pulumi import through the plugin", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let client: TravelClient;
  let work: string;
  const made: Made[] = [];

  /** Runs the pulumi CLI in the project; its exit code and output. */
  function pulumi(args: string[]): Promise<{ code: number | null; output: string; stdout: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn("pulumi", [...args, "--stack", "e2e", "--non-interactive"], {
        cwd: join(work, "project"),
        env: {
          ...cleanEnv(),
          ...fileBackendEnv(join(work, "backend")),
          ...travelEnv(emulator, recorder.url),
        },
      });
      let output = "";
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        stdout += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, output, stdout }));
    });
  }

  /** Runs the pulumi CLI and fails, with its output, unless it succeeds; its output and stdout. */
  async function pulumiOk(args: string[]): Promise<{ output: string; stdout: string }> {
    const { code, output, stdout } = await pulumi(args);
    if (code !== 0) throw new Error(`pulumi ${args.join(" ")} exited ${code}:\n${output}`);
    return { output, stdout };
  }

  const programFile = () => join(work, "project", "Pulumi.yaml");
  const readProgram = () => parse(readFileSync(programFile(), "utf8")) as Record<string, unknown>;
  const writeProgram = (program: Record<string, unknown>) => writeFileSync(programFile(), stringify(program));

  /** Platform calls since `afterSeq` that write: any PUT, PATCH or DELETE, and POSTs that created. */
  const writesSince = (afterSeq: number) =>
    emulator.admin
      .requests(afterSeq)
      .filter(
        (r) => ["PUT", "PATCH", "DELETE"].includes(r.method) || (r.method === "POST" && r.status === 201),
      )
      .map((r) => `${r.method} ${r.path} ${r.status}`);

  /** The platform's state, by collection (JSON text of each). */
  const stateOf = (): Record<string, string> => {
    const { collections } = JSON.parse(emulator.context.store.serialize()) as {
      collections: Record<string, unknown>;
    };
    return Object.fromEntries(
      Object.entries(collections).map(([name, records]) => [name, JSON.stringify(records)]),
    );
  };
  /**
   * The collections whose records differ from `before`, but `tokens`: the platform issues the
   * plugin an access token for its reads.
   */
  const changedSince = (before: Record<string, string>) => {
    const after = stateOf();
    return Object.keys({ ...before, ...after }).filter(
      (name) => name !== "tokens" && before[name] !== after[name],
    );
  };

  beforeAll(async () => {
    clearSharedTokens();
    emulator = await startEmulator({ logErrors: false });
    recorder = await startE2eRecorder(emulator.url, "e2e plugin-import");
    client = clientFor(emulator);
    work = mkdtempSync(join(tmpdir(), "pulumi-travel-import-"));
    const plugins = join(work, "plugins");
    const project = join(work, "project");
    for (const dir of [plugins, project, join(work, "backend")]) mkdirSync(dir);
    const launcher = join(plugins, "pulumi-resource-travel");
    writeFileSync(launcher, `#!/bin/sh\nexec node ${join(repoRoot(), "dist", "src", "plugin.js")} "$@"\n`);
    chmodSync(launcher, 0o755);
    writeProgram({
      name: "plugin-import",
      runtime: "yaml",
      plugins: { providers: [{ name: "travel", path: plugins }] },
      resources: {},
    });
    await pulumiOk(["stack", "init"]);

    // One object of every type, made by hand: the type's own create calls, no engine. The company
    // holding them is imported too, with more of its fields set than the Company row sets.
    const parent: Values = {
      name: "Import Co",
      billingCurrency: "USD",
      companyRoles: ["ORG"],
      externalId: "import-co",
      emailDomains: ["import.example"],
      isSelfSignUpEnabled: true,
      postalAddress: { addressLines: ["1 Import Way"], regionCode: "US" },
    };
    const { id: companyId } = await definitionOf("Company").create(
      standaloneContext(client),
      parent,
      () => undefined,
    );
    made.push({ type: "Company", name: "parentCompany", importId: companyId, inputs: parent });
    for (const [type, definition] of Object.entries(definitions)) {
      if (type in LEFT_OUT) continue;
      const row = oneOfEach[type];
      if (!row) throw new Error(`test/support/one-of-each.ts has no row for ${type}`);
      const inputs = await row.inputs({ emulator, client, companyId });
      const parsed: Values = definition.inputs.parse(inputs);
      const { id } = await definition.create(standaloneContext(client), parsed, () => undefined);
      const name = `${type.charAt(0).toLowerCase()}${type.slice(1)}`;
      made.push({ type, name, importId: importIdFor(type, id, parsed), inputs: parsed });
    }
  });

  afterAll(async () => {
    await client?.close();
    await recorder?.close();
    await emulator?.close();
    if (work) rmSync(work, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e plugin-import");
  });

  it("walks the registry: every type is imported or named with a reason", () => {
    const imported = made.map((object) => object.type);
    const missing = Object.keys(definitions).filter(
      (type) => !imported.includes(type) && !(type in LEFT_OUT),
    );
    expect(missing).toEqual([]);
    expect(new Set(imported).size + Object.keys(LEFT_OUT).length).toBe(Object.keys(definitions).length);
  });

  it("imports every type in one run, creating nothing, and the generated program previews no changes", async () => {
    const importFile = join(work, "import.json");
    writeFileSync(
      importFile,
      JSON.stringify({
        resources: made.map(({ type, name, importId }) => ({
          type: `travel:index:${type}`,
          name,
          id: importId,
        })),
      }),
    );
    const generated = join(work, "generated.yaml");
    const before = stateOf();
    const seq = emulator.admin.lastRequestSeq;
    await pulumiOk(["import", "--file", importFile, "--out", generated, "--yes", "--protect=false"]);
    expect(writesSince(seq), "the import wrote to the platform").toEqual([]);
    expect(changedSince(before), "collections the import changed").toEqual([]);

    const resources = (parse(readFileSync(generated, "utf8")) as { resources: Record<string, Values> })
      .resources;
    expect(Object.keys(resources).sort()).toEqual(made.map((object) => object.name).sort());
    // The generated code declares what each object was made with, but what the platform never shows.
    for (const { type, name, inputs } of made) {
      const unseen = UNREADABLE[type] ?? [];
      const expected = Object.fromEntries(Object.entries(inputs).filter(([key]) => !unseen.includes(key)));
      expect(resources[name]?.properties, `generated ${type}`).toMatchObject(expected);
    }
    // The platform never returns a partner key's material: the program declares it, and the
    // recorded thumbprint proves it is the imported key.
    const key = made.find((object) => object.type === "PartnerPublicKey");
    const keyResource = key && resources[key.name];
    if (key && keyResource)
      keyResource.properties = { ...(keyResource.properties as Values), jwk: key.inputs.jwk };
    writeProgram({ ...readProgram(), resources });

    const previewSeq = emulator.admin.lastRequestSeq;
    await pulumiOk(["preview", "--expect-no-changes", "--diff"]);
    expect(writesSince(previewSeq)).toEqual([]);

    // An imported API user's secret stays unknown: the platform shows it only at creation.
    const { deployment } = JSON.parse((await pulumiOk(["stack", "export"])).stdout) as {
      deployment: { resources: { type: string; id?: string; outputs?: Values }[] };
    };
    const user = deployment.resources.find((resource) => resource.type === "travel:index:ApiUser");
    expect(user?.outputs).toMatchObject({ clientId: user?.id, role: "TMC_ADMIN" });
    expect(user?.outputs?.clientSecret).toBeUndefined();
  });

  it("takes over an object with the import resource option: up imports it and creates nothing", async () => {
    const costCenters = made.find((object) => object.type === "CostCenter");
    if (!costCenters) throw new Error("no cost center was made");
    const companyId = String(costCenters.inputs.companyId);
    const { id } = await definitionOf("CostCenter").create(
      standaloneContext(client),
      { companyId, name: "Taken over", externalId: "cc-taken" },
      () => undefined,
    );
    const program = readProgram();
    writeProgram({
      ...program,
      resources: {
        ...(program.resources as Values),
        takenOver: {
          type: "travel:index:CostCenter",
          properties: { companyId, name: "Taken over", externalId: "cc-taken" },
          options: { import: `${companyId}/${id}` },
        },
      },
    });
    const before = stateOf();
    const seq = emulator.admin.lastRequestSeq;
    const { output } = await pulumiOk(["up", "--yes", "--diff"]);
    expect(output).toMatch(/1 imported/);
    expect(output).not.toMatch(/\bcreate/);
    expect(writesSince(seq)).toEqual([]);
    expect(changedSince(before), "collections the up changed").toEqual([]);
    await pulumiOk(["preview", "--expect-no-changes"]);
  });
});
