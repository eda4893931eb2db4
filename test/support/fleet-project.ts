/**
 * The fleet's Pulumi project (examples/fleet) laid out in a new directory: its one program and
 * either the example's five tenants or tenants given as text, in the fleet layout
 * (`tenants/<tenant>/tenant.yaml` and `tenant.<env>.yaml`). The fleet e2e deploys the example's
 * tenants; the fleet bench can generate its own. With `program: "javascript"` the program is
 * examples/fleet/index.ts compiled to `index.js` (the same source), for runs that should not pay
 * for ts-node in every `pulumi` process.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { repoRoot } from "./packed-project";

/** A tenant's files by name: `tenant.yaml` and its overlays `tenant.<env>.yaml`. */
export type FleetTenantFiles = Record<string, string>;

/** Options of {@link createFleetProject}. */
export interface FleetProjectOptions {
  /** Tenants by name; the example's (examples/fleet/tenants) when absent. */
  tenants?: Record<string, FleetTenantFiles> | undefined;
  /** `typescript` (default): index.ts run by ts-node, as a user runs it; `javascript`: compiled first. */
  program?: "typescript" | "javascript" | undefined;
}

/** The example fleet's folder. */
export function exampleFleetDir(): string {
  return join(repoRoot(), "examples", "fleet");
}

/** Links this repository's TypeScript into `under`'s node_modules when it has none (ts-node needs it). */
function linkTypeScript(under: string): void {
  const target = join(under, "node_modules", "typescript");
  if (existsSync(join(under, "node_modules")) && !existsSync(target))
    symlinkSync(join(repoRoot(), "node_modules", "typescript"), target, "dir");
}

/** Writes the program: index.ts with its tsconfig.json, or index.js compiled from it. */
function writeProgram(dir: string, program: "typescript" | "javascript"): void {
  const example = exampleFleetDir();
  const project = parseDocument(readFileSync(join(example, "Pulumi.yaml"), "utf8"));
  if (program === "typescript") {
    for (const file of ["index.ts", "tsconfig.json"]) cpSync(join(example, file), join(dir, file));
  } else {
    const ts = require("typescript") as typeof import("typescript");
    const source = readFileSync(join(example, "index.ts"), "utf8");
    const compiled = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(join(dir, "index.js"), compiled.outputText);
    project.setIn(["runtime", "options", "typescript"], false);
    project.set("main", "index.js");
  }
  writeFileSync(join(dir, "Pulumi.yaml"), project.toString());
}

/**
 * Creates the fleet's project in a new directory below `under` (a packed project's directory, whose
 * node_modules the program resolves pulumi-travel from) and returns that directory.
 */
export function createFleetProject(under: string, options: FleetProjectOptions = {}): string {
  const dir = mkdtempSync(join(under, "fleet-"));
  const program = options.program ?? "typescript";
  if (program === "typescript") linkTypeScript(under);
  writeProgram(dir, program);
  const tenantsDir = join(dir, "tenants");
  if (options.tenants === undefined) {
    cpSync(join(exampleFleetDir(), "tenants"), tenantsDir, { recursive: true });
    return dir;
  }
  for (const [tenant, files] of Object.entries(options.tenants)) {
    mkdirSync(join(tenantsDir, tenant), { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(tenantsDir, tenant, file), text);
  }
  return dir;
}
