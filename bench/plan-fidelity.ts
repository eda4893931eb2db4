/**
 * The long run of the plan-fidelity property test: with PLAN_FIDELITY_ROUNDS set, `npm run bench`
 * runs test/e2e/plan-fidelity-property.test.ts with that many rounds (seed PLAN_FIDELITY_SEED)
 * and reports its outcome and duration. CI runs the same test with a few rounds.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

/** The benchmark row, or undefined when PLAN_FIDELITY_ROUNDS is not set. */
export function planFidelityRow(): { name: string; value: string } | undefined {
  const rounds = process.env.PLAN_FIDELITY_ROUNDS;
  if (rounds === undefined || rounds === "") return undefined;
  const root = resolve(__dirname, "..", "..");
  const start = performance.now();
  const run = spawnSync(
    "npx",
    ["vitest", "run", "--project", "e2e", "test/e2e/plan-fidelity-property.test.ts"],
    { cwd: root, env: { ...process.env, CI: "true" }, stdio: "inherit" },
  );
  const seconds = (performance.now() - start) / 1000;
  const outcome = run.status === 0 ? "0 plan mismatches" : `FAILED (exit ${String(run.status)})`;
  return {
    name: `plan fidelity, ${rounds} random rounds (seed ${process.env.PLAN_FIDELITY_SEED ?? "14"})`,
    value: `${outcome} in ${seconds.toFixed(0)} s`,
  };
}
