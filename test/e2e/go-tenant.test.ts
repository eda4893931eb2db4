/**
 * examples/go-tenant as a new user runs it: a new directory outside the repository, the package the
 * e2e setup installed from its tarball (linked in: yaml-tenant.test.ts and readme-quick-start.test.ts
 * prove the npm install itself), `npx pulumi-travel plugin install` into a PULUMI_HOME of its own,
 * the example copied out of the installed package with its `replace` pointed at the package's
 * generated Go SDK (node_modules/pulumi-travel/sdk/go), and the real Pulumi CLI with the Go
 * language host against the emulator (through a contract recorder). Two engine commands, each
 * building and running the Go program: up, asserted on the platform, and a preview with no changes
 * and no writes. What follows a deployment (a change made on the platform refreshed and undone by
 * `up`, destroy) is the provider plugin's work, not the Go SDK's: yaml-tenant.test.ts proves it
 * through the same plugin, on a superset of this example's types.
 *
 * Go compiles the program at each `up` and preview. The generated SDK and Pulumi's Go SDK come
 * from Go's build cache, which scripts/bootstrap warms with GOFLAGS=-trimpath (this file builds
 * with it too, so the cache entries do not depend on the directory the SDK sits in).
 */
import { cpSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { clientFor } from "../support/live-emulator";
import { findOnPath } from "../support/on-path";
import { newUserProject, type NewUserProject } from "../support/new-user-project";
import { checkpointResources, checkpointText } from "../support/state-size";
import {
  EXAMPLE_TENANT_RESOURCES,
  type ExampleTenantOutputs,
  expectExampleTenant,
  summaryChanges,
} from "./example-tenant";
import { e2eSkipReason, startE2eRecorder } from "./harness";

const STACK = "dev";
const SDK_MODULE = "github.com/pulumi-travel/pulumi-travel/sdk/go";

/** Why this file cannot run here: the e2e suite's reason, or no Go toolchain or Go language host. */
function skipReason(): string {
  const suite = e2eSkipReason();
  if (suite !== "") return suite;
  const missing = ["go", "pulumi-language-go"].filter((program) => findOnPath(program) === undefined);
  if (missing.length === 0) return "";
  const reason = `${missing.join(", ")} not found on PATH; install Go and run scripts/bootstrap`;
  if (process.env.CI === "true") throw new Error(`CI=true: the Go e2e needs ${reason}`);
  return reason;
}

describe.skipIf(skipReason() !== "")(
  "examples/go-tenant on the generated Go SDK, as a new user runs it",
  () => {
    let emulator: RunningEmulator;
    let recorder: ContractRecorder;
    let client: TravelClient;
    let project: NewUserProject;
    const started = Date.now();

    /** Runs `command` in the project directory, logging how long it took (reported, never asserted). */
    const run = async (command: string, args: string[]): Promise<string> => {
      const start = Date.now();
      const stdout = await project.run(command, args);
      console.log(`go-tenant: ${command} ${args[0] ?? ""}: ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return stdout;
    };
    const pulumi = (...args: string[]) => run("pulumi", [...args, "--stack", STACK, "--non-interactive"]);
    const stateResources = () => checkpointResources(checkpointText(project.backend, "go-tenant", STACK));

    beforeAll(async () => {
      emulator = await startEmulator();
      recorder = await startE2eRecorder(emulator.url, "e2e go-tenant");
      client = clientFor(emulator);
      project = newUserProject("go-tenant", {
        // The build cache entries scripts/bootstrap made are directory-independent with -trimpath.
        GOFLAGS: `${process.env.GOFLAGS ?? ""} -trimpath -mod=readonly`.trim(),
        GOTOOLCHAIN: "local",
      });
    });
    afterAll(async () => {
      await client?.close();
      await recorder?.close();
      await emulator?.close();
      project?.remove();
      console.log(`go-tenant e2e: ${Math.round((Date.now() - started) / 1000)} s`);
      if (recorder) assertNoContractViolations(recorder, "e2e go-tenant");
    });

    it("installs the plugin from the package, and deploys the example", async () => {
      const start = Date.now();
      await project.linkPackedInstall(inject("packedProjectDir"));
      console.log(`go-tenant: plugin installed: ${Math.round((Date.now() - start) / 1000)} s`);
      const installed = join(project.dir, "node_modules", "pulumi-travel");
      cpSync(join(installed, "examples", "go-tenant"), project.dir, { recursive: true });
      await run("go", ["mod", "edit", `-replace=${SDK_MODULE}=./node_modules/pulumi-travel/sdk/go`]);
      expect(readFileSync(join(project.dir, "go.mod"), "utf8")).toContain(
        `${SDK_MODULE} => ./node_modules/pulumi-travel/sdk/go`,
      );

      await run("pulumi", ["stack", "init", STACK, "--non-interactive"]);
      await pulumi("config", "set", "travel:baseUrl", recorder.url);
      await pulumi("config", "set", "travel:clientId", emulator.bootstrap.clientId);
      await pulumi("config", "set", "--secret", "travel:clientSecret", emulator.bootstrap.clientSecret);

      const before = emulator.admin.lastRequestSeq;
      expect(summaryChanges(await pulumi("up", "--yes", "--skip-preview", "--json"))).toEqual({
        create: EXAMPLE_TENANT_RESOURCES,
      });
      expect(emulator.admin.requests(before).filter((r) => r.route === "POST /v2/companies")).toHaveLength(1);

      const outputs = JSON.parse(
        await pulumi("stack", "output", "--json", "--show-secrets"),
      ) as ExampleTenantOutputs;
      await expectExampleTenant(client, outputs, stateResources());
    });

    it("previews no changes on a second run, writing nothing to the platform", async () => {
      const before = emulator.admin.lastRequestSeq;
      await pulumi("preview", "--expect-no-changes");
      const writes = emulator.admin
        .requests(before)
        .filter((r) => r.method !== "GET" && !r.route.endsWith("/list") && !r.route.includes("oauth2-token"));
      expect(writes).toEqual([]);
    });
  },
);
