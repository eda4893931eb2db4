/**
 * `pulumi-travel plugin install`: makes the provider plugin `travel` of this package's version
 * available to Pulumi programs in every language (Pulumi YAML first), either in Pulumi's plugin
 * cache (`pulumi plugin install ... --file`) or, with `--dir`, as a directory Pulumi.yaml names.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { unsupportedNodeMessage } from "../../client/supported-node";
import { CliError, UsageError } from "../cli-error";
import { type CommandExits, exitCodesHelp } from "../exit-codes";
import { ownPackageJson } from "../own-package";
import { packageVersion } from "../package-version";
import { PACKAGE_PLUGIN_ENTRY } from "../plugin/launcher";
import { findOnPath, installedPlugins, installPluginTarball, pluginPlatform } from "../plugin/pulumi-plugins";
import { type PluginSummary, type StagedPlugin, stagePlugin, writePluginTarGz } from "../plugin/stage-plugin";

/** The plugin's name: resources are `travel:<module>:<Type>`. */
const PLUGIN_NAME = "travel";

/** The exit codes `plugin install` can return. */
export const PLUGIN_EXITS: CommandExits = [
  ["ok", "installed (or already installed), or written to --dir"],
  ["failure", "unexpected failure, or `pulumi plugin install` failed (its message is shown)"],
  ["usage", "wrong usage, such as a --dir that is a file or a non-empty directory without --reinstall"],
  "missingTool",
];

/** Options of `plugin install`. */
interface InstallOptions {
  reinstall?: boolean;
  dir?: string;
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
    .addHelpText("after", exitCodesHelp(PLUGIN_EXITS))
    .action(installAction);
}

async function installAction(options: InstallOptions): Promise<void> {
  const started = Date.now();
  const oldNode = unsupportedNodeMessage();
  if (oldNode !== undefined) throw new MissingToolError(oldNode);
  if (process.platform === "win32")
    throw new Error("the plugin's launcher is a POSIX sh script: Windows is not supported (use WSL)");
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
  const pulumi = findOnPath("pulumi");
  if (pulumi === undefined)
    throw new MissingToolError(
      "no `pulumi` on PATH: install the Pulumi CLI (https://www.pulumi.com/docs/install/) and try again, " +
        "or write the plugin to a directory with --dir <path> and name it in Pulumi.yaml (docs/plugin.md)",
    );
  const version = packageVersion(packageDir);
  const installed = installedPlugins(pulumi).some(
    (p) => p.kind === "resource" && p.name === PLUGIN_NAME && p.version === version,
  );
  if (installed && options.reinstall !== true) {
    process.stdout.write(
      `plugin ${PLUGIN_NAME} v${version} is already installed (pulumi plugin ls lists it); --reinstall replaces it\n`,
    );
    return;
  }
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
