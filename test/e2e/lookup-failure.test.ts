/**
 * A lookup that finds nothing, through the real engine on both hosts (issue 31 item 9): a
 * TypeScript-style program's `getCostCenterOutput` on the dynamic host, a YAML program's
 * `fn::invoke` of `travel:index:getCostCenter` on the plugin. The preview fails with one error
 * that names what was searched and what was found, printed once, on one line, without the
 * Node SDK's object dump (`<ref *1> LookupError ... promise: Promise {...}`). One preview each.
 */
import { rmSync, writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import type { EngineEvent, Stack } from "@pulumi/pulumi/automation";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiPath, type TravelClient } from "../../src/client";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { openFileStack } from "../support/file-stack";
import { clientFor } from "../support/live-emulator";
import { type Host, HOSTS, pluginProject } from "../support/plugin-classes";
import { e2eSkipReason, startE2eRecorder } from "./harness";

const DYNAMIC_PROGRAM = `const pulumi = require("@pulumi/pulumi");
const travel = require("pulumi-travel");
const found = travel.getCostCenterOutput({ companyId: new pulumi.Config().require("companyId"), name: "Nowhere" });
exports.costCenterId = found.apply((costCenter) => costCenter.id);
`;

const YAML_PROGRAM = `config:
  companyId:
    type: string
variables:
  found:
    fn::invoke:
      function: travel:index:getCostCenter
      arguments:
        companyId: \${companyId}
        name: Nowhere
outputs:
  costCenterId: \${found.id}
`;

/** The program directory of `host`: its Pulumi.yaml and its source. */
function writeProgram(host: Host): string {
  const under = inject("packedProjectDir");
  const dir = mkdtempSync(join(under, `lookup-failure-${host}-`));
  if (host === "dynamic") {
    const runtime = "runtime:\n  name: nodejs\n  options:\n    typescript: false\nmain: index.js\n";
    writeFileSync(join(dir, "Pulumi.yaml"), `name: lookup-failure\n${runtime}`);
    writeFileSync(join(dir, "index.js"), DYNAMIC_PROGRAM);
  } else {
    const plugins = pluginProject(dir, join(under, "node_modules", "pulumi-travel"));
    writeFileSync(join(dir, "Pulumi.yaml"), `name: lookup-failure\nruntime: yaml\n${plugins}${YAML_PROGRAM}`);
  }
  return dir;
}

describe.skipIf(e2eSkipReason() !== "")("a lookup that finds nothing", () => {
  let emulator: RunningEmulator;
  let recorder: ContractRecorder;
  let client: TravelClient;
  let companyId: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    emulator = await startEmulator();
    recorder = await startE2eRecorder(emulator.url, "e2e lookup-failure");
    client = clientFor(emulator);
    ({ id: companyId } = await client.post<{ id: string }>(apiPath`/v2/companies`, {
      body: { name: "Lookup Co", billingCurrency: "USD", companyRoles: ["ORG"] },
    }));
  });
  afterAll(async () => {
    await client?.close();
    await recorder?.close();
    await emulator?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    if (recorder) assertNoContractViolations(recorder, "e2e lookup-failure");
  });

  it.each(HOSTS)(
    "fails the preview with one line naming the search and what was found (%s host)",
    async (host) => {
      const dir = writeProgram(host);
      dirs.push(dir);
      const { stack }: { stack: Stack } = await openFileStack(dir, {
        emulator: { ...emulator, url: recorder.url },
        stackName: "e2e",
        config: { companyId },
      });
      const events: EngineEvent[] = [];
      let printed = "";
      await expect(
        stack.preview({ onEvent: (event) => events.push(event), onOutput: (text) => (printed += text) }),
      ).rejects.toThrow();
      const searched = `no CostCenter with name "Nowhere" in company ${companyId}: found none`;
      const errors = events.flatMap((event) =>
        event.diagnosticEvent?.severity === "error" ? [event.diagnosticEvent.message.trim()] : [],
      );
      const lookupErrors = errors.filter((error) => error.includes(searched));
      expect(lookupErrors).toHaveLength(1);
      // One line: the search and what was found, no stack and no fields of the error object.
      expect(lookupErrors[0]?.split("\n")[0]).toContain(searched);
      if (host === "dynamic") expect(lookupErrors[0]).toBe(searched);
      expect(printed).not.toContain("<ref");
      expect(printed).not.toContain("Promise {");
      expect(printed).not.toMatch(/^\s+at /m);
    },
  );
});
