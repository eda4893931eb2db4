/**
 * `npm run demo`: starts the emulator (state kept in .pulumi-state/), then runs `pulumi up` of the
 * example tenant (the repository's Pulumi.yaml) through the Automation API, verifies that a second
 * preview reports no changes, and prints what was created.
 *
 *   npm run demo              deploy (or converge) the example tenant
 *   npm run demo -- preview   start the emulator and run `pulumi preview --expect-no-changes`
 *   npm run demo -- destroy   destroy the example tenant
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { startEmulator } from "../src/emulator";

const root = resolve(__dirname, "..", "..");
/** Where the emulator state and the Pulumi backend live; PULUMI_TRAVEL_DEMO_STATE moves them (tests). */
const stateDir = process.env.PULUMI_TRAVEL_DEMO_STATE ?? join(root, ".pulumi-state");
const STACK = "demo";

async function main(): Promise<void> {
  const action = process.argv[2] ?? "up";
  if (!["up", "preview", "destroy"].includes(action)) {
    throw new Error(`unknown demo action ${action}; use up, preview or destroy`);
  }
  mkdirSync(join(stateDir, "backend"), { recursive: true });
  const emulator = await startEmulator({
    seed: join(root, "examples", "emulator-seed.yaml"),
    stateFile: join(stateDir, "emulator.json"),
  });
  console.log(`emulator listening on ${emulator.url} (state in ${join(stateDir, "emulator.json")})`);
  try {
    const stack = await LocalWorkspace.createOrSelectStack(
      { stackName: STACK, workDir: root },
      {
        envVars: {
          PULUMI_BACKEND_URL: `file://${join(stateDir, "backend")}`,
          // The demo stack's passphrase: it only protects the emulator's demo credentials.
          PULUMI_CONFIG_PASSPHRASE: "pulumi-travel-demo",
          // The emulator's port changes from run to run. A URL in stack config would be recorded
          // in the provider's state, and `destroy` (which does not run the program) would call
          // the old port; the provider reads TRAVEL_BASE_URL when it runs instead.
          TRAVEL_BASE_URL: emulator.url,
        },
      },
    );
    await stack.removeConfig("travel:baseUrl");
    await stack.setAllConfig({
      "travel:clientId": { value: emulator.bootstrap.clientId },
      "travel:clientSecret": { value: emulator.bootstrap.clientSecret, secret: true },
    });
    const before = emulator.admin.lastRequestSeq;
    if (action === "up") await up(stack);
    else if (action === "preview") await verifyNoChanges(stack, "preview");
    else await stack.destroy({ onOutput: write });
    const counts = emulator.admin.requestCounts(before);
    console.log(`\nplatform calls made: ${JSON.stringify(counts)}`);
  } finally {
    await emulator.close();
  }
}

async function up(stack: Stack): Promise<void> {
  const result = await stack.up({ onOutput: write });
  console.log(
    `\nup: ${result.summary.result}; changes ${JSON.stringify(result.summary.resourceChanges ?? {})}`,
  );
  console.log("created on the platform:");
  for (const [name, output] of Object.entries(result.outputs)) {
    console.log(`  ${name} = ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);
  }
  await verifyNoChanges(stack, "second preview");
}

/** Runs `pulumi preview --expect-no-changes`, and prints it as `label`. */
async function verifyNoChanges(stack: Stack, label: string): Promise<void> {
  const preview = await stack.preview({ expectNoChanges: true });
  console.log(`${label}: no changes (${JSON.stringify(preview.changeSummary)})`);
}

function write(text: string): void {
  process.stdout.write(text);
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
