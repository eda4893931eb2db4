/**
 * `fleet drift-summary <dir>`: the drift checks of a fleet (one `<stack>.json` per stack, the
 * output of `pulumi preview --refresh --expect-no-changes --json`) collected into one Markdown
 * report for the CI job summary: the stacks that drifted, with what changed, and those that failed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parseFleetStackName } from "./names";
import { driftOfPreview, type StackDrift } from "./preview-drift";

/** Reads every `<stack>.json` of `dir`, sorted by stack. */
export function readDriftResults(dir: string): StackDrift[] {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new Error(`${dir}: no <stack>.json drift results`);
  return files.map((file) => driftOfPreview(basename(file, ".json"), readFileSync(join(dir, file), "utf8")));
}

/** A Markdown table cell: pipes escaped, one line. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/** `acme-corp-prod` → its tenant and environment, or the whole name as the tenant when it is not a fleet name. */
function tenantAndEnv(stack: string): [string, string] {
  try {
    const { tenant, env } = parseFleetStackName(stack);
    return [tenant, env];
  } catch {
    return [stack, ""];
  }
}

/** The report: a headline, a table of the changes of drifted stacks, and one of failed stacks. */
export function driftSummaryMarkdown(results: readonly StackDrift[]): string {
  const drifted = results.filter((r) => r.status === "drifted");
  const failed = results.filter((r) => r.status === "failed");
  const tenants = [...new Set(drifted.map((r) => tenantAndEnv(r.stack)[0]))];
  const lines = [
    `## Fleet drift: ${drifted.length} of ${results.length} stacks drifted`,
    "",
    `${results.length} stacks checked: ${results.length - drifted.length - failed.length} in sync, ${drifted.length} drifted, ${failed.length} failed.`,
  ];
  if (drifted.length > 0) {
    lines.push("", `Tenants that drifted: ${tenants.join(", ")}.`, "");
    lines.push(
      "| Tenant | Environment | Resource | Change | Properties |",
      "| --- | --- | --- | --- | --- |",
    );
    for (const result of drifted) {
      const [tenant, env] = tenantAndEnv(result.stack);
      for (const r of result.resources) {
        const properties = r.properties.length > 0 ? r.properties.join(", ") : "(the whole resource)";
        lines.push(
          `| ${cell(tenant)} | ${cell(env)} | ${cell(`${r.type} ${r.name}`)} | ${r.op} | ${cell(properties)} |`,
        );
      }
    }
  }
  if (failed.length > 0) {
    lines.push("", "| Failed stack | Error |", "| --- | --- |");
    for (const result of failed) lines.push(`| ${cell(result.stack)} | ${cell(result.error ?? "")} |`);
  }
  return `${lines.join("\n")}\n`;
}
