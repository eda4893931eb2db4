/** Pulumi's plugin cache, through the `pulumi` CLI on PATH: what it holds, and installing into it. */
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** The path of the first executable file `program` in the directories of `path` (PATH), or undefined. */
export function findOnPath(program: string, path: string = process.env.PATH ?? ""): string | undefined {
  for (const dir of path.split(delimiter)) {
    const file = join(dir === "" ? "." : dir, program);
    if (!existsSync(file)) continue;
    const stat = statSync(file);
    if (stat.isFile() && (stat.mode & 0o111) !== 0) return file;
  }
  return undefined;
}

/**
 * Runs `pulumi ...args` (in `cwd`, default this process's); returns its stdout, or throws with its
 * exit status and stderr.
 */
export function runPulumi(pulumi: string, args: readonly string[], cwd?: string): string {
  const result = spawnSync(pulumi, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 512 * 1024 * 1024,
    ...(cwd !== undefined ? { cwd } : {}),
  });
  if (result.error)
    throw new Error(`could not run ${pulumi}: ${result.error.message}`, { cause: result.error });
  if (result.status !== 0)
    throw new Error(
      `\`pulumi ${args.join(" ")}\` failed (${result.status === null ? `signal ${result.signal}` : `exit ${result.status}`}): ${result.stderr.trim()}`,
    );
  return result.stdout;
}

/** One plugin of `pulumi plugin ls --json`. */
export interface InstalledPlugin {
  name: string;
  kind: string;
  version: string;
}

/** The plugins in Pulumi's plugin cache (`pulumi plugin ls --json`; PULUMI_HOME decides where). */
export function installedPlugins(pulumi: string): InstalledPlugin[] {
  const listed = JSON.parse(runPulumi(pulumi, ["plugin", "ls", "--json"])) as InstalledPlugin[] | null;
  return listed ?? [];
}

/**
 * Installs the resource plugin `name` of `version` from `tarball` into Pulumi's plugin cache
 * (`pulumi plugin install resource <name> <version> --file <tarball>`), replacing one of the same
 * version when `reinstall`.
 */
export function installPluginTarball(
  pulumi: string,
  name: string,
  version: string,
  tarball: string,
  reinstall: boolean,
): void {
  runPulumi(pulumi, [
    "plugin",
    "install",
    "resource",
    name,
    version,
    "--file",
    tarball,
    ...(reinstall ? ["--reinstall"] : []),
  ]);
}

/** Pulumi's name of this machine's platform in plugin tarballs (`linux-amd64`, `darwin-arm64`). */
export function pluginPlatform(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === "win32" ? "windows" : platform;
  const cpu = arch === "x64" ? "amd64" : arch;
  return `${os}-${cpu}`;
}
