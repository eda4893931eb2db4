/**
 * The plugin does not outlive its engine: `pulumi up` of a Pulumi YAML program on the plugin is
 * killed with SIGKILL (the CLI alone, as when it crashes or is killed by hand) while a create is
 * in flight (the platform's answer held by a proxy), and every plugin process the run started is
 * gone within 10 s. The plugin is the shipped launcher over the packed package, named in
 * Pulumi.yaml, so the engine starts it as it starts an installed plugin.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { stringify } from "yaml";
import { clearSharedTokens, type TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { startLossyProxy, type LossyProxy } from "../provider/lossy-proxy";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { cleanEnv } from "../support/clean-env";
import { fileBackendEnv } from "../support/file-stack";
import { clientFor } from "../support/live-emulator";
import { markedProcesses, packedPluginLauncher, PROCESS_MARK } from "../support/plugin-launcher";
import { until } from "./engine-process";
import { startE2eRecorder, yamlHostSkipReason } from "./harness";

/** True while process `pid` runs (a zombie, ended but not yet reaped, counts as gone). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !["Z", "X"].includes(stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3));
  } catch {
    return false;
  }
}

describe.skipIf(yamlHostSkipReason() !== "")("the plugin's lifetime under the engine", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let proxy: LossyProxy;
  let client: TravelClient;
  let work = "";
  let createsSeen = 0;
  const mark = `lifetime-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    clearSharedTokens();
    emulator = await startEmulator({ logErrors: false });
    recorder = await startE2eRecorder(emulator.url, "e2e plugin-lifetime");
    // The cost center's create reaches the platform and its answer is held: the run is mid-create.
    const held = (method: string, path: string) => method === "POST" && path.endsWith("/cost-centers");
    proxy = await startLossyProxy(
      recorder.url,
      () => false,
      (method, path) => (held(method, path) ? 60_000 : 0),
      (method, path) => {
        if (held(method, path)) createsSeen++;
      },
    );
    client = clientFor(emulator);
    work = mkdtempSync(join(tmpdir(), "pulumi-travel-lifetime-"));
    for (const dir of ["project", "backend", "home"]) mkdirSync(join(work, dir));
    const launcher = packedPluginLauncher(join(work, "plugin"), inject("packedProjectDir"));
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: "Lifetime Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    writeFileSync(
      join(work, "project", "Pulumi.yaml"),
      stringify({
        name: "plugin-lifetime",
        runtime: "yaml",
        plugins: { providers: [{ name: "travel", path: join(launcher, "..") }] },
        resources: { held: { type: "travel:index:CostCenter", properties: { companyId, name: "Held" } } },
      }),
    );
  });
  afterAll(async () => {
    // Whatever the run left (the YAML language host outlives a killed CLI: not ours to fix).
    for (const { pid } of markedProcesses(mark)) process.kill(pid, "SIGKILL");
    await client?.close();
    await proxy?.close();
    await recorder?.close();
    await emulator?.close();
    if (work) rmSync(work, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e plugin-lifetime");
  });

  it("exits within 10 s of a kill -9 of pulumi up mid-create", async () => {
    const env = {
      ...cleanEnv(),
      ...fileBackendEnv(join(work, "backend")),
      PULUMI_HOME: join(work, "home"),
      TRAVEL_BASE_URL: proxy.url,
      TRAVEL_CLIENT_ID: emulator.bootstrap.clientId,
      TRAVEL_CLIENT_SECRET: emulator.bootstrap.clientSecret,
      [PROCESS_MARK]: mark,
    };
    const cwd = join(work, "project");
    const init = spawn("pulumi", ["stack", "init", "e2e", "--non-interactive"], {
      cwd,
      env,
      stdio: "ignore",
    });
    expect(await new Promise((resolve) => init.on("exit", resolve))).toBe(0);

    const up = spawn("pulumi", ["up", "--yes", "--skip-preview", "--stack", "e2e", "--non-interactive"], {
      cwd,
      env,
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => up.on("exit", resolve));
    await until(() => createsSeen > 0, 120_000);
    const plugins = markedProcesses(mark).filter(({ command }) => command.includes("plugin.js"));
    expect(plugins.length).toBeGreaterThan(0);

    up.kill("SIGKILL");
    await exited;
    const killedAt = Date.now();
    await until(() => plugins.every(({ pid }) => !running(pid)), 10_000).catch(() => {
      throw new Error(
        `plugin processes still running 10 s after the kill: ${JSON.stringify(plugins.filter(({ pid }) => running(pid)))}`,
      );
    });
    const others = markedProcesses(mark).map(({ command }) => command.split(" ")[0]?.split("/").pop());
    console.log(
      `plugin-lifetime: ${plugins.length} plugin process(es) gone ${Date.now() - killedAt} ms after kill -9 of pulumi up; still running: ${others.join(", ") || "none"}`,
    );
  });
});
