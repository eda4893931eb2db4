/**
 * `pulumi do`, Pulumi's CLI over any provider's schema, driving the plugin `travel` as a user does
 * (stateless): `getCompany`; a cost center created, read by the id `create` printed, listed,
 * patched by that id and by the id `list` printed, and deleted by the listed id, each exit code 0
 * and each step seen on the platform (the emulator's request log, its store). A bad id and another
 * company's object fail naming the forms or not found, changing nothing. No plugin process is left
 * behind by any of the runs.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiPath, clearSharedTokens, type TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { COST_CENTERS } from "../../src/emulator/org/records";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { cleanEnv } from "../support/clean-env";
import { fileBackendEnv } from "../support/file-stack";
import { clientFor } from "../support/live-emulator";
import { markedProcesses, packedPluginLauncher, PROCESS_MARK } from "../support/plugin-launcher";
import { until } from "./engine-process";
import { e2eSkipReason, startE2eRecorder } from "./harness";

const TOKEN = "travel:index:CostCenter";

describe.skipIf(e2eSkipReason() !== "")("pulumi do through the plugin", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let client: TravelClient;
  let work = "";
  let launcher = "";
  const mark = `do-${process.pid}-${Date.now()}`;

  /** Runs `pulumi do --package <launcher> ...args`; its exit code, stdout and both streams. */
  function pulumiDo(...args: string[]): Promise<{ code: number | null; stdout: string; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn("pulumi", ["do", "--package", launcher, ...args], {
        cwd: work,
        env: {
          ...cleanEnv(),
          ...fileBackendEnv(join(work, "backend")),
          PULUMI_HOME: join(work, "home"),
          TRAVEL_BASE_URL: recorder.url,
          TRAVEL_CLIENT_ID: emulator.bootstrap.clientId,
          TRAVEL_CLIENT_SECRET: emulator.bootstrap.clientSecret,
          [PROCESS_MARK]: mark,
        },
      });
      let stdout = "";
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        output += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, output }));
    });
  }
  /** Runs `pulumi do` and parses its JSON output; fails with the output unless it exits 0. */
  async function pulumiDoJson<T>(...args: string[]): Promise<T> {
    const { code, stdout, output } = await pulumiDo(...args);
    if (code !== 0) throw new Error(`pulumi do ${args.join(" ")} exited ${code}:\n${output}`);
    return JSON.parse(stdout.slice(stdout.search(/^[[{]/m))) as T;
  }
  /** The platform calls since `seq`, as `METHOD path` with the ids left out, token requests left out. */
  const routesSince = (seq: number) =>
    emulator.admin
      .requests(seq)
      .filter((r) => r.route !== "POST /v2/auth/oauth2-token")
      .map((r) => r.route);
  const costCenter = (id: string) =>
    emulator.context.store
      .records(COST_CENTERS)
      .values()
      .find((record) => record.entity.id.id === id);

  beforeAll(async () => {
    clearSharedTokens();
    emulator = await startEmulator({ logErrors: false });
    recorder = await startE2eRecorder(emulator.url, "e2e plugin-do");
    client = clientFor(emulator);
    work = mkdtempSync(join(tmpdir(), "pulumi-travel-do-"));
    for (const dir of ["home", "backend"]) mkdirSync(join(work, dir));
    launcher = packedPluginLauncher(join(work, "plugin"), inject("packedProjectDir"));
  });
  afterAll(async () => {
    for (const { pid } of markedProcesses(mark)) process.kill(pid, "SIGKILL");
    await client?.close();
    await recorder?.close();
    await emulator?.close();
    if (work) rmSync(work, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e plugin-do");
  });

  it("creates, reads, lists, patches and deletes a cost center, and finds a company, each step on the platform", async () => {
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Do Co", billingCurrency: "USD", companyRoles: ["ORG"], externalId: "do-co" },
    });

    let seq = emulator.admin.lastRequestSeq;
    const company = await pulumiDoJson<{ id: string }>(
      "travel:index:getCompany",
      "--name",
      "Do Co",
      "--output",
      "json",
    );
    expect(company.id).toBe(companyId);
    expect(routesSince(seq)).toContain("GET /v2/companies");

    seq = emulator.admin.lastRequestSeq;
    const created = await pulumiDoJson<{ id: string; costCenterId: string; name: string }>(
      "--stateless",
      TOKEN,
      "create",
      "--company-id",
      companyId,
      "--name",
      "Engineering",
      "--external-id",
      "cc-eng",
      "--yes",
      "--output",
      "json",
    );
    expect(created).toMatchObject({ name: "Engineering", costCenterId: created.id });
    expect(routesSince(seq)).toContain("POST /v2/companies/:companyId/cost-centers");
    expect(costCenter(created.id)?.entity).toMatchObject({ name: "Engineering", externalId: "cc-eng" });

    // The id `create` printed reads the cost center back.
    seq = emulator.admin.lastRequestSeq;
    const read = await pulumiDoJson<Record<string, unknown>>(TOKEN, "read", created.id, "--output", "json");
    expect(read).toMatchObject({ id: created.id, companyId, name: "Engineering", externalId: "cc-eng" });
    expect(routesSince(seq)).toContain("GET /v2/companies/:companyId/cost-centers/:costCenterId");

    seq = emulator.admin.lastRequestSeq;
    const listed = await pulumiDoJson<{ id: string; name: string }[]>(
      TOKEN,
      "list",
      "--company-id",
      companyId,
    );
    expect(listed).toEqual([{ id: `${companyId}/${created.id}`, name: "Engineering" }]);
    expect(routesSince(seq)).toContain("GET /v2/companies/:companyId/cost-centers");

    seq = emulator.admin.lastRequestSeq;
    const patched = await pulumiDoJson<Record<string, unknown>>(
      "--stateless",
      TOKEN,
      "patch",
      created.id,
      "--name",
      "Platform",
      "--yes",
      "--output",
      "json",
    );
    expect(patched).toMatchObject({ costCenterId: created.id, name: "Platform" });
    expect(routesSince(seq)).toContain("PUT /v2/companies/:companyId/cost-centers/:costCenterId");
    expect(costCenter(created.id)?.entity).toMatchObject({ name: "Platform", externalId: "cc-eng" });

    // The id `list` printed patches the same object (the CLI hands it to Update as given).
    const listedId = listed[0]?.id ?? "";
    await pulumiDoJson(
      "--stateless",
      TOKEN,
      "patch",
      listedId,
      "--name",
      "Platform Team",
      "--yes",
      "--output",
      "json",
    );
    expect(costCenter(created.id)?.entity.name).toBe("Platform Team");

    seq = emulator.admin.lastRequestSeq;
    const deleted = await pulumiDo("--stateless", TOKEN, "delete", listedId, "--yes");
    expect(deleted.code, deleted.output).toBe(0);
    expect(routesSince(seq)).toContain("DELETE /v2/companies/:companyId/cost-centers/:costCenterId");
    expect(costCenter(created.id)).toBeUndefined();
    expect(await pulumiDoJson(TOKEN, "list", "--company-id", companyId)).toEqual([]);
  });

  it("refuses a bad id naming the forms, and never reads, patches or deletes another company's object", async () => {
    const mine = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Mine Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const theirs = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Theirs Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const { id: theirCostCenter } = await client.post<{ id: string }>(
      apiPath`/v2/companies/${theirs.id}/cost-centers`,
      { body: { name: "Theirs" } },
    );

    const bad = await pulumiDo(TOKEN, "read", "no-such-id");
    expect(bad.code).not.toBe(0);
    expect(bad.output).toMatch(
      /no CostCenter has the id "no-such-id" under the \d+ companies these credentials can see; give the import id <companyId>\/<costCenterId>/,
    );
    const crossed = `${mine.id}/${theirCostCenter}`;
    const seq = emulator.admin.lastRequestSeq;
    for (const args of [
      [TOKEN, "read", crossed],
      ["--stateless", TOKEN, "patch", crossed, "--name", "Hijacked", "--yes"],
      ["--stateless", TOKEN, "delete", crossed, "--yes"],
    ]) {
      const run = await pulumiDo(...args);
      expect(run.code, args.join(" ")).not.toBe(0);
      expect(run.output).toContain(`resource "${crossed}" was not found`);
    }
    expect(routesSince(seq).filter((route) => !route.startsWith("GET "))).toEqual([]);
    expect(costCenter(theirCostCenter)?.entity.name).toBe("Theirs");
  });

  it("leaves no plugin process behind", async () => {
    // Every `pulumi do` above started the plugin; each is gone once its CLI is (within 10 s).
    await until(() => markedProcesses(mark).length === 0, 10_000).catch(() => {
      throw new Error(`plugin processes left behind: ${JSON.stringify(markedProcesses(mark))}`);
    });
  });
});
