/**
 * The package as users get it: `npm pack` of the built package, installed with the pinned
 * `@pulumi/pulumi` into a temporary project directory. The e2e global setup, the 0.1.0 state
 * compatibility test and the engine benchmark put their Pulumi programs below such a directory.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

interface PackageJson {
  name?: string;
  devDependencies?: Record<string, string>;
}

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PackageJson;
}

/** The repository root: the nearest directory above `from` whose package.json is pulumi-travel's. */
export function repoRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) && readPackageJson(dir).name === "pulumi-travel") return dir;
    if (dirname(dir) === dir) throw new Error(`no pulumi-travel package.json above ${from}`);
  }
}

/** The `@pulumi/pulumi` version the package is built and tested with (its devDependency). */
export function pinnedPulumiVersion(): string {
  const version = readPackageJson(repoRoot()).devDependencies?.["@pulumi/pulumi"];
  if (!version) throw new Error("package.json has no @pulumi/pulumi devDependency");
  return version;
}

/** Runs `npm install` in `dir`, of `spec` when given (a tarball path), else of its package.json. */
export function npmInstall(dir: string, spec?: string): void {
  const args = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
  execFileSync("npm", spec === undefined ? args : [...args, spec], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Writes a private package.json into `dir` with the pinned `@pulumi/pulumi` and `dependencies`
 * (name to spec), then installs them.
 */
export function installProject(dir: string, name: string, dependencies: Record<string, string> = {}): void {
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify(
      { name, private: true, dependencies: { "@pulumi/pulumi": pinnedPulumiVersion(), ...dependencies } },
      null,
      2,
    ),
  );
  npmInstall(dir);
}

/**
 * Packs the package (dist/ must be built) into a new temporary directory and installs the
 * tarball there with `@pulumi/pulumi`; returns the directory. `prefix` names it in the temp dir.
 */
export function createPackedProject(prefix: string, log: (line: string) => void = () => undefined): string {
  const root = repoRoot();
  if (!existsSync(join(root, "dist", "src", "index.js")))
    throw new Error("dist/ is missing: run `npm run build` first (npm test and npm run bench do)");
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const packed = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
    cwd: root,
    encoding: "utf8",
  })
    .trim()
    .split("\n")
    .pop();
  if (!packed) throw new Error("npm pack printed no tarball name");
  log(`installing ${packed} into ${dir}`);
  installProject(dir, `${prefix.replace(/-+$/, "")}`, { "pulumi-travel": `file:./${packed}` });
  return dir;
}

/** The path of the tarball {@link createPackedProject} installed in `dir`. */
export function packedTarball(dir: string): string {
  const tarball = readdirSync(dir).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`${dir} holds no packed tarball`);
  return join(dir, tarball);
}
