/**
 * `pulumi-travel reconcile`: compares a stack (`pulumi stack export`) with what the platform holds
 * under the stack's companies, lists the objects no resource owns and the pending creates an
 * interrupted `pulumi up` left, and the TMC's API users the stack does not hold, and prints the
 * commands that adopt or delete (revoke) each one. It can also delete an unowned object, or write
 * the stack export with the pending creates adopted.
 */
import { writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { text as streamText } from "node:stream/consumers";
import type { Command } from "commander";
import type { TravelClient } from "../../client";
import { adoptPendingCreates, UnrevokedPendingError } from "../../tenant/adopt-pending";
import { definitions } from "../../resources/registry";
import { objectPath, readTenant } from "../../tenant/read-tenant";
import {
  hasFindings,
  madeByPending,
  type PendingMatch,
  pendingKey,
  planReconcile,
  type ReconcilePlan,
  stackCompanies,
} from "../../tenant/reconcile-plan";
import { parseStackExport, type StackContents, type StackResource } from "../../tenant/stack-export";
import { readTmcObjects, recordedIdsReaders, type TmcObject, tmcInventories } from "../../tenant/tmc-objects";
import type { TenantObject } from "../../tenant/tenant-object";
import { clientFromEnv } from "../client-from-env";
import { type CommandExits, exitCodesHelp } from "../exit-codes";
import { CliError, UsageError } from "../cli-error";
import { standaloneContext } from "../../provider/model/resource-context";

/** Options of the reconcile command. */
interface ReconcileOptions {
  stack: string;
  json?: boolean;
  delete?: string[];
  adoptPending?: string;
}

const HELP = `
Reads the stack with \`pulumi stack export\` (a file, or - for stdin) and the platform with the
TRAVEL_* variables (TRAVEL_BASE_URL, TRAVEL_CLIENT_ID, TRAVEL_CLIENT_SECRET). Read-only unless
--delete or --adopt-pending is given.

Examples:
  pulumi stack export | pulumi-travel reconcile
  pulumi stack export --file state.json && pulumi-travel reconcile --stack state.json --json
  pulumi-travel reconcile --stack state.json --adopt-pending adopted.json
      && pulumi stack import --file adopted.json && pulumi refresh --yes
  pulumi-travel reconcile --stack state.json --delete CostCenter:<id>

The TMC's API users the stack does not hold are listed too. A pending ApiUser create recorded the
clientIds that existed when it was checked: those that appeared since are the ones it made, with
the command to revoke each; the others are another stack's or a person's, and no revoke is
proposed for them. They count as findings only while a pending create made (or may have made) one.
--adopt-pending refuses (exit code 9, nothing written) while the users a pending create made are
still active: revoke them first.`;

/** The exit codes `reconcile` can return. */
export const RECONCILE_EXITS: CommandExits = [
  ["ok", "nothing to reconcile, or the requested change was made"],
  "failure",
  ["usage", "wrong usage, an unreadable stack export, or missing TRAVEL_* settings"],
  ["refused", "the platform refused a --delete"],
  "auth",
  ["notFound", "an object to --delete was not found"],
  "unavailable",
  ["findings", "objects no resource owns, or pending creates, were found"],
];

/** Registers the `reconcile` command. */
export function registerReconcileCommand(program: Command): void {
  program
    .command("reconcile")
    .description(
      "list the platform objects no stack resource owns and the pending creates, with the commands to adopt or delete each",
    )
    .option("--stack <file>", "output of `pulumi stack export` (- reads stdin)", "-")
    .option("--json", "print the findings as JSON")
    .option(
      "--delete <type:id>",
      "delete an object no resource owns, such as CostCenter:<id> (repeatable)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option(
      "--adopt-pending <file>",
      "write the stack export with each pending create bound to the object it made",
    )
    .addHelpText("after", `${HELP}\n${exitCodesHelp(RECONCILE_EXITS)}`)
    .action(async (options: ReconcileOptions) => {
      const text = await readStack(options.stack);
      const stack = parsed(text);
      const client = clientFromEnv();
      try {
        const plan = await reconcilePlan(client, stack, process.env.TRAVEL_CLIENT_ID);
        if (options.delete && options.delete.length > 0) {
          await deleteUnowned(client, plan, options.delete);
          return;
        }
        if (options.adoptPending !== undefined) {
          const adopted = withFindingsExit(() =>
            adoptPendingCreates(
              JSON.parse(text) as Record<string, unknown>,
              plan.pending,
              options.stack === "-" ? "state.json" : options.stack,
            ),
          );
          writeFileSync(options.adoptPending, `${JSON.stringify(adopted, null, 2)}\n`);
          process.stdout.write(
            `wrote ${options.adoptPending}: ${plan.pending.filter((p) => p.matches.length === 1).length} pending creates adopted, ` +
              `${plan.pending.filter((p) => p.matches.length === 0).length} cleared. Next: pulumi stack import --file ${options.adoptPending} && pulumi refresh --yes\n`,
          );
          return;
        }
        const stackArg = options.stack === "-" ? "state.json" : options.stack;
        process.stdout.write(
          options.json ? `${JSON.stringify(toJson(plan, stackArg), null, 2)}\n` : formatPlan(plan, stackArg),
        );
        if (hasFindings(plan)) throw new FindingsExit();
      } finally {
        await client.close();
      }
    });
}

/** `adopt()`, its refusal to orphan objects a pending create made ending with the findings exit code (9). */
function withFindingsExit<T>(adopt: () => T): T {
  try {
    return adopt();
  } catch (error) {
    if (error instanceof UnrevokedPendingError)
      throw new CliError("findings", error.message, { cause: error });
    throw error;
  }
}

/** Ends the command with the findings exit code (9), the report already printed. */
export class FindingsExit extends CliError {
  constructor() {
    super("findings", "reconcile found objects to deal with", { reported: true });
    this.name = "FindingsExit";
  }
}

function parsed(text: string): StackContents {
  try {
    return parseStackExport(text);
  } catch (error) {
    throw new UsageError((error as Error).message, { cause: error });
  }
}

/**
 * The stack export from `file`, or from stdin for `-`, read as a stream to its end: a pipe from a
 * writer that is not done yet (`pulumi stack export | ...`) is waited for, not read as it stands.
 * A terminal on stdin is a usage error, not a wait for typing.
 */
async function readStack(file: string): Promise<string> {
  if (file === "-" && process.stdin.isTTY)
    throw new UsageError(
      "reconcile reads the stack export from stdin, which is a terminal: pipe it in " +
        "(pulumi stack export | pulumi-travel reconcile) or name a file (--stack state.json)",
    );
  try {
    return file === "-" ? await streamText(process.stdin) : await readFile(file, "utf8");
  } catch (error) {
    throw new UsageError(
      `cannot read the stack export ${file === "-" ? "from stdin" : file}: ${(error as Error).message}`,
    );
  }
}

/**
 * Reads the tenant under the stack's companies and the TMC's objects of no company, and compares;
 * `callerId` is the clientId the client runs with.
 */
export async function reconcilePlan(
  client: TravelClient,
  stack: StackContents,
  callerId?: string,
): Promise<ReconcilePlan> {
  const companies = new Set(stackCompanies(stack));
  const pendingCompanies: TenantObject[] = [];
  for (const pending of stack.pendingCreates.filter((p) => p.type === "Company"))
    pendingCompanies.push(...(await findCompanies(client, pending)));
  const tenant = await readTenant(client, companies, definitions);
  const seen = new Set(tenant.map((o) => `${o.type}:${o.id}`));
  for (const company of pendingCompanies) if (!seen.has(`Company:${company.id}`)) tenant.push(company);
  const tmc = await readTmcObjects(client, definitions, callerId);
  return planReconcile(stack, tenant, [...companies], tmc, recordedIdsReaders(definitions));
}

/**
 * The companies a pending Company create may have made, found as its create recovery finds them
 * (the natural-key `recovery` of the Company definition: by externalId, else by name).
 */
async function findCompanies(client: TravelClient, pending: StackResource): Promise<TenantObject[]> {
  const recovery = definitions.Company?.recovery;
  const lookup = recovery?.strategy === "natural-key" ? recovery.lookup : undefined;
  const key = pendingKey(pending);
  if (lookup === undefined || key === undefined) return [];
  const found = await lookup.find(standaloneContext(client), pending.properties, key);
  return found.map((company) => ({
    type: "Company",
    id: company.id,
    companyId: company.id,
    parents: {},
    name: company.name,
    externalId: key.by === "externalId" ? key.value : undefined,
  }));
}

async function deleteUnowned(
  client: TravelClient,
  plan: ReconcilePlan,
  refs: readonly string[],
): Promise<void> {
  const deletable = new Map<string, TenantObject | TmcObject>();
  for (const object of [...plan.unowned, ...plan.pending.flatMap((p) => p.matches), ...plan.tmc])
    deletable.set(`${object.type}:${object.id}`, object);
  const targets = refs.map((ref) => {
    const object = deletable.get(ref);
    if (!object)
      throw new UsageError(
        `--delete ${ref}: not an object that no resource of this stack owns (format <Type>:<id>, as reconcile lists them)`,
      );
    if ("caller" in object && object.caller)
      throw new UsageError(
        `--delete ${ref}: these are the credentials reconcile runs with (TRAVEL_CLIENT_ID)`,
      );
    return object;
  });
  const tmc = new Map(tmcInventories(definitions));
  for (const object of targets) {
    if ("caller" in object) {
      const inventory = tmc.get(object.type);
      if (inventory === undefined) throw new Error(`${object.type} declares no TMC inventory to revoke with`);
      await inventory.remove(client, object.id);
      process.stdout.write(`revoked ${object.type} ${object.id}\n`);
      continue;
    }
    await client.delete(objectPath(object, definitions));
    process.stdout.write(`deleted ${object.type} ${object.id}${object.name ? ` (${object.name})` : ""}\n`);
  }
}

const describe = (object: TenantObject) =>
  `${object.type} ${object.id}${object.name === undefined ? "" : ` "${object.name}"`}${object.externalId === undefined ? "" : ` externalId ${object.externalId}`}`;

function pendingActions(pending: PendingMatch, stackArg: string, plan: ReconcilePlan): string[] {
  if (tmcInventories(definitions).some(([type]) => type === pending.type))
    return tmcPendingActions(pending, stackArg, plan);
  if (pending.matches.length === 0)
    return [
      "nothing on the platform: `pulumi refresh --clear-pending-creates --yes` (the next up creates it)",
    ];
  const deletes = pending.matches.map((m) => deleteCommand(m, stackArg));
  if (pending.matches.length > 1)
    return [
      "several objects match, and another stack or a person may own some of them: delete only one you know " +
        `this stack's create made (${deletes.join("; ")}), then run reconcile again`,
    ];
  return [
    `adopt:  pulumi-travel reconcile --stack ${stackArg} --adopt-pending adopted.json && pulumi stack import --file adopted.json && pulumi refresh --yes`,
    `delete: ${deletes[0]} && pulumi refresh --clear-pending-creates --yes`,
  ];
}

/**
 * What to do about a pending create of a TMC object (an API user): revoke exactly the ones that
 * appeared since it was checked, never an older one (another stack's or a person's).
 */
function tmcPendingActions(pending: PendingMatch, stackArg: string, plan: ReconcilePlan): string[] {
  const clear = "then `pulumi refresh --clear-pending-creates --yes` (the next up creates it)";
  if (pending.appeared === undefined)
    return [
      `it may have made one of the ${pending.type} objects the stack does not hold, listed below, but it ` +
        "recorded no list to tell which (a state of an earlier release): revoke one only once you know who " +
        `made it (--delete ${pending.type}:<id>), ${clear}`,
    ];
  if (pending.appeared.length === 0) return [`it made no ${pending.type}: ${clear}`];
  const creates = plan.pending.filter((other) => other.type === pending.type).length;
  const made = new Set(
    plan.pending.filter((other) => other.type === pending.type).flatMap((other) => other.appeared ?? []),
  );
  const revokes = pending.appeared.map((object) => deleteCommand(object, stackArg));
  if (made.size > creates)
    return [
      `${made.size} ${pending.type} objects appeared since the stack's ${creates} pending create(s) were checked, so ` +
        "someone else made some of them meanwhile: revoke only those you know this stack made " +
        `(${revokes.join("; ")}), ${clear}`,
    ];
  return [`the ${pending.type} it made (its secret is lost): ${revokes.join("; ")}, ${clear}`];
}

function formatPlan(plan: ReconcilePlan, stackArg: string): string {
  const lines = [`companies read: ${plan.companies.join(", ") || "(none)"}`];
  if (plan.pending.length === 0 && plan.unowned.length === 0) {
    lines.push(
      "nothing to reconcile: every object under these companies is owned by a resource of the stack",
    );
    return `${[...lines, ...tmcLines(plan, stackArg)].join("\n")}\n`;
  }
  if (plan.pending.length > 0) {
    lines.push("", `pending creates (an interrupted pulumi up): ${plan.pending.length}`);
    for (const pending of plan.pending) {
      const key = pending.key
        ? ` by ${pending.key.by} "${pending.key.value}"`
        : " (no name or externalId to match)";
      const found = pending.matches.length === 0 ? "no object" : pending.matches.map(describe).join(", ");
      lines.push(`  ${pending.urn}${key} -> ${found}`);
      for (const action of pendingActions(pending, stackArg, plan)) lines.push(`      ${action}`);
    }
  }
  if (plan.unowned.length > 0) {
    lines.push(
      "",
      `objects no resource of the stack owns: ${plan.unowned.length} (a person may own them: check before deleting)`,
    );
    for (const object of plan.unowned) {
      lines.push(`  ${describe(object)} (company ${object.companyId})`);
      lines.push(
        `      adopt:  declare the resource in the program with adoptId: "${object.id}", then pulumi up`,
      );
      lines.push(`      delete: ${deleteCommand(object, stackArg)}`);
    }
  }
  return `${[...lines, ...tmcLines(plan, stackArg)].join("\n")}\n`;
}

/**
 * The TMC's objects the stack does not hold: the revoke command only for those a pending create
 * of the stack made; the others are another stack's or a person's, to adopt at most.
 */
function tmcLines(plan: ReconcilePlan, stackArg: string): string[] {
  const { tmc } = plan;
  if (tmc.length === 0) return [];
  const lines = ["", `objects of the TMC (no company) this stack does not hold: ${tmc.length}`];
  for (const object of tmc) {
    if (object.caller) {
      lines.push(`  ${object.type} ${object.id}: the credentials reconcile runs with (TRAVEL_CLIENT_ID)`);
      continue;
    }
    const made = madeByPending(plan, object);
    lines.push(`  ${object.type} ${object.id}${made ? ": made by a pending create of this stack" : ""}`);
    if (made === false) {
      lines.push(
        "      not made by this stack's pending creates (it existed before they were checked, or none is pending): " +
          "another stack's or a person's. Leave it; adopt it only if this stack should manage it " +
          `(adoptId: "${object.id}").`,
      );
      continue;
    }
    if (made === undefined)
      lines.push("      a pending create recorded no list to tell by: check who made it before revoking it");
    lines.push(`      revoke: ${deleteCommand(object, stackArg)}`);
  }
  return lines;
}

/** The command that deletes (or revokes) one listed object. */
const deleteCommand = (object: { type: string; id: string }, stackArg: string) =>
  `pulumi-travel reconcile --stack ${stackArg} --delete ${object.type}:${object.id}`;

function toJson(plan: ReconcilePlan, stackArg: string) {
  return {
    companies: plan.companies,
    pendingCreates: plan.pending.map((pending) => ({
      ...pending,
      actions: pendingActions(pending, stackArg, plan),
    })),
    unowned: plan.unowned.map((object) => ({
      ...object,
      adoptId: object.id,
      deleteCommand: deleteCommand(object, stackArg),
    })),
    tmcNotHeld: plan.tmc.map((object) => {
      if (object.caller) return object;
      const madeByPendingCreate = madeByPending(plan, object);
      // A revoke is proposed only for an object a pending create made (or may have, unrecorded).
      return madeByPendingCreate === false
        ? { ...object, madeByPendingCreate, adoptId: object.id }
        : {
            ...object,
            madeByPendingCreate,
            adoptId: object.id,
            deleteCommand: deleteCommand(object, stackArg),
          };
    }),
  };
}
