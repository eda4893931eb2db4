/**
 * `pulumi-travel migrate --stack <name> --out <dir> [--to yaml|typescript]`: moves a stack of
 * dynamic travel resources onto the provider plugin by editing its state, and writes the Pulumi
 * YAML program of the same resources, or, `--to typescript`, leaves the TypeScript program to be
 * switched to `pulumi-travel/plugin` (the state then holds the default provider that SDK's
 * resources ask for). No call reaches the platform: `pulumi stack export` (secrets stay ciphertext), the
 * state moved by `migrate/plugin-state.ts`, `pulumi stack import`. The state as it was is kept in
 * `--out` for a rollback (`pulumi stack import --file <it>`). A stack with pending operations is
 * refused; a stack already on the plugin is left alone, so the command is safe to run again.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { definitions } from "../../resources/registry";
import { CliError } from "../cli-error";
import { type CommandExits, exitCodesHelp } from "../exit-codes";
import { programFromState } from "../migrate/program-from-state";
import { type Deployment, migrateDeployment, pendingOperations } from "../migrate/plugin-state";
import { pluginSdkRequest } from "../migrate/plugin-sdk-request";
import { findOnPath, runPulumi } from "../plugin/pulumi-plugins";
import { yamlProgramText } from "../yaml-program";
import { MissingToolError } from "./plugin";

/** Options of the migrate command. */
interface MigrateOptions {
  stack: string;
  out: string;
  to: string;
  cwd?: string;
}

/** The programs a stack can move to. */
const TARGETS = ["yaml", "typescript"] as const;

const HELP = `
Run it in the stack's project directory (or give it with --cwd), with the stack's backend and
secrets passphrase (or provider) set as for \`pulumi up\`. It
  1. exports the stack's state (pulumi stack export: secrets stay encrypted) and refuses a state
     with pending operations, naming each;
  2. keeps that state in --out as <stack>.pre-migration-<time>.json (roll back with
     pulumi stack import --stack <stack> --file <it>);
  3. rewrites each pulumi-nodejs:dynamic/travel:<Type> resource as travel:index:<Type> on the default
     travel provider (the stack's travel:* config becomes its settings), same name, id, inputs and
     outputs, and imports that state (pulumi stack import);
  4. writes --out/Pulumi.yaml, a Pulumi YAML program of the same resources (same project), and
     copies the stack's Pulumi.<stack>.yaml config beside it.
With --to typescript, step 3 gives the resources the default provider that the Node.js SDK
pulumi-travel/plugin asks for (this package's version), and step 4 writes nothing: change the
program's imports from "pulumi-travel" to "pulumi-travel/plugin" in place.
Nothing is sent to the platform. Then, with the plugin installed (pulumi-travel plugin install):
pulumi preview --stack <stack> of the new program shows no changes. Run again, it finds nothing to
move (and writes the YAML program again).

Examples:
  pulumi-travel migrate --stack prod --out ../tenant-yaml
  pulumi-travel migrate --stack prod --out ../backups --to typescript`;

/** The exit codes `migrate` can return. */
export const MIGRATE_EXITS: CommandExits = [
  ["ok", "migrated (or nothing left to migrate); the program written"],
  ["failure", "a pulumi command failed (its message is shown); the state is as it was unless it says so"],
  ["usage", "wrong usage"],
  ["findings", "the stack has pending operations: nothing was changed"],
  ["missingTool", "no `pulumi` on PATH"],
];

/** Registers the `migrate` command. */
export function registerMigrateCommand(program: Command): void {
  program
    .command("migrate")
    .description(
      "move a stack of dynamic travel resources onto the provider plugin (state only, nothing sent to the platform) and write its Pulumi YAML program, or keep its TypeScript program on pulumi-travel/plugin (--to typescript)",
    )
    .requiredOption("--stack <name>", "the stack to migrate")
    .requiredOption("--out <dir>", "the directory for the state backup (and the Pulumi YAML program)")
    .option(
      "--to <program>",
      "the program the stack moves to: yaml (written to --out) or typescript (the same program on pulumi-travel/plugin)",
      "yaml",
    )
    .option("--cwd <dir>", "the stack's project directory (default: the current directory)")
    .addHelpText("after", `${HELP}\n${exitCodesHelp(MIGRATE_EXITS)}`)
    .action((options: MigrateOptions) => migrate(options));
}

/** The stack has pending operations; exit code 9. */
export class PendingOperationsError extends CliError {
  constructor(stack: string, pending: readonly string[]) {
    super(
      "findings",
      `stack ${stack} has ${pending.length} pending operation(s), so it is not migrated (nothing was changed):\n` +
        pending.map((line) => `  ${line}`).join("\n") +
        "\nAn interrupted create may have made an object the state does not hold: run " +
        "`pulumi-travel reconcile` to find it, then `pulumi refresh --clear-pending-creates` " +
        "(or `pulumi refresh` and answer its prompt), and migrate again.",
    );
    this.name = "PendingOperationsError";
  }
}

function migrate(options: MigrateOptions): void {
  const to = TARGETS.find((target) => target === options.to);
  if (to === undefined)
    throw new CliError("usage", `--to must be one of ${TARGETS.join(", ")} (got "${options.to}")`);
  const pulumi = findOnPath("pulumi");
  if (pulumi === undefined)
    throw new MissingToolError("no `pulumi` on PATH: install the Pulumi CLI and try again");
  const cwd = resolve(options.cwd ?? ".");
  const out = resolve(options.out);
  const { stack } = options;
  const exported = runPulumi(pulumi, ["stack", "export", "--stack", stack], cwd);
  const state = JSON.parse(exported) as { version: number; deployment: Deployment };
  const pending = pendingOperations(state.deployment);
  if (pending.length > 0) throw new PendingOperationsError(stack, pending);

  const migration = migrateDeployment(
    state.deployment,
    definitions,
    to === "typescript" ? pluginSdkRequest() : {},
  );
  mkdirSync(out, { recursive: true });
  const lines: string[] = [];
  if (migration.moved.size > 0) {
    const backup = join(out, `${stack}.pre-migration-${new Date().toISOString().replaceAll(":", "")}.json`);
    writeFileSync(backup, exported, { mode: 0o600 });
    const work = mkdtempSync(join(tmpdir(), "pulumi-travel-migrate-"));
    try {
      const file = join(work, "state.json");
      writeFileSync(file, JSON.stringify({ ...state, deployment: migration.deployment }, null, 2), {
        mode: 0o600,
      });
      runPulumi(pulumi, ["stack", "import", "--stack", stack, "--file", file], cwd);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    lines.push(
      `moved ${migration.moved.size} resource(s) of stack ${stack} onto the plugin (travel:index:<Type>)` +
        (migration.providerAdded ? `, with the default travel provider ${migration.providerAdded}` : ""),
      `the state before: ${backup} (roll back: pulumi stack import --stack ${stack} --file ${backup})`,
    );
    for (const urn of migration.providersDropped) lines.push(`dropped the provider no resource uses: ${urn}`);
  } else {
    lines.push(
      `stack ${stack} has no dynamic travel resources (${migration.alreadyOnPlugin} already on the plugin): state left as it was`,
    );
  }
  if (to === "typescript") {
    lines.push(
      `now import from "pulumi-travel/plugin" where the program imports from "pulumi-travel" (the same classes, inputs and outputs),`,
      `then: pulumi preview --stack ${stack} (no changes expected)`,
    );
    process.stdout.write(`${lines.join("\n")}\n`);
    return;
  }

  const program = programFromState(migration.deployment, definitions);
  writeFileSync(
    join(out, "Pulumi.yaml"),
    yamlProgramText({
      project: program.project,
      description: `The travel resources of stack ${stack}, on the provider plugin travel.`,
      header: [
        `Written by \`pulumi-travel migrate --stack ${stack}\` from the stack's state: the same resources,`,
        "under the same names, on the provider plugin travel (pulumi-travel plugin install).",
      ],
      resources: program.resources,
      outputs: program.outputs,
    }),
  );
  const config = join(cwd, `Pulumi.${stack}.yaml`);
  if (existsSync(config) && resolve(config) !== join(out, `Pulumi.${stack}.yaml`))
    copyFileSync(config, join(out, `Pulumi.${stack}.yaml`));
  lines.push(`wrote ${join(out, "Pulumi.yaml")}: ${program.resources.length} resource(s)`);
  if (program.secretConfig.length > 0) {
    lines.push("set these secret inputs (encrypted in the state, so not in the program) before `pulumi up`:");
    for (const { key, input } of program.secretConfig)
      lines.push(`  pulumi config set --secret ${key} <value>    # ${input}`);
  }
  lines.push(`then: cd ${out} && pulumi preview --stack ${stack} (no changes expected)`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
