/**
 * `pulumi-travel plugin install`: makes the provider plugin `travel` of this package's version
 * available to Pulumi programs in every language (Pulumi YAML first), either in Pulumi's plugin
 * cache (`pulumi plugin install ... --file`) or, with `--dir`, as a directory Pulumi.yaml names.
 * With `--file`, it installs a release tarball instead (`npm run plugin:release`: the single
 * executable), checked against the release's checksums file beside it.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { unsupportedNodeMessage } from "../../client/supported-node";
import { CliError, UsageError } from "../cli-error";
import { type CommandExits, exitCodesHelp } from "../exit-codes";
import { ownPackageJson } from "../own-package";
import { packageVersion } from "../package-version";
import { PACKAGE_PLUGIN_ENTRY } from "../plugin/launcher";
import { findOnPath, installedPlugins, installPluginTarball, pluginPlatform } from "../plugin/pulumi-plugins";
import { checkReleaseChecksum, parseReleaseTarballName, releaseTarballName } from "../plugin/release-tarball";
import { type PluginSummary, type StagedPlugin, stagePlugin, writePluginTarGz } from "../plugin/stage-plugin";

/** The plugin's name: resources are `travel:<module>:<Type>`. */
const PLUGIN_NAME = "travel";

/** The exit codes `plugin install` can return. */
export const PLUGIN_EXITS: CommandExits = [
  ["ok", "installed (or already installed), or written to --dir"],
  ["failure", "unexpected failure, or `pulumi plugin install` failed (its message is shown)"],
  ["usage", "wrong usage, such as a --dir that is a file or a non-empty directory without --reinstall"],
  [
    "invalid",
    "--file's tarball does not match the release's checksums file beside it; nothing was installed",
  ],
  "missingTool",
];

/** Options of `plugin install`. */
interface InstallOptions {
  reinstall?: boolean;
  dir?: string;
  file?: string;
}

/** A program the command needs is missing or too old; exit code 11. */
export class MissingToolError extends CliError {
  constructor(message: string) {
    super("missing_tool", message);
    this.name = "MissingToolError";
  }
}

/** Registers the `plugin` command and its `install` subcommand. */
export function registerPluginCommand(program: Command): void {
  const plugin = program
    .command("plugin")
    .description("the provider plugin `travel`, for Pulumi YAML and the other languages (docs/plugin.md)")
    .addHelpText("after", exitCodesHelp(PLUGIN_EXITS));
  plugin
    .command("install")
    .description(
      "put plugin travel of this package's version into Pulumi's plugin cache (pulumi plugin ls lists it), or write it to --dir",
    )
    .option("--reinstall", "replace an installed plugin of the same version (or the contents of --dir)")
    .option(
      "--dir <path>",
      "instead of installing, write the plugin directory here, for Pulumi.yaml's plugins: providers: [{name: travel, path: <path>}]",
    )
    .option(
      "--file <tarball>",
      "install this release tarball (pulumi-resource-travel-v<version>-<os>-<arch>.tar.gz of npm run plugin:release) instead of packing the package",
    )
    .addHelpText("after", exitCodesHelp(PLUGIN_EXITS))
    .action(installAction);
}

async function installAction(options: InstallOptions): Promise<void> {
  const started = Date.now();
  const oldNode = unsupportedNodeMessage();
  if (oldNode !== undefined) throw new MissingToolError(oldNode);
  if (process.platform === "win32")
    throw new Error("the plugin's launcher is a POSIX sh script: Windows is not supported (use WSL)");
  if (options.file !== undefined) {
    if (options.dir !== undefined)
      throw new UsageError("--file and --dir do not go together: --file installs into Pulumi's plugin cache");
    installRelease(resolve(options.file), options.reinstall === true);
    return;
  }
  const packageDir = dirname(ownPackageJson().file);
  warnWithoutEntry(packageDir);
  if (options.dir !== undefined) {
    const staged = writePluginDir(packageDir, resolve(options.dir), options.reinstall === true);
    process.stdout.write(
      `wrote plugin ${PLUGIN_NAME} v${staged.version} to ${staged.dir} (${summary(staged, started)}).\n` +
        "Name it in the project's Pulumi.yaml:\n\n" +
        `plugins:\n  providers:\n    - name: ${PLUGIN_NAME}\n      path: ${staged.dir}\n`,
    );
    return;
  }
  const pulumi = pulumiOnPath();
  const version = packageVersion(packageDir);
  if (alreadyInstalled(pulumi, version, options.reinstall === true)) return;
  const work = mkdtempSync(join(tmpdir(), "pulumi-travel-plugin-"));
  try {
    const tarball = join(work, `pulumi-resource-${PLUGIN_NAME}-v${version}-${pluginPlatform()}.tar.gz`);
    const contents = await writePluginTarGz(packageDir, tarball);
    installPluginTarball(pulumi, PLUGIN_NAME, contents.version, tarball, options.reinstall === true);
    process.stdout.write(
      `installed plugin ${PLUGIN_NAME} v${contents.version} into Pulumi's plugin cache with ${pulumi} ` +
        `(${summary(contents, started)}; ${(statSync(tarball).size / 1e6).toFixed(1)} MB compressed).\n` +
        `Remove it with: pulumi plugin rm resource ${PLUGIN_NAME} ${contents.version}\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The `pulumi` on PATH; exit code 11 without one. */
function pulumiOnPath(): string {
  const pulumi = findOnPath("pulumi");
  if (pulumi === undefined)
    throw new MissingToolError(
      "no `pulumi` on PATH: install the Pulumi CLI (https://www.pulumi.com/docs/install/) and try again, " +
        "or write the plugin to a directory with --dir <path> and name it in Pulumi.yaml (docs/plugin.md)",
    );
  return pulumi;
}

/** True (and says so) when plugin travel of `version` is installed and not to be replaced. */
function alreadyInstalled(pulumi: string, version: string, reinstall: boolean): boolean {
  const installed = installedPlugins(pulumi).some(
    (p) => p.kind === "resource" && p.name === PLUGIN_NAME && p.version === version,
  );
  if (installed && !reinstall)
    process.stdout.write(
      `plugin ${PLUGIN_NAME} v${version} is already installed (pulumi plugin ls lists it); --reinstall replaces it\n`,
    );
  return installed && !reinstall;
}

/**
 * Installs the release tarball `file` (its name says the version and platform) into Pulumi's
 * plugin cache, after checking it against the release's checksums file when one is beside it.
 */
function installRelease(file: string, reinstall: boolean): void {
  if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`--file ${file}: no such file`);
  const release = parseReleaseTarballName(basename(file));
  if (release === undefined)
    throw new UsageError(
      `--file ${file}: not a release tarball of plugin ${PLUGIN_NAME}; its name must be ${releaseTarballName("<version>", "<os>-<arch>")}, as npm run plugin:release writes it`,
    );
  if (release.platform !== pluginPlatform())
    throw new UsageError(
      `--file ${file}: the tarball is for ${release.platform}, and this machine is ${pluginPlatform()}`,
    );
  const checked = checkReleaseChecksum(file, release.version);
  if (checked.kind === "mismatch")
    throw new CliError(
      "invalid",
      `--file ${file} does not match ${checked.checksums}: ${checked.reason}; nothing was installed`,
    );
  const pulumi = pulumiOnPath();
  if (alreadyInstalled(pulumi, release.version, reinstall)) return;
  installPluginTarball(pulumi, PLUGIN_NAME, release.version, file, reinstall);
  process.stdout.write(
    `installed plugin ${PLUGIN_NAME} v${release.version} into Pulumi's plugin cache with ${pulumi} from ${file} ` +
      (checked.kind === "verified"
        ? `(its sha256 matches ${checked.checksums}).\n`
        : `(not checked: no ${checked.checksums} beside it).\n`) +
      `Remove it with: pulumi plugin rm resource ${PLUGIN_NAME} ${release.version}\n`,
  );
}

/** Warns on stderr when the package has no plugin entry point for the launcher to run. */
function warnWithoutEntry(packageDir: string): void {
  const entry = join(packageDir, PACKAGE_PLUGIN_ENTRY);
  if (!existsSync(entry))
    process.stderr.write(
      `pulumi-travel: warning: ${entry} is missing: this pulumi-travel has no provider plugin ` +
        "(or is not built), so the plugin will not start\n",
    );
}

/** `N packages, X MB, in Y s`. */
function summary(plugin: PluginSummary, started: number): string {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return `${plugin.packages} packages, ${(plugin.bytes / 1e6).toFixed(1)} MB, in ${seconds} s`;
}

/**
 * Stages the plugin into `dir`: next to it first, then moved into place, so `dir` never holds half
 * a plugin. An existing non-empty `dir` is replaced only when `reinstall`.
 */
function writePluginDir(packageDir: string, dir: string, reinstall: boolean): StagedPlugin {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new UsageError(`--dir ${dir} is a file; name a directory`);
    if (readdirSync(dir).length > 0 && !reinstall)
      throw new UsageError(
        `--dir ${dir} is not empty; pass --reinstall to replace its contents, or name another directory`,
      );
  }
  mkdirSync(dirname(dir), { recursive: true });
  const staging = mkdtempSync(`${dir}.staging-`);
  try {
    const staged = stagePlugin(packageDir, staging);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
    return { ...staged, dir };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
