/**
 * A user's new project directory outside the repository, as the examples' e2e tests use it: a
 * `file://` backend and a PULUMI_HOME of its own inside it (the plugin is installed there, not in
 * the toolchain's), commands run in it with the environment of a user's shell, and the packed
 * package with its plugin installed as the examples' READMEs say (or the e2e setup's install of
 * the package linked in, the plugin installed from it).
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { newProjectEnv } from "./file-stack";

/** What {@link newUserProject} made. */
export interface NewUserProject {
  dir: string;
  /** The `file://` backend's directory. */
  backend: string;
  env: NodeJS.ProcessEnv;
  /** Runs `command` in `dir` (asynchronously: an emulator may answer from this process); its stdout. */
  run(command: string, args: string[]): Promise<string>;
  /** `npm init -y`, `npm install` of the tarball (copied in), `npx pulumi-travel plugin install`. */
  installPackage(tarball: string): Promise<void>;
  /**
   * Links `node_modules` to the one the e2e setup installed the tarball into (`packedProjectDir`),
   * then `npx pulumi-travel plugin install`: for files whose subject is not the npm install.
   */
  linkPackedInstall(packedProjectDir: string): Promise<void>;
  remove(): void;
}

/** A new project directory `pulumi-travel-<name>-*` in the temp dir; `env` adds to its environment. */
export function newUserProject(name: string, env: NodeJS.ProcessEnv = {}): NewUserProject {
  const dir = mkdtempSync(join(tmpdir(), `pulumi-travel-${name}-`));
  const backend = join(dir, ".pulumi-backend");
  const home = join(dir, ".pulumi-home");
  mkdirSync(backend);
  mkdirSync(home);
  const project: NewUserProject = {
    dir,
    backend,
    env: {
      ...newProjectEnv(backend, name),
      PULUMI_HOME: home,
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      ...env,
    },
    async run(command, args) {
      try {
        const { stdout } = await promisify(execFile)(command, args, {
          cwd: dir,
          env: project.env,
          maxBuffer: 64 << 20,
        });
        return stdout;
      } catch (error) {
        const { stdout, stderr } = error as { stdout?: string; stderr?: string };
        throw new Error(`${command} ${args.join(" ")} failed:\n${stdout ?? ""}\n${stderr ?? ""}`, {
          cause: error,
        });
      }
    },
    async installPackage(tarball) {
      copyFileSync(tarball, join(dir, basename(tarball)));
      await project.run("npm", ["init", "-y"]);
      await project.run("npm", ["install", `./${basename(tarball)}`]);
      await project.run("npx", ["pulumi-travel", "plugin", "install"]);
    },
    async linkPackedInstall(packedProjectDir) {
      symlinkSync(join(packedProjectDir, "node_modules"), join(dir, "node_modules"), "dir");
      await project.run("npx", ["pulumi-travel", "plugin", "install"]);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  return project;
}
