/**
 * The cost of the vendor contract's request checks in a fresh process, as a provider process pays
 * it: every documented request body, query string and path checked once, with the validators the
 * build compiled ahead (scripts/gen-validators.ts), and with each schema compiled by Ajv as a check
 * without them does. CPU time of the checks, modules loaded included; medians of 5 processes each.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

const CONTRACT = join(__dirname, "..", "src", "contract");

/** Runs every request check once; `compile` makes each validator with Ajv instead of loading it. */
const script = (compile: boolean) => `
const started = process.cpuUsage();
const { requestChecks } = require(${JSON.stringify(join(CONTRACT, "vendor-contract.js"))});
const validators = require(${JSON.stringify(join(CONTRACT, "validators.js"))});
const checks = requestChecks();
if (${compile}) {
  const ajv = { body: validators.newAjv("body"), query: validators.newAjv("query") };
  for (const check of checks) {
    const { mode, schema } = validators.validatorSchema(check);
    ajv[mode].compile(schema)({});
  }
} else {
  for (const check of checks) validators.schemaIssues(check, {});
}
const used = process.cpuUsage(started);
console.log(JSON.stringify({ checks: checks.length, ms: (used.user + used.system) / 1000 }));`;

function medianMs(compile: boolean): { checks: number; ms: number } {
  const runs = Array.from(
    { length: 5 },
    () =>
      JSON.parse(execFileSync(process.execPath, ["-e", script(compile)], { encoding: "utf8" })) as {
        checks: number;
        ms: number;
      },
  ).sort((a, b) => a.ms - b.ms);
  return runs[2] as { checks: number; ms: number };
}

/** The bench row: both costs, and how many checks. */
export function vendorChecksRow(): { name: string; value: string } {
  const ahead = medianMs(false);
  const compiled = medianMs(true);
  return {
    name: `vendor request checks in a fresh process (${ahead.checks})`,
    value: `${Math.round(ahead.ms)} ms of CPU with the build's validators, ${Math.round(compiled.ms)} ms compiling each with Ajv`,
  };
}
