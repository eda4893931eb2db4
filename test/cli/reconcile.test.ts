/** `pulumi-travel reconcile` against a live emulator, with stack exports written by the test. */
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { listClientIds } from "../../src/resources/api-user";
import { clientFor, liveEmulator } from "../support/live-emulator";
import { CLI, FROM_SOURCE, runNode, runNodePipedFrom, runProgram, travelEnv } from "./harness";

const TOKEN = "pulumi-nodejs:dynamic/travel:";
const urn = (type: string, name: string) => `urn:pulumi:dev::p::${TOKEN}${type}::${name}`;

describe("pulumi-travel reconcile", () => {
  let emulator: RunningEmulator;
  let client: TravelClient;
  let dir: string;
  let stackFile: string;
  let companyId: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    emulator = await liveEmulator();
    client = clientFor(emulator);
    dir = mkdtempSync(join(tmpdir(), "reconcile-"));
    ({ id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Rec Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
    for (const name of ["Owned", "Pending", "Human"]) {
      const { id } = await client.post<{ id: string }>(apiPath`/v2/companies/${companyId}/cost-centers`, {
        body: { name },
      });
      ids[name] = id;
    }
    const provider = "exports.handler = ...";
    const exported = {
      version: 3,
      deployment: {
        manifest: {},
        resources: [
          {
            urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev",
            type: "pulumi:pulumi:Stack",
            custom: false,
          },
          {
            urn: urn("Company", "co"),
            type: `${TOKEN}Company`,
            custom: true,
            id: companyId,
            inputs: { __provider: provider, name: "Rec Co" },
            outputs: { __provider: provider, name: "Rec Co", companyId },
          },
          {
            urn: urn("CostCenter", "owned"),
            type: `${TOKEN}CostCenter`,
            custom: true,
            id: ids.Owned,
            inputs: { __provider: provider, companyId, name: "Owned" },
            outputs: { __provider: provider, companyId, name: "Owned" },
          },
        ],
        pending_operations: [
          {
            type: "creating",
            resource: {
              urn: urn("CostCenter", "pending"),
              type: `${TOKEN}CostCenter`,
              custom: true,
              inputs: { __provider: provider, companyId, name: "Pending" },
            },
          },
          {
            type: "creating",
            resource: {
              urn: urn("CostCenter", "never-made"),
              type: `${TOKEN}CostCenter`,
              custom: true,
              inputs: { __provider: provider, companyId, name: "Never made" },
            },
          },
        ],
      },
    };
    stackFile = join(dir, "state.json");
    writeFileSync(stackFile, JSON.stringify(exported));
  });
  afterAll(async () => {
    await client.close();
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const reconcile = (args: string[], input = "") =>
    runNode(CLI, ["reconcile", ...args], travelEnv(emulator), input);

  it("documents its options and exit codes in --help", async () => {
    const { code, stdout } = await reconcile(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("--adopt-pending <file>");
    expect(stdout).toContain("Exit codes:\n  0  nothing to reconcile, or the requested change was made\n");
    expect(stdout).toContain("  9  objects no resource owns, or pending creates, were found");
    expect(stdout).not.toContain("  7  declined");
  });

  it("lists pending creates with their object and unowned objects as JSON, exit code 9", async () => {
    const { code, stdout, stderr } = await reconcile(["--stack", stackFile, "--json"]);
    expect(stderr).toBe("");
    expect(code).toBe(9);
    const report = JSON.parse(stdout);
    expect(report.companies).toEqual([companyId]);
    expect(report.pendingCreates).toEqual([
      expect.objectContaining({
        urn: urn("CostCenter", "pending"),
        key: { by: "name", value: "Pending" },
        matches: [expect.objectContaining({ type: "CostCenter", id: ids.Pending, name: "Pending" })],
      }),
      expect.objectContaining({ urn: urn("CostCenter", "never-made"), matches: [] }),
    ]);
    expect(report.unowned).toEqual([
      expect.objectContaining({
        type: "CostCenter",
        id: ids.Human,
        adoptId: ids.Human,
        deleteCommand: `pulumi-travel reconcile --stack ${stackFile} --delete CostCenter:${ids.Human}`,
      }),
    ]);
  });

  it("prints the commands to adopt or delete each finding, reading the export from stdin", async () => {
    const { code, stdout } = await reconcile([], readFileSync(stackFile, "utf8"));
    expect(code).toBe(9);
    expect(stdout).toContain(`adoptId: "${ids.Human}"`);
    expect(stdout).toContain(`--delete CostCenter:${ids.Human}`);
    expect(stdout).toContain("pulumi refresh --clear-pending-creates --yes");
    expect(stdout).toContain("--adopt-pending adopted.json && pulumi stack import --file adopted.json");
  });

  it("reads a stack export piped from a writer that sends it in slow chunks (pulumi stack export | ...)", async () => {
    // The writer sends the export in 8 pieces, 500 ms apart, so the CLI starts reading while the
    // writer is not done: a reader that takes what the pipe holds now fails (EAGAIN) or stops short.
    const writer = `
      const text = require("node:fs").readFileSync(${JSON.stringify(stackFile)}, "utf8");
      const size = Math.ceil(text.length / 8);
      const pieces = Array.from({ length: 8 }, (_, i) => text.slice(i * size, (i + 1) * size));
      const next = () => {
        const piece = pieces.shift();
        if (piece !== undefined) process.stdout.write(piece, () => setTimeout(next, 500));
      };
      next();`;
    const { code, stdout, stderr } = await runNodePipedFrom(
      writer,
      CLI,
      ["reconcile", "--json"],
      travelEnv(emulator),
    );
    expect(stderr).toBe("");
    expect(code).toBe(9);
    expect(JSON.parse(stdout)).toMatchObject({ companies: [companyId] });
  });

  it("refuses a terminal on stdin with a usage error instead of waiting (exit code 2)", async () => {
    // \`script\` runs the command with a pseudo-terminal as its stdin.
    const command = [process.execPath, "--require", FROM_SOURCE, CLI, "reconcile"]
      .map((word) => `'${word}'`)
      .join(" ");
    const { code, stdout } = await runProgram("script", ["-qec", command, "/dev/null"], travelEnv(emulator));
    expect(code).toBe(2);
    expect(stdout).toContain("reads the stack export from stdin, which is a terminal");
    expect(stdout).toContain("--stack state.json");
  });

  it("writes the export with the pending create bound to its object and the empty one cleared", async () => {
    const out = join(dir, "adopted.json");
    const { code, stderr } = await reconcile(["--stack", stackFile, "--adopt-pending", out]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const adopted = JSON.parse(readFileSync(out, "utf8"));
    expect(adopted.deployment.pending_operations).toEqual([]);
    expect(adopted.deployment.resources.at(-1)).toMatchObject({
      urn: urn("CostCenter", "pending"),
      id: ids.Pending,
      outputs: { __provider: "exports.handler = ...", name: "Pending" },
    });
  });

  it("refuses to delete an object a resource owns, and deletes an unowned one", async () => {
    const refused = await reconcile(["--stack", stackFile, "--delete", `CostCenter:${ids.Owned}`]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("not an object that no resource of this stack owns");
    await expect(
      client.get(apiPath`/v2/companies/${companyId}/cost-centers/${ids.Owned ?? ""}`),
    ).resolves.toBeDefined();

    const deleted = await reconcile(["--stack", stackFile, "--delete", `CostCenter:${ids.Human}`]);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain(`deleted CostCenter ${ids.Human} (Human)`);
    await expect(
      client.get(apiPath`/v2/companies/${companyId}/cost-centers/${ids.Human ?? ""}`),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("lists unowned custom fields, arms and partner keys, and deletes an unowned arm", async () => {
    const { id: otherCompany } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Rec Fields Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const fields = apiPath`/v3/companies/${otherCompany}/custom-fields`;
    const owned = await client.post<{ id: string }>(fields, {
      query: { companyRole: "ORG" },
      body: { name: "Owned field" },
    });
    const human = await client.post<{ id: string }>(fields, {
      query: { companyRole: "ORG" },
      body: { name: "Human field" },
    });
    const arm = await client.post<{ armId: string }>(`${fields}${apiPath`/${owned.id}/arms`}`, {
      body: { name: "Auto", action: { type: "AUTO", value: "x" }, audiences: [] },
    });
    const jwk = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" });
    const added = await client.post<{ keys: { id: string }[] }>(
      apiPath`/v2/companies/${otherCompany}/partner-public-keys`,
      { body: { keyType: "JWKS", jwks: { keys: [{ ...jwk, kid: "partner-1", use: "sig", alg: "RS256" }] } } },
    );
    const stack = join(dir, "fields.json");
    writeFileSync(
      stack,
      JSON.stringify({
        deployment: {
          resources: [
            { urn: urn("Company", "co2"), type: `${TOKEN}Company`, id: otherCompany, inputs: {} },
            {
              urn: urn("CustomField", "owned"),
              type: `${TOKEN}CustomField`,
              id: owned.id,
              inputs: { companyId: otherCompany, name: "Owned field" },
            },
          ],
        },
      }),
    );
    const { code, stdout } = await reconcile(["--stack", stack, "--json"]);
    expect(code).toBe(9);
    const unowned = (JSON.parse(stdout) as { unowned: { type: string; id: string }[] }).unowned;
    expect(unowned.map(({ type, id }) => `${type}:${id}`).sort()).toEqual(
      [`CustomField:${human.id}`, `Arm:${arm.armId}`, `PartnerPublicKey:${added.keys[0]?.id}`].sort(),
    );

    const deleted = await reconcile(["--stack", stack, "--delete", `Arm:${arm.armId}`]);
    expect(deleted.code).toBe(0);
    await expect(client.get(`${fields}${apiPath`/${owned.id}/arms/${arm.armId}`}`)).rejects.toMatchObject({
      kind: "not_found",
    });
    const revoked = await reconcile(["--stack", stack, "--delete", `PartnerPublicKey:${added.keys[0]?.id}`]);
    expect(revoked.code).toBe(0);
    const keys = await client.get<{ keys: unknown[] }>(
      apiPath`/v2/companies/${otherCompany}/partner-public-keys`,
      { query: { status: "ACTIVE" } },
    );
    expect(keys.keys).toEqual([]);
  });

  it("names exactly the API users the stack's pending creates made, and proposes revoking no other", async () => {
    const newUser = async () =>
      (
        await client.post<{ clientId: string }>("/v2/api-users", {
          body: { role: "TMC_ADMIN", credentialType: "CLIENT_CREDENTIALS" },
        })
      ).clientId;
    const held = await newUser();
    const person = await newUser();
    const caller = emulator.bootstrap.clientId;
    // What a pending create's check recorded: every clientId of the TMC then (ids-before-create.ts).
    const checked = await listClientIds(client);
    const made = await newUser();
    const apiUser = { urn: urn("ApiUser", "ci"), type: `${TOKEN}ApiUser`, inputs: { role: "COMPANY_ADMIN" } };
    const write = (name: string, pending: Record<string, unknown> | undefined) => {
      const file = join(dir, name);
      const deployment = {
        resources: [{ ...apiUser, id: held }],
        pending_operations: pending
          ? [{ type: "creating", resource: { ...apiUser, urn: urn("ApiUser", "lost"), inputs: pending } }]
          : [],
      };
      writeFileSync(file, JSON.stringify({ deployment }));
      return file;
    };
    const settled = write("users.json", undefined);

    // No pending create: other stacks' or people's, listed with no revoke and no finding.
    const listed = await reconcile(["--stack", settled, "--json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const notHeld = (id: string) => ({
      type: "ApiUser",
      id,
      caller: false,
      adoptId: id,
      madeByPendingCreate: false,
    });
    expect(JSON.parse(listed.stdout).tmcNotHeld).toEqual([
      { type: "ApiUser", id: caller, caller: true },
      notHeld(person),
      notHeld(made),
    ]);
    const text = await reconcile(["--stack", settled]);
    expect(text.stdout).toContain("this stack does not hold: 3");
    expect(text.stdout).toContain(`adoptId: "${person}"`);
    expect(text.stdout).not.toContain("revoke:");
    expect(text.stdout).toContain(`ApiUser ${caller}: the credentials reconcile runs with`);
    expect(text.stdout).not.toContain(`ApiUser ${held}`);

    // A pending create that recorded the clientIds at its check: exactly the one that appeared since.
    const interrupted = write("users-pending.json", { role: "COMPANY_ADMIN", __idsBeforeCreate: checked });
    const pending = await reconcile(["--stack", interrupted, "--json"]);
    expect(pending.code).toBe(9);
    const findings = JSON.parse(pending.stdout);
    expect(findings.pendingCreates[0].appeared).toEqual([{ type: "ApiUser", id: made, caller: false }]);
    expect(findings.tmcNotHeld).toEqual([
      { type: "ApiUser", id: caller, caller: true },
      notHeld(person),
      {
        ...notHeld(made),
        madeByPendingCreate: true,
        deleteCommand: `pulumi-travel reconcile --stack ${interrupted} --delete ApiUser:${made}`,
      },
    ]);
    const advice = (await reconcile(["--stack", interrupted])).stdout;
    expect(advice).toContain(
      `the ApiUser it made (its secret is lost): pulumi-travel reconcile --stack ${interrupted} --delete ApiUser:${made}`,
    );
    expect(advice).toContain(`ApiUser ${made}: made by a pending create of this stack`);
    expect(advice).not.toContain(`--delete ApiUser:${person}`);

    // A pending create of an earlier release recorded nothing: it says it cannot tell.
    const unrecorded = await reconcile(["--stack", write("users-old.json", { role: "COMPANY_ADMIN" })]);
    expect(unrecorded.code).toBe(9);
    expect(unrecorded.stdout).toContain("recorded no list to tell which");

    // --adopt-pending would drop the create and leave its user an orphan nobody sees again: it
    // refuses, naming the revoke of exactly that user (never the person's), and writes nothing.
    const adoptedFile = join(dir, "users-adopted.json");
    const refusedAdopt = await reconcile(["--stack", interrupted, "--adopt-pending", adoptedFile]);
    expect(refusedAdopt.code).toBe(9);
    expect(refusedAdopt.stderr).toContain(
      `pulumi-travel reconcile --stack ${interrupted} --delete ApiUser:${made}`,
    );
    expect(refusedAdopt.stderr).not.toContain(person);
    expect(existsSync(adoptedFile)).toBe(false);

    for (const refused of [held, caller]) {
      const result = await reconcile(["--stack", interrupted, "--delete", `ApiUser:${refused}`]);
      expect(result.code).toBe(2);
    }
    const revoked = await reconcile(["--stack", interrupted, "--delete", `ApiUser:${made}`]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toBe(`revoked ApiUser ${made}\n`);
    expect((await listClientIds(client)).sort()).toEqual([caller, held, person].sort());
    // Revoked: the pending create made nothing that is left, and is dropped.
    const adopt = await reconcile(["--stack", interrupted, "--adopt-pending", adoptedFile]);
    expect(adopt.code, adopt.stderr).toBe(0);
    expect(JSON.parse(readFileSync(adoptedFile, "utf8")).deployment.pending_operations).toEqual([]);
  });

  it("rejects an input that is not a stack export, naming the problem (exit code 2)", async () => {
    const { code, stderr } = await reconcile(["--stack", "-"], '{"deployment": {"resources": "nope"}}');
    expect(code).toBe(2);
    expect(stderr).toContain("deployment.resources");
  });
});
