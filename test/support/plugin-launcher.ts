/**
 * The plugin as `pulumi-travel plugin install` lays it out, without the install: the shipped
 * launcher (`launcherScript`) in a directory of its own, next to a `node_modules` link to the one the
 * e2e setup installed the packed package into. The engine runs it as it runs an installed plugin
 * (`pulumi do --package <launcher>`, or `plugins: providers:` in Pulumi.yaml); the launcher `exec`s
 * node, so the plugin is the engine's own child.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LAUNCHER_NAME, launcherScript } from "../../src/cli/plugin/launcher";

/** Writes the launcher into `dir` (created) over `packedProjectDir`'s node_modules; its path. */
export function packedPluginLauncher(dir: string, packedProjectDir: string): string {
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(packedProjectDir, "node_modules"), join(dir, "node_modules"), "dir");
  const { version } = JSON.parse(
    readFileSync(join(packedProjectDir, "node_modules", "pulumi-travel", "package.json"), "utf8"),
  ) as { version: string };
  const launcher = join(dir, LAUNCHER_NAME);
  writeFileSync(launcher, launcherScript(version));
  chmodSync(launcher, 0o755);
  return launcher;
}

/** The environment variable a test marks the processes it starts with (plugins inherit it). */
export const PROCESS_MARK = "PULUMI_TRAVEL_TEST_MARK";

/** The pids of this user's processes whose environment holds {@link PROCESS_MARK}`=mark`, with their command lines. */
export function markedProcesses(mark: string): { pid: number; command: string }[] {
  const wanted = `${PROCESS_MARK}=${mark}`;
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, "utf8").split("\0").includes(wanted)) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      found.push({ pid: Number(entry), command });
    } catch {
      // Another user's process, or one that ended while the table was read.
    }
  }
  return found;
}
