/**
 * The plugin as one CommonJS file: esbuild bundles the built entry point (`dist/src/plugin.js`)
 * with everything it requires, for the single executable to run. The package's own files that
 * code reads at run time are not in it: they are the executable's assets (`src/package-files/`).
 * The licence comments of the bundled packages are kept, at its end.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { build, type Message, stop } from "esbuild";

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
    logLevel: "silent",
  }).finally(() => stop());
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error("esbuild wrote no bundle");
  return { text: output.text, warnings: result.warnings.map(warningText) };
}

/** `file:line: text`, one line. */
function warningText(message: Message): string {
  const at = message.location ? `${message.location.file}:${message.location.line}: ` : "";
  return `${at}${message.text}`;
}
