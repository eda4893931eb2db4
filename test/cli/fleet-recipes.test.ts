/**
 * The fleet's CI recipes in examples/ci: what each workflow runs, checked from the YAML, and the
 * plan step they share (fleet-plan.sh) run in a git repository holding the example fleet, with
 * `npx pulumi-travel` resolving to this repository's CLI. The stack steps (pipeline.sh up, preview,
 * drift) and the drift summary run against the real engine in test/e2e/fleet.test.ts.
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CLI, FROM_SOURCE, ROOT } from "./harness";
import { cleanEnv } from "../support/clean-env";

const run = promisify(execFile);
const RECIPES = join(ROOT, "examples", "ci");
const read = (file: string) => readFileSync(join(RECIPES, file), "utf8");

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface GithubJob {
  needs?: string | string[];
  if?: string;
  uses?: string;
  with?: Record<string, string>;
  outputs?: Record<string, string>;
  strategy?: { "fail-fast"?: boolean; "max-parallel"?: number; matrix?: unknown };
  steps?: Step[];
}
interface GithubWorkflow {
  env?: Record<string, string | number>;
  jobs: Record<string, GithubJob>;
}

describe("the fleet's GitHub Actions recipe", () => {
  const workflow = parse(read("fleet-github-actions.yml")) as GithubWorkflow;
  const stacks = parse(read("fleet-github-stacks.yml")) as GithubWorkflow;

  it("validates every tenant, then plans with fleet-plan.sh: preview on pull requests, drift on schedule, up otherwise", () => {
    const runs = (workflow.jobs.plan?.steps ?? []).map((step) => step.run).filter(Boolean);
    expect(runs).toEqual([
      "npm ci",
      'npx pulumi-travel fleet validate "$FLEET_DIR/tenants"',
      'bash examples/ci/fleet-plan.sh github "$OPERATION" "$RANGE"',
    ]);
    expect(read("fleet-github-actions.yml")).toContain(
      "OPERATION: ${{ github.event_name == 'pull_request' && 'preview' || github.event_name == 'schedule' && 'drift' || 'up' }}",
    );
  });

  it("has one stacks job per shard, each calling the stack workflow with its shard's matrix", () => {
    const shards = Number(workflow.env?.FLEET_SHARDS);
    const shardJobs = Object.keys(workflow.jobs).filter((name) => name.startsWith("stacks-"));
    expect(shardJobs).toHaveLength(shards);
    for (const [index, name] of shardJobs.entries()) {
      const k = index + 1;
      expect(workflow.jobs[name]).toMatchObject({
        needs: "plan",
        if: `needs.plan.outputs.count${k} != '0'`,
        uses: "./.github/workflows/fleet-stacks.yml",
        with: { matrix: `\${{ needs.plan.outputs.matrix${k} }}` },
      });
      expect(workflow.jobs.plan?.outputs?.[`matrix${k}`]).toBe(`\${{ steps.plan.outputs.matrix${k} }}`);
    }
  });

  it("runs every stack of the matrix without cancelling the others, bounded, one run per stack at a time", () => {
    const job = stacks.jobs.stack;
    expect(job?.strategy).toEqual({
      "fail-fast": false,
      "max-parallel": 8,
      matrix: "${{ fromJSON(inputs.matrix) }}",
    });
    const steps = (job?.steps ?? []).filter((step) => step.run?.includes("pipeline.sh"));
    expect(
      steps.map((step) => [
        step.if,
        /pipeline\.sh (\w+) \$\{\{ matrix\.stack \}\}/.exec(step.run ?? "")?.[1],
      ]),
    ).toEqual([
      ["inputs.operation == 'preview'", "preview"],
      ["inputs.operation == 'up'", "up"],
      ["inputs.operation == 'drift'", "drift"],
    ]);
    const upload = job?.steps?.find((step) => step.uses?.startsWith("actions/upload-artifact"));
    expect(upload?.with).toMatchObject({
      name: "drift-${{ matrix.stack }}",
      path: "${{ env.PROJECT_DIR }}/drift/${{ matrix.stack }}.json",
    });
  });

  it("collects the drift checks into one summary on the run's page, also when checks failed", () => {
    const job = workflow.jobs["drift-summary"];
    expect(job?.if).toBe("always() && needs.plan.outputs.operation == 'drift'");
    expect(job?.steps?.find((step) => step.uses?.startsWith("actions/download-artifact"))?.with).toEqual({
      pattern: "drift-*",
      path: "drift",
      "merge-multiple": true,
    });
    expect(job?.steps?.at(-1)?.run).toBe(
      'npx pulumi-travel fleet drift-summary drift >> "$GITHUB_STEP_SUMMARY"',
    );
  });
});

describe("the fleet's GitLab recipe", () => {
  const pipeline = parse(read("fleet-gitlab-ci.yml")) as Record<string, Record<string, unknown>>;
  const jobs = parse(read("fleet-gitlab-jobs.yml")) as Record<string, { script?: string[] }>;

  it("plans preview on merge requests, drift on schedules and up on the default branch, into a child pipeline", () => {
    const rules = (pipeline[".fleet-rules"]?.rules ?? []) as {
      if: string;
      variables: { OPERATION: string };
    }[];
    expect(rules.map((rule) => [rule.if, rule.variables.OPERATION])).toEqual([
      ['$CI_PIPELINE_SOURCE == "merge_request_event"', "preview"],
      ['$CI_PIPELINE_SOURCE == "schedule"', "drift"],
      ["$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH", "up"],
    ]);
    expect(pipeline.plan?.script).toEqual([
      "npm ci",
      'npx pulumi-travel fleet validate "$FLEET_DIR/tenants"',
      'bash examples/ci/fleet-plan.sh gitlab "$OPERATION" "$RANGE" > fleet-pipeline.yml',
    ]);
    expect(pipeline.stacks?.trigger).toEqual({
      include: [{ artifact: "fleet-pipeline.yml", job: "plan" }],
      strategy: "depend",
    });
  });

  it("runs pipeline.sh on each stack of the child pipeline, and the drift summary", () => {
    expect(jobs[".fleet-stack"]?.script).toContain("bash examples/ci/pipeline.sh $OPERATION $STACK");
    expect(jobs[".fleet-drift-summary"]?.script?.join("\n")).toContain(
      'npx pulumi-travel fleet drift-summary "$FLEET_DIR/drift"',
    );
  });
});

describe("fleet-plan.sh, run in a git repository holding the example fleet", () => {
  const repo = mkdtempSync(join(tmpdir(), "fleet-plan-"));
  const fleet = join(repo, "examples", "fleet");
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: repo });

  beforeAll(() => {
    cpSync(join(ROOT, "examples", "fleet"), fleet, { recursive: true });
    // `npx --no-install pulumi-travel` finds the package's bin in the project: here, the sources.
    const bin = join(repo, "node_modules", ".bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(repo, "package.json"), '{ "name": "fleet-repo", "private": true }\n');
    writeFileSync(
      join(bin, "pulumi-travel"),
      `#!/bin/sh\nexec "${process.execPath}" --require "${FROM_SOURCE}" "${CLI}" "$@"\n`,
    );
    chmodSync(join(bin, "pulumi-travel"), 0o755);
    writeFileSync(join(repo, ".gitignore"), "node_modules/\n");
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "the fleet");
    writeFileSync(join(fleet, "tenants", "globex", "tenant.prod.yaml"), "company: { name: Globex Ltd }\n");
    git("commit", "-qam", "globex renamed in prod");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  const plan = (args: string[], env: Record<string, string> = {}) =>
    run("bash", [join(RECIPES, "fleet-plan.sh"), ...args], {
      cwd: repo,
      env: { ...cleanEnv(), FLEET_DIR: "examples/fleet", ...env },
    });
  /** The GITHUB_OUTPUT lines a run of the github plan wrote, as a map. */
  const githubPlan = async (operation: string, range: string) => {
    const output = join(repo, `github-output-${operation}`);
    writeFileSync(output, "");
    await plan(["github", operation, range], { GITHUB_OUTPUT: output });
    return Object.fromEntries(
      readFileSync(output, "utf8")
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
  };
  const stacksOf = (matrix: string | undefined) =>
    (JSON.parse(matrix ?? "") as { include: { stack: string }[] }).include.map((e) => e.stack);

  it("github, scheduled drift: every stack, split into the workflow's two shards", async () => {
    const outputs = await githubPlan("drift", "");
    expect(outputs).toMatchObject({ operation: "drift", count1: "5", count2: "5" });
    expect([...stacksOf(outputs.matrix1), ...stacksOf(outputs.matrix2)]).toHaveLength(10);
  });

  it("github, pull request: only the tenant it changed; the all-zero commit of a new branch means every stack", async () => {
    const outputs = await githubPlan("preview", "HEAD~1...HEAD");
    expect(outputs).toMatchObject({ operation: "preview", count1: "1", count2: "1" });
    expect([...stacksOf(outputs.matrix1), ...stacksOf(outputs.matrix2)]).toEqual([
      "globex-dev",
      "globex-prod",
    ]);
    const fresh = await githubPlan("up", `${"0".repeat(40)}..HEAD`);
    expect(Number(fresh.count1) + Number(fresh.count2)).toBe(10);
  });

  it("gitlab: a child pipeline of the changed stacks on the included job templates, with the drift summary after them", async () => {
    const { stdout } = await plan(["gitlab", "drift", "HEAD~1..HEAD"]);
    const child = parse(stdout) as Record<string, unknown>;
    expect(child).toEqual({
      include: [{ local: "examples/ci/fleet-gitlab-jobs.yml" }],
      variables: { OPERATION: "drift", FLEET_DIR: "examples/fleet" },
      "stacks-1": {
        extends: ".fleet-stack",
        parallel: {
          matrix: [
            { TENANT: "globex", ENV: "dev", STACK: "globex-dev" },
            { TENANT: "globex", ENV: "prod", STACK: "globex-prod" },
          ],
        },
      },
      "drift-summary": { extends: ".fleet-drift-summary", needs: ["stacks-1"] },
    });
    const templates = parse(read("fleet-gitlab-jobs.yml")) as Record<string, unknown>;
    expect(Object.keys(templates)).toEqual(
      expect.arrayContaining([".fleet-stack", ".fleet-drift-summary", ".fleet-nothing"]),
    );
  });

  it("gitlab: a change that touches no tenant gives a pipeline with nothing to run", async () => {
    writeFileSync(join(repo, "README.md"), "the fleet\n");
    git("add", "README.md");
    git("commit", "-qm", "readme");
    const { stdout } = await plan(["gitlab", "preview", "HEAD~1..HEAD"]);
    expect(parse(stdout)).toMatchObject({ "nothing-to-do": { extends: ".fleet-nothing" } });
  });

  it("splits a fleet of 258 stacks into GitLab jobs of at most 200, and refuses it on one GitHub shard of 256", async () => {
    const big = join(repo, "big");
    for (let i = 0; i < 129; i++) {
      const dir = join(big, "tenants", `tenant-${String(i).padStart(3, "0")}`);
      mkdirSync(dir, { recursive: true });
      for (const file of ["tenant.yaml", "tenant.dev.yaml", "tenant.prod.yaml"])
        writeFileSync(join(dir, file), "{}\n");
    }
    const { stdout } = await plan(["gitlab", "up"], { FLEET_DIR: "big" });
    const child = parse(stdout) as Record<string, { parallel?: { matrix: unknown[] } }>;
    expect([child["stacks-1"]?.parallel?.matrix.length, child["stacks-2"]?.parallel?.matrix.length]).toEqual([
      129, 129,
    ]);
    const refused = await plan(["github", "up"], {
      FLEET_DIR: "big",
      FLEET_SHARDS: "1",
      GITHUB_OUTPUT: join(repo, "big-output"),
    }).catch((error: unknown) => error as { code: number; stderr: string });
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("258 stacks need more than 1 shard jobs of 256"),
    });
  });
});
