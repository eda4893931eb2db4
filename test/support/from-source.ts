/**
 * Lets a child process run this repository's TypeScript without a build:
 * `node --require ./test/support/from-source.ts src/cli/main.ts ...`. The fast tests spawn the CLI,
 * the car example and fresh processes this way, so they need no `dist/`.
 *
 * Node 22 strips the types of this file itself (it uses only erasable syntax and `require`). Its
 * hooks (`module.registerHooks`) then resolve what the sources import (`./x` to `x.ts` or
 * `x/index.ts`, `pulumi-travel/<path>` to `src/<path>`, as tsconfig's `paths` do) and compile each
 * `.ts` file with TypeScript's own `transpileModule`, to the CommonJS `npm run build` emits. The
 * output is cached by content in the temp directory, so only the first process pays for it.
 * Modules load through Node's own CommonJS loader, so `require.cache` and `require.main` behave as
 * in the built package.
 */
function registerSourceHooks(): void {
  const { registerHooks } = require("node:module") as typeof import("node:module");
  const fs = require("node:fs") as typeof import("node:fs");
  const { createHash } = require("node:crypto") as typeof import("node:crypto");
  const { tmpdir } = require("node:os") as typeof import("node:os");
  const path = require("node:path") as typeof import("node:path");
  const { fileURLToPath, pathToFileURL } = require("node:url") as typeof import("node:url");

  const root = path.resolve(__dirname, "..", "..");
  const src = path.join(root, "src");
  const cacheDir = path.join(tmpdir(), "pulumi-travel-from-source");
  const tsconfig = path.join(root, "tsconfig.json");
  const tsconfigText = fs.readFileSync(tsconfig, "utf8");
  const typescriptVersion = (require("typescript/package.json") as { version: string }).version;

  const tsFile = (base: string): string | undefined =>
    [`${base}.ts`, path.join(base, "index.ts")].find((file) => fs.existsSync(file));

  const compile = (file: string, source: string): string => {
    const ts = require("typescript") as typeof import("typescript");
    const { config } = ts.parseConfigFileTextToJson(tsconfig, tsconfigText);
    const { options } = ts.convertCompilerOptionsFromJson(
      (config as { compilerOptions: object }).compilerOptions,
      root,
    );
    // The build's options (target, interop), emitting CommonJS for this one file.
    const { moduleResolution: _resolution, paths: _paths, ...shared } = options;
    const compilerOptions = {
      ...shared,
      module: ts.ModuleKind.CommonJS,
      declaration: false,
      sourceMap: false,
      inlineSourceMap: true,
    };
    return ts.transpileModule(source, { compilerOptions, fileName: file }).outputText;
  };

  const compiled = (file: string): string => {
    const source = fs.readFileSync(file, "utf8");
    const key = createHash("sha256")
      .update(`${typescriptVersion}\0${tsconfigText}\0${file}\0${source}`)
      .digest("hex");
    const cached = path.join(cacheDir, `${key}.js`);
    if (fs.existsSync(cached)) return fs.readFileSync(cached, "utf8");
    const output = compile(file, source);
    fs.mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed, so a concurrent process never reads half a file.
    const partial = `${cached}.${process.pid}`;
    fs.writeFileSync(partial, output);
    fs.renameSync(partial, cached);
    return output;
  };

  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL?.endsWith(".ts") ? fileURLToPath(context.parentURL) : undefined;
      const file =
        specifier === "pulumi-travel"
          ? path.join(src, "index.ts")
          : specifier.startsWith("pulumi-travel/")
            ? tsFile(path.join(src, specifier.slice("pulumi-travel/".length)))
            : parent !== undefined && specifier.startsWith(".")
              ? tsFile(path.resolve(path.dirname(parent), specifier))
              : undefined;
      if (file === undefined) return nextResolve(specifier, context);
      return { url: pathToFileURL(file).href, format: "commonjs", shortCircuit: true };
    },
    load(url, context, nextLoad) {
      if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
      return { format: "commonjs", source: compiled(fileURLToPath(url)), shortCircuit: true };
    },
  });
}

registerSourceHooks();
