/**
 * The plugin's dependency closure and staging on a real package tree in a temp dir: what is
 * walked (dependencies, peers, optional dependencies) and what is not (devDependencies, optional
 * peers, a missing optional dependency), where each package goes (hoisted, or nested where another
 * version is in the way), symlinked packages, a staged copy that Node resolves exactly as the
 * original, with nothing loaded from outside it, and a tarball that holds exactly the staged copy.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dependencyClosure } from "../../src/cli/plugin/dependency-closure";
import { LAUNCHER_NAME } from "../../src/cli/plugin/launcher";
import { pluginContents, stagePlugin, writePluginTarGz } from "../../src/cli/plugin/stage-plugin";

/** The fields of a fixture package.json. */
interface Fixture {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional: boolean }>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  files?: string[];
}

/**
 * Writes package `name@version` into `dir`: its package.json and an index.js that reports its name
 * and version and requires each of `requires` (what it loads at run time).
 */
function writePackage(
  dir: string,
  name: string,
  version: string,
  fields: Fixture = {},
  requires: string[] = [],
) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version, main: "index.js", ...fields }));
  const deps = requires.map((dep) => `require(${JSON.stringify(dep)})`).join(", ");
  writeFileSync(join(dir, "index.js"), `module.exports = { id: "${name}@${version}", deps: [${deps}] };\n`);
}

/** The tree of `name@version` ids a package's index.js loads, as Node loads it from `dir`. */
function loadedTree(dir: string): unknown {
  return JSON.parse(
    execFileSync(process.execPath, ["-p", `JSON.stringify(require(${JSON.stringify(dir)}))`], {
      encoding: "utf8",
    }),
  );
}

/** Every path below `dir` with its mode and, for a file, its content. */
function treeOf(dir: string): Record<string, { mode: number; content?: string }> {
  const tree: Record<string, { mode: number; content?: string }> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const mode = statSync(path).mode & 0o7777;
    tree[path.slice(dir.length + 1)] = entry.isFile()
      ? { mode, content: readFileSync(path, "utf8") }
      : { mode };
  }
  return tree;
}

describe("dependencyClosure and stagePlugin", () => {
  let work: string;
  let root: string;
  const modules = () => join(work, "project", "node_modules");

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "pulumi-travel-closure-"));
    const nm = modules();
    root = join(nm, "pulumi-travel");
    writePackage(
      root,
      "pulumi-travel",
      "1.2.3",
      {
        dependencies: { a: "1", b: "1", linked: "1", "@s/d": "1" },
        peerDependencies: { peer: "1", ts: "1" },
        peerDependenciesMeta: { ts: { optional: true } },
        optionalDependencies: { "missing-opt": "1", "present-opt": "1" },
        devDependencies: { dev: "1" },
        files: ["index.js", "sdk", "!sdk/nodejs"],
      },
      ["a", "b", "linked", "@s/d", "peer", "present-opt"],
    );
    // Not packed: files lists index.js and sdk/ but sdk/nodejs.
    writeFileSync(join(root, "notes.txt"), "left out\n");
    mkdirSync(join(root, "sdk", "nodejs"), { recursive: true });
    writeFileSync(join(root, "sdk", "README.md"), "packed\n");
    writeFileSync(join(root, "sdk", "nodejs", "package.json"), "{}\n");
    writePackage(join(nm, "a"), "a", "1.0.0", { dependencies: { c: "1" } }, ["c"]);
    writePackage(join(nm, "c"), "c", "1.0.0");
    writePackage(
      join(nm, "b"),
      "b",
      "1.0.0",
      { dependencies: { c: "2" }, devDependencies: { "dev-only": "1" } },
      ["c"],
    );
    writePackage(join(nm, "b", "node_modules", "c"), "c", "2.0.0");
    writePackage(join(nm, "b", "node_modules", "dev-only"), "dev-only", "1.0.0");
    writePackage(join(nm, "@s", "d"), "@s/d", "1.0.0", { dependencies: { c: "3" } }, ["c"]);
    writePackage(join(nm, "@s", "d", "node_modules", "c"), "c", "3.0.0");
    writePackage(join(nm, "peer"), "peer", "1.0.0");
    writePackage(join(nm, "ts"), "ts", "1.0.0");
    writePackage(join(nm, "present-opt"), "present-opt", "1.0.0");
    writePackage(join(nm, "dev"), "dev", "1.0.0");
    // A linked package (npm link, file: dependencies): its real directory is outside node_modules,
    // and its own dependencies resolve from there.
    writePackage(join(work, "project", "linked-src"), "linked", "1.0.0", { dependencies: { c: "1" } }, ["c"]);
    symlinkSync(join("..", "linked-src"), join(nm, "linked"));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("walks dependencies, peers and optional dependencies, placing each where Node finds it", () => {
    const placed = dependencyClosure(root).map((pkg) => `${pkg.path} ${pkg.name}@${pkg.version}`);
    expect(placed).toEqual([
      "node_modules/pulumi-travel pulumi-travel@1.2.3",
      "node_modules/a a@1.0.0",
      "node_modules/b b@1.0.0",
      "node_modules/linked linked@1.0.0",
      "node_modules/@s/d @s/d@1.0.0",
      "node_modules/peer peer@1.0.0",
      "node_modules/present-opt present-opt@1.0.0",
      "node_modules/c c@1.0.0",
      "node_modules/b/node_modules/c c@2.0.0",
      "node_modules/@s/d/node_modules/c c@3.0.0",
    ]);
  });

  it("records each package's real directory, symlinks resolved", () => {
    const linked = dependencyClosure(root).find((pkg) => pkg.name === "linked");
    expect(linked?.source).toBe(join(work, "project", "linked-src"));
  });

  it("stages a copy that loads exactly what the original loads, from itself alone", () => {
    const out = join(work, "staged");
    const staged = stagePlugin(root, out);
    expect(staged).toMatchObject({ dir: out, version: "1.2.3", packages: 10 });
    const original = loadedTree(root);
    expect(original).toMatchObject({ id: "pulumi-travel@1.2.3" });
    expect(loadedTree(join(out, "node_modules", "pulumi-travel"))).toEqual(original);
    // Left out: devDependencies (the root's and nested ones), an optional peer, unpacked files.
    for (const path of [
      "dev",
      "ts",
      "b/node_modules/dev-only",
      "pulumi-travel/notes.txt",
      "pulumi-travel/sdk/nodejs",
    ])
      expect(existsSync(join(out, "node_modules", path)), path).toBe(false);
    expect(existsSync(join(out, "node_modules", "pulumi-travel", "sdk", "README.md"))).toBe(true);
    // The linked package is copied as a directory, not as a link.
    expect(statSync(join(out, "node_modules", "linked")).isDirectory()).toBe(true);
    expect(statSync(join(out, LAUNCHER_NAME)).mode & 0o111).not.toBe(0);
  });

  it("writes as a tarball exactly what it stages as a directory: paths, contents and modes", async () => {
    const staged = join(work, "staged-again");
    stagePlugin(root, staged);
    const archive = join(work, "plugin.tar.gz");
    expect(await writePluginTarGz(root, archive)).toMatchObject({ version: "1.2.3", packages: 10 });
    const extracted = join(work, "extracted");
    mkdirSync(extracted);
    execFileSync("tar", ["-xzf", archive, "-C", extracted]);
    expect(treeOf(extracted)).toEqual(treeOf(staged));
  });

  it("refuses a file that is neither a directory nor a regular file, naming it", () => {
    const fifo = join(modules(), "a", "a-fifo");
    execFileSync("mkfifo", [fifo]);
    try {
      expect(() => pluginContents(root)).toThrow(
        `cannot package ${fifo}: only directories and regular files are supported`,
      );
    } finally {
      rmSync(fifo);
    }
  });

  it("names the package and the missing dependency when a required one is not installed", () => {
    rmSync(join(modules(), "peer"), { recursive: true });
    expect(() => dependencyClosure(root)).toThrow(
      /pulumi-travel@1\.2\.3 \(.*\) needs peer, which is not installed where Node would look for it; run `npm install`/,
    );
  });
});
