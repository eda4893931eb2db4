/**
 * One typed model, hosts at the edge: the model (`src/resources/` and `src/provider/` below
 * `hosts/`) knows no host, the provider's bookkeeping keys are named by the codec alone, no module
 * of the provider or the resources keeps state of its own (a run's state is its `Run`), and the
 * resources reach the provider through its kit.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, resolveRelative, sourceFiles } from "../support/source-imports";

const SRC = resolve(__dirname, "../../src");
const HOSTS = resolve(SRC, "provider/hosts");
const CODEC = resolve(SRC, "provider/model/codec.ts");

const resourceFiles = sourceFiles(resolve(SRC, "resources"));
const providerFiles = sourceFiles(resolve(SRC, "provider"));
/** The model: the resources, and the provider below its hosts. */
const modelFiles = [...resourceFiles, ...providerFiles.filter((file) => !file.startsWith(HOSTS))];

const text = (file: string) => readFileSync(file, "utf8");
const name = (file: string) => relative(SRC, file);

/** The files of `src/` that `file` imports. */
const importedFiles = (file: string) =>
  importsOf(text(file))
    .filter((spec) => spec.startsWith("."))
    .map((spec) => resolveRelative(file, spec))
    .filter((target): target is string => target !== undefined);

describe("the model knows no host", () => {
  it("imports nothing from src/provider/hosts/", () => {
    const reaching = modelFiles.flatMap((file) =>
      importedFiles(file)
        .filter((target) => target.startsWith(HOSTS))
        .map((target) => `${name(file)} imports ${name(target)}`),
    );
    expect(reaching).toEqual([]);
  });

  it("names no host's token", () => {
    expect(modelFiles.filter((file) => text(file).includes("pulumi-nodejs:dynamic")).map(name)).toEqual([]);
  });
});

describe("the codec names the provider's bookkeeping", () => {
  it("no other file of the provider or the resources names a `__` key (the engine's `__provider` aside)", () => {
    const naming = [...resourceFiles, ...providerFiles]
      .filter((file) => file !== CODEC)
      .flatMap((file) =>
        [...text(file).matchAll(/["'`](__(?!provider\b)[A-Za-z]\w*)/g)].map(
          (match) => `${name(file)}: ${match[1]}`,
        ),
      );
    expect(naming).toEqual([]);
  });

  it("the codec names them", () => {
    expect(text(CODEC)).toMatch(/"__stack"/);
  });
});

describe("no module keeps state of its own", () => {
  const TOP_LEVEL_STATE =
    /^(?:export\s+)?(?:let\s|var\s|const\s+\w+(?:\s*:[^=]+)?=\s*new\s+(?:Map|Set|WeakMap|WeakSet)\b)/gm;

  it("no top-level let, var, new Map, new Set or new WeakMap in src/provider/ or src/resources/", () => {
    const stateful = [...resourceFiles, ...providerFiles].flatMap((file) =>
      [...text(file).matchAll(TOP_LEVEL_STATE)].map((match) => `${name(file)}: ${match[0].trim()}`),
    );
    expect(stateful).toEqual([]);
  });
});

describe("the resources reach the provider through its kit", () => {
  it("src/resources/ imports at most 2 modules of src/provider/", () => {
    const providerDir = resolve(SRC, "provider");
    const modules = new Set(
      resourceFiles.flatMap((file) => importedFiles(file).filter((target) => target.startsWith(providerDir))),
    );
    expect([...modules].map(name).length).toBeLessThanOrEqual(2);
    expect([...modules].map(name)).toEqual(["provider/kit.ts"]);
  });
});
