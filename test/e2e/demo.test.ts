/**
 * README's main command: the compiled demo script starts the emulator and runs `pulumi up` of the
 * example tenant, twice, against fresh state in a temporary directory.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { e2eSkipReason } from "./harness";

const run = promisify(execFile);
const root = resolve(__dirname, "..", "..");

describe.skipIf(e2eSkipReason() !== "")("npm run demo", () => {
  const stateDir = mkdtempSync(join(tmpdir(), "pulumi-travel-demo-"));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));
  const demo = (...args: string[]) =>
    run("node", [join(root, "dist", "scripts", "demo.js"), ...args], {
      cwd: root,
      env: { ...process.env, PULUMI_TRAVEL_DEMO_STATE: stateDir },
      maxBuffer: 16 * 1024 * 1024,
    });

  it("creates the example tenant and verifies a no-change preview", async () => {
    const { stdout } = await demo();
    expect(stdout).toMatch(/up: succeeded; changes \{"create":\d+\}/);
    expect(stdout).toMatch(/companyId = "[0-9a-f-]{36}"/);
    expect(stdout).toContain("second preview: no changes");
  });

  it("converges with no changes on a second run, and the preview action agrees", async () => {
    const { stdout } = await demo();
    expect(stdout).toMatch(/up: succeeded; changes \{"same":\d+\}/);
    // No change reaches the platform: the only calls are the token requests of the two provider
    // processes (up, then the verifying preview), which check the credentials (issue 14).
    const calls = JSON.parse(/platform calls made: (\{.*\})/.exec(stdout)?.[1] ?? "null") as Record<
      string,
      number
    >;
    expect(calls).toEqual({ "POST /v2/auth/oauth2-token": 2 });
    // The preview action runs one preview, and says so.
    const preview = (await demo("preview")).stdout;
    expect(preview).toMatch(/^preview: no changes/m);
    expect(preview).not.toContain("second preview");
  });

  it("destroys the tenant", async () => {
    const { stdout } = await demo("destroy");
    expect(stdout).toMatch(/Resources:\s+- \d+ deleted/);
  });
});
