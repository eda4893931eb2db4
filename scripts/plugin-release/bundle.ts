/**
 * The plugin as one CommonJS file: esbuild bundles the built entry point (`dist/src/plugin.js`)
 * with everything it requires, for the single executable to run. The package's own files that
 * code reads at run time are not in it: they are the executable's assets (`src/package-files/`).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { build, type Message, type Plugin, stop } from "esbuild";

/**
 * Modules the plugin never loads that would make the bundle much larger: `typescript` (10 MB;
 * `@pulumi/pulumi` loads it only to serialize a dynamic provider's closure, in a program). Each is
 * replaced by a module that throws, naming it, so that a use would fail loudly.
 */
const LEFT_OUT = ["typescript"] as const;

/** The bundle's text and the warnings esbuild gave. */
export interface PluginBundle {
  text: string;
  warnings: string[];
}

/** Bundles `<root>/dist/src/plugin.js` (run `npm run build` first). */
export async function bundlePlugin(root: string): Promise<PluginBundle> {
  const entry = join(root, "dist", "src", "plugin.js");
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  // esbuild serves builds from a child process; stopped after this one, so that a long-lived caller
  // (a test worker, the bench) is not kept alive by it.
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    write: false,
    outfile: join(root, "plugin-bundle.js"),
    plugins: [leftOut],
    logLevel: "silent",
    legalComments: "none",
  }).finally(() => stop());
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error("esbuild wrote no bundle");
  return { text: output.text, warnings: result.warnings.map(warningText) };
}

/** Resolves each module of {@link LEFT_OUT} to a module that throws, naming it. */
const leftOut: Plugin = {
  name: "left-out",
  setup(builder) {
    const filter = new RegExp(`^(${LEFT_OUT.join("|")})$`);
    builder.onResolve({ filter }, (args) => ({ path: args.path, namespace: "left-out" }));
    builder.onLoad({ filter: /.*/, namespace: "left-out" }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`pulumi-resource-travel: ${args.path} is not part of the plugin's single executable`)});\n`,
      loader: "js",
    }));
  },
};

/** `file:line: text`, one line. */
function warningText(message: Message): string {
  const at = message.location ? `${message.location.file}:${message.location.line}: ` : "";
  return `${at}${message.text}`;
}
