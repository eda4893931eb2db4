/**
 * The CI recipes in examples/ci, run locally: the steps both recipes name, in their order, through
 * examples/ci/pipeline.sh, against the emulator started the way the recipes start it, with the
 * packed package and the real Pulumi CLI.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parse } from "yaml";
import { assertNoContractViolations, type ContractRecorder } from "../support/contract-recorder";
import { e2eSkipReason, startE2eRecorder } from "./harness";

const run = promisify(execFile);
const root = resolve(__dirname, "..", "..");
const recipes = join(root, "examples", "ci");

/** The `pipeline.sh <step>` commands of a recipe's job, in order. */
function pipelineSteps(text: string): string[] {
  return [...text.matchAll(/bash examples\/ci\/pipeline\.sh (\w+)/g)].map((m) => m[1] ?? "");
}

describe("CI recipes", () => {
  it("both recipes validate then preview on review, and validate then up on main, one stack per environment", () => {
    const github = readFileSync(join(recipes, "github-actions.yml"), "utf8");
    const gitlab = readFileSync(join(recipes, "gitlab-ci.yml"), "utf8");
    expect(pipelineSteps(github)).toEqual(["validate", "preview", "up"]);
    const gitlabJobs = parse(gitlab) as Record<string, { script?: string[] }>;
    expect(pipelineSteps((gitlabJobs.preview?.script ?? []).join("\n"))).toEqual(["validate", "preview"]);
    expect(pipelineSteps((gitlabJobs.up?.script ?? []).join("\n"))).toEqual(["validate", "up"]);
    const githubWorkflow = parse(github) as {
      jobs: Record<string, { strategy?: { matrix?: { stack?: string[] } } }>;
    };
    expect(githubWorkflow.jobs.tenant?.strategy?.matrix?.stack).toEqual(["dev", "prod"]);
    expect(gitlab).toContain("STACK: [dev, prod]");
  });
});

/** A recipe's emulator, and the contract recorder the pipeline reaches it through. */
interface RecipeEmulator {
  process: ChildProcess;
  /** The emulator's own URL (for reads of its state). */
  url: string;
  recorder: ContractRecorder;
}

/**
 * The recipes' "Start the emulator" step, on a free port: each matrix job starts its own. The
 * pipeline's requests reach it through a contract recorder.
 */
async function startRecipeEmulator(seed: string, stack: string): Promise<RecipeEmulator> {
  const child = spawn(process.execPath, [
    join(root, "dist", "src", "cli", "main.js"),
    "emulator",
    "--port",
    "0",
    "--json",
    "--seed",
    seed,
  ]);
  const first = await new Promise<string>((resolveLine, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once("line", resolveLine);
    child.once("exit", (code) => reject(new Error(`the emulator exited with ${code}`)));
  });
  const url = (JSON.parse(first) as { url: string }).url;
  return { process: child, url, recorder: await startE2eRecorder(url, `e2e ci-recipes ${stack}`) };
}

describe.skipIf(e2eSkipReason() !== "")("CI recipes, run locally (real engine)", () => {
  const emulators = new Map<string, RecipeEmulator>();
  const base = inject("packedProjectDir");
  const work = mkdtempSync(join(base, "ci-recipes-"));
  const project = join(work, "project");

  beforeAll(async () => {
    cpSync(join(recipes, "project"), project, { recursive: true });
    for (const stack of ["dev", "prod"]) {
      emulators.set(stack, await startRecipeEmulator(join(project, "emulator-seed.yaml"), stack));
    }
  });
  afterAll(async () => {
    for (const { recorder } of emulators.values()) await recorder.close();
    for (const { process } of emulators.values()) process.kill();
    rmSync(work, { recursive: true, force: true });
    for (const [stack, { recorder }] of emulators)
      assertNoContractViolations(recorder, `e2e ci-recipes ${stack}`);
  });

  const pipeline = (step: string, stack: string) =>
    run("bash", [join(recipes, "pipeline.sh"), step, stack], {
      cwd: work,
      env: {
        ...process.env,
        PROJECT_DIR: project,
        PULUMI_BACKEND_URL: `file://${work}`,
        PULUMI_CONFIG_PASSPHRASE: "ci-recipes",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        TRAVEL_BASE_URL: emulators.get(stack)?.recorder.url ?? "",
        TRAVEL_CLIENT_ID: "ci-tmc-admin",
        TRAVEL_CLIENT_SECRET: "ci-emulator-secret-not-for-production",
      },
      maxBuffer: 16 * 1024 * 1024,
    });

  const costCenters = async (stack: string) => {
    const state = (await (await fetch(`${emulators.get(stack)?.url ?? ""}/_emulator/state`)).json()) as {
      collections: Record<string, Record<string, { entity: { name: string } }>>;
    };
    return Object.values(state.collections.costCenters ?? {})
      .map((record) => record.entity.name)
      .sort();
  };

  it("a pull request: validate and preview each stack, with a summary to post", async () => {
    for (const stack of ["dev", "prod"]) {
      expect((await pipeline("validate", stack)).stdout).toContain("valid");
      await pipeline("preview", stack);
      const summary = readFileSync(join(project, `preview-${stack}.md`), "utf8");
      expect(summary).toContain(`stack \`${stack}\``);
      expect(summary).toMatch(/\+ \d+ to create/);
      // The pipeline ran pulumi-travel's policy pack (the CLI shortens a long path to the pack with
      // `...`): no mandatory violation; prod's unprotected company is an advisory one.
      expect(summary).toMatch(
        /Policy Packs run:\n.*\n\s+pulumi-travel\|local\|\S+\/pulumi-travel\/policy\s+0\.1\.0/,
      );
      expect(
        summary.includes(
          '[advisory]  travel-company-protect  (pulumi-nodejs:dynamic/travel:Company: company)\n    Company "company": protect is not set in production stack prod',
        ),
      ).toBe(stack === "prod");
      expect(await costCenters(stack)).toEqual([]);
    }
  });

  it("a merge to main: validate and up each stack in turn", async () => {
    await pipeline("validate", "dev");
    await pipeline("up", "dev");
    expect(await costCenters("dev")).toEqual(["Printers", "TPS Reports"]);
    await pipeline("validate", "prod");
    await pipeline("up", "prod");
    // prod's overlay leaves the printers cost center out.
    expect(await costCenters("prod")).toEqual(["TPS Reports"]);
  });

  it("a bad manifest fails the validate step with exit code 8 and the place of the problem", async () => {
    const broken = join(work, "broken");
    cpSync(project, broken, { recursive: true });
    const text = readFileSync(join(broken, "tenant.yaml"), "utf8").replace("name: Staff", "nmae: Staff");
    writeFileSync(join(broken, "tenant.yaml"), text);
    const failure = await run("bash", [join(recipes, "pipeline.sh"), "validate", "dev"], {
      cwd: work,
      env: { ...process.env, PROJECT_DIR: broken },
    }).catch((error: unknown) => error as { code: number; stderr: string });
    expect(failure).toMatchObject({ code: 8 });
    expect((failure as { stderr: string }).stderr).toMatch(
      /tenant\.yaml:\d+:\d+: grades\.staff\.nmae: is not a known property/,
    );
  });
});
