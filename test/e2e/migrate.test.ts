/**
 * Moving the example tenant (examples/tenant/tenant.yaml, what `npm run demo` deploys) from the
 * dynamic resources onto the provider plugin with `pulumi-travel migrate`, and taking the same live
 * tenant into a new stack with the program `export --format yaml-program` writes. Both through the
 * packed package's CLI and the real engine with the YAML language host, against one emulator:
 *
 * - the stack is deployed with the dynamic resources (a JavaScript program);
 * - `migrate` moves its state and writes the YAML program; the program's preview shows no changes;
 *   neither sends one POST (but the token and listings) nor DELETE to the platform;
 * - the state keeps its secrets as ciphertext; nothing written or printed holds a plaintext secret;
 * - a second `migrate` leaves the state as it is; a state with a pending operation is refused;
 * - the exported YAML program, `up` in a new stack, imports every object with no POST (but the
 *   token and listings) nor DELETE, and then previews no changes.
 */
import { execFile } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { createFileStack, fileBackendEnv } from "../support/file-stack";
import { repoRoot } from "../support/packed-project";
import { pluginProject } from "../support/plugin-classes";
import { startE2eRecorder, yamlHostSkipReason } from "./harness";
import { cleanEnv } from "../support/clean-env";

const STACK = "dev";
const TOKEN_ROUTE = "POST /v2/auth/oauth2-token";
const MANIFEST = join(repoRoot(), "examples", "tenant", "tenant.yaml");

/**
 * Names a YAML program must write as text (issue 45 item 8): an interpolation of the program's own
 * company, escapes, quotes, line breaks, unicode. The first one's Pulumi name holds `$${` too.
 */
const HOSTILE = [
  "${acme.companyId}",
  "$${acme.companyId} and $$ and $",
  `say "hi" and 'bye': # not a comment`,
  "line one\nline two",
  "Zürich ☃ 東京 🚀",
];

/** The example tenant as the repository's program declares it, in JavaScript, and hostile cost centers. */
const PROGRAM = `
const { CostCenter, tenantFromManifest } = require("pulumi-travel");
const tenant = tenantFromManifest(${JSON.stringify(MANIFEST)});
${JSON.stringify(HOSTILE)}.forEach((name, i) =>
  new CostCenter(i === 0 ? "hostile-$\${odd}" : "hostile-" + i, {
    companyId: tenant.company.companyId,
    name,
    externalId: i === 0 ? "ext-\${acme.companyId}" : undefined,
  }),
);
exports.companyId = tenant.company.companyId;
exports.legalEntityIds = Object.fromEntries(
  Object.entries(tenant.legalEntities).map(([key, entity]) => [key, entity.legalEntityId]),
);
`;

interface StateResource {
  urn: string;
  type: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  provider?: string;
}
interface ExportedState {
  deployment: { resources: StateResource[]; pending_operations?: unknown[] };
}

type Values = Record<string, unknown>;

/** A string as Pulumi YAML reads it when it holds no interpolation: `$$` is one `$`. */
const unescaped = (value: unknown) => String(value).replaceAll("$$", () => "$");

const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const isSecret = (value: unknown) => typeof value === "object" && value !== null && SECRET_SIG in value;

describe.skipIf(yamlHostSkipReason() !== "")("pulumi-travel migrate and export --format yaml-program", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let stack: Stack;
  let programDir = "";
  let backendDir = "";
  let work = "";
  let packageDir = "";
  let companyId = "";
  let before: ExportedState;

  const env = () => ({
    ...cleanEnv(),
    ...fileBackendEnv(backendDir),
  });
  /** Runs `command` in `cwd`; its exit code and output (never throws on a failed command). */
  const run = async (command: string, args: string[], cwd: string, more: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(command, args, {
        cwd,
        env: { ...env(), ...more },
        maxBuffer: 64 << 20,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const { code, stdout = "", stderr = "" } = error as { code?: number; stdout?: string; stderr?: string };
      return { code: code ?? 1, stdout, stderr };
    }
  };
  const ok = async (command: string, args: string[], cwd: string, more: Record<string, string> = {}) => {
    const result = await run(command, args, cwd, more);
    if (result.code !== 0)
      throw new Error(
        `${command} ${args.join(" ")} exited ${result.code}:\n${result.stdout}\n${result.stderr}`,
      );
    return result;
  };
  /** The TRAVEL_* settings for the emulator (behind its recorder), as a user's shell would hold them. */
  const travelEnv = () => ({
    TRAVEL_BASE_URL: recorder.url,
    TRAVEL_CLIENT_ID: emulator.bootstrap.clientId,
    TRAVEL_CLIENT_SECRET: emulator.bootstrap.clientSecret,
  });
  const cli = (...args: string[]) =>
    run(process.execPath, [join(packageDir, "dist", "src", "cli", "main.js"), ...args], work, travelEnv());
  const pulumiIn = (dir: string, stackName: string, ...args: string[]) =>
    ok("pulumi", [...args, "--stack", stackName, "--non-interactive"], dir);
  /** The calls since `seq` that are POSTs (but the token and the listings, which read) or DELETEs. */
  const postsAndDeletes = (seq: number) =>
    emulator.admin
      .requests(seq)
      .filter((r) => r.route !== TOKEN_ROUTE && !/\/(list|roles)$/.test(r.path))
      .filter(
        (r) => r.method === "POST" || r.method === "DELETE" || r.method === "PUT" || r.method === "PATCH",
      )
      .map((r) => `${r.method} ${r.path} ${r.status}`);
  /** The state as `pulumi stack export` writes it (secrets as ciphertext; the Automation API shows them). */
  const exported = async () =>
    JSON.parse((await pulumiIn(programDir, STACK, "stack", "export")).stdout) as ExportedState;

  beforeAll(async () => {
    const under = inject("packedProjectDir");
    packageDir = join(under, "node_modules", "pulumi-travel");
    emulator = await startEmulator({ logErrors: false });
    recorder = await startE2eRecorder(emulator.url, "e2e migrate");
    ({ stack, programDir, backendDir } = await createFileStack({
      under,
      project: "tenant",
      program: PROGRAM,
      emulator: { ...emulator, url: recorder.url },
      stackName: STACK,
    }));
    work = mkdtempSync(join(tmpdir(), "pulumi-travel-migrate-"));
    const up = await stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 25 + HOSTILE.length });
    companyId = String(up.outputs.companyId?.value);
    before = await exported();
  });
  afterAll(async () => {
    await recorder?.close();
    await emulator?.close();
    for (const dir of [programDir, work]) if (dir) rmSync(dir, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e migrate");
  });

  it("moves the stack onto the plugin; its program previews no changes; no POST or DELETE reaches the platform", async () => {
    expect(
      before.deployment.resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/travel:")),
    ).toHaveLength(24 + HOSTILE.length);
    const seq = emulator.admin.lastRequestSeq;
    const out = join(work, "yaml");
    const migrated = await cli("migrate", "--stack", STACK, "--cwd", programDir, "--out", out);
    expect(migrated.stderr).toBe("");
    expect(migrated.code).toBe(0);
    expect(migrated.stdout).toContain(
      `moved ${24 + HOSTILE.length} resource(s) of stack ${STACK} onto the plugin`,
    );
    expect(emulator.admin.requests(seq), "migrate itself calls the platform").toEqual([]);

    const state = await exported();
    const types = state.deployment.resources.map((r) => r.type);
    expect(types.filter((type) => type.startsWith("pulumi-nodejs:"))).toEqual([]);
    expect(types.filter((type) => type.startsWith("travel:index:"))).toHaveLength(24 + HOSTILE.length);
    const provider = state.deployment.resources.find((r) => r.type === "pulumi:providers:travel");
    expect(provider?.urn).toBe(`urn:pulumi:${STACK}::tenant::pulumi:providers:travel::default`);
    // Same ids, same outputs (the id output added), the secrets still ciphertext.
    const beforeById = new Map(before.deployment.resources.map((r) => [r.urn.split("::").pop(), r]));
    for (const resource of state.deployment.resources.filter((r) => r.type.startsWith("travel:index:"))) {
      const old = beforeById.get(resource.urn.split("::").pop());
      expect(resource.provider).toMatch(/::pulumi:providers:travel::default::/);
      expect(resource.outputs).toMatchObject(
        Object.fromEntries(
          Object.entries(old?.outputs ?? {})
            .filter(([key]) => key !== "__provider")
            // `stack import` encrypts each secret again: the same value under a new nonce.
            .map(([key, value]) => [
              key,
              isSecret(value) ? { [SECRET_SIG]: expect.any(String), ciphertext: expect.any(String) } : value,
            ]),
        ),
      );
    }
    const apiUser = state.deployment.resources.find((r) => r.type === "travel:index:ApiUser");
    const oldApiUser = before.deployment.resources.find((r) => r.type.endsWith("travel:ApiUser"));
    expect(apiUser?.outputs?.clientSecret).toMatchObject({
      [SECRET_SIG]: expect.any(String),
      ciphertext: expect.any(String),
    });
    expect(oldApiUser?.outputs?.clientSecret).toMatchObject({ ciphertext: expect.any(String) });
    expect(provider?.inputs?.clientSecret).toMatchObject({ ciphertext: expect.any(String) });

    // The backup is the state as it was; nothing written or printed holds a plaintext secret.
    const files = readdirSync(out).sort();
    expect(files).toEqual([
      "Pulumi.dev.yaml",
      "Pulumi.yaml",
      expect.stringMatching(/^dev\.pre-migration-.*\.json$/),
    ]);
    const backup = JSON.parse(readFileSync(join(out, files[2] ?? ""), "utf8")) as ExportedState;
    expect(backup.deployment.resources).toEqual(before.deployment.resources);
    for (const text of [migrated.stdout, ...files.map((file) => readFileSync(join(out, file), "utf8"))])
      expect(text).not.toContain(emulator.bootstrap.clientSecret);

    appendFileSync(join(out, "Pulumi.yaml"), pluginProject(out, packageDir));
    const program = readFileSync(join(out, "Pulumi.yaml"), "utf8");
    expect(program).toContain("legalEntityId: ${acme-us.legalEntityId}");
    // Every hostile name is written as text: the YAML host reads back what the state holds.
    const written = parse(program) as { resources: Record<string, { name?: string; properties: Values }> };
    const hostile = Object.values(written.resources).filter((r) =>
      HOSTILE.includes(unescaped(r.properties.name)),
    );
    expect(hostile.map((r) => unescaped(r.properties.name)).sort()).toEqual([...HOSTILE].sort());
    expect(hostile.map((r) => r.name).filter(Boolean)).toEqual(["hostile-$$$${odd}"]);
    await pulumiIn(out, STACK, "preview", "--expect-no-changes", "--diff");
    expect(postsAndDeletes(seq)).toEqual([]);
  });

  it("leaves a migrated stack as it is when run again", async () => {
    const state = await exported();
    const again = await cli(
      "migrate",
      "--stack",
      STACK,
      "--cwd",
      join(work, "yaml"),
      "--out",
      join(work, "again"),
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(
      `stack ${STACK} has no dynamic travel resources (${24 + HOSTILE.length} already on the plugin)`,
    );
    expect((await exported()).deployment.resources).toEqual(state.deployment.resources);
    expect(readdirSync(join(work, "again")).sort()).toEqual(["Pulumi.dev.yaml", "Pulumi.yaml"]);
  });

  it("refuses a stack with a pending operation, naming it and what to do, and changes nothing", async () => {
    // `pulumi stack import` drops pending operations, so the checkpoint is edited as an interrupted run leaves it.
    const checkpoint = join(backendDir, ".pulumi", "stacks", "tenant", `${STACK}.json`);
    const text = readFileSync(checkpoint, "utf8");
    const edited = JSON.parse(text) as { checkpoint: { latest: ExportedState["deployment"] } };
    const company = edited.checkpoint.latest.resources.find((r) => r.type === "travel:index:Company");
    edited.checkpoint.latest.pending_operations = [{ type: "creating", resource: company }];
    writeFileSync(checkpoint, JSON.stringify(edited));
    const seq = emulator.admin.lastRequestSeq;
    const refused = await cli(
      "migrate",
      "--stack",
      STACK,
      "--cwd",
      programDir,
      "--out",
      join(work, "pending"),
    );
    expect(refused.code).toBe(9);
    expect(refused.stderr).toContain(`creating ${company?.urn}`);
    expect(refused.stderr).toContain("pulumi refresh --clear-pending-creates");
    expect(existsSync(join(work, "pending"))).toBe(false);
    expect(readFileSync(checkpoint, "utf8")).toBe(JSON.stringify(edited));
    expect(emulator.admin.requests(seq)).toEqual([]);
    writeFileSync(checkpoint, text);
  });

  it("exports the live tenant as a YAML program whose up imports every object, creating nothing, then previews no changes", async () => {
    const out = join(work, "exported");
    const seq = emulator.admin.lastRequestSeq;
    const written = await cli("export", "--company", companyId, "--format", "yaml-program", "--out", out);
    expect(written.code).toBe(0);
    expect(postsAndDeletes(seq)).toEqual([]);
    const resources = (parse(readFileSync(join(out, "Pulumi.yaml"), "utf8")) as { resources: object })
      .resources;
    const count = Object.keys(resources).length;
    // The tenant's objects but its API user, which export leaves out (listed by the TMC, not the company).
    expect(count).toBeGreaterThanOrEqual(23 + HOSTILE.length);
    appendFileSync(join(out, "Pulumi.yaml"), pluginProject(out, packageDir));
    const imported = "imported";
    await ok("pulumi", ["stack", "init", imported, "--non-interactive"], out);
    // The new stack's provider reads the TRAVEL_* settings of the environment.
    const inImported = (...args: string[]) =>
      ok("pulumi", [...args, "--stack", imported, "--non-interactive"], out, travelEnv());

    const upSeq = emulator.admin.lastRequestSeq;
    const up = await inImported("up", "--yes", "--skip-preview");
    expect(up.stdout).toMatch(new RegExp(`= ${count} imported`));
    // Created: the stack only.
    expect(up.stdout).toMatch(/\+ 1 created\n/);
    expect(up.stdout).not.toMatch(/travel:index:\S+ \S+ created/);
    await inImported("preview", "--expect-no-changes");
    expect(postsAndDeletes(upSeq)).toEqual([]);
  });
});
