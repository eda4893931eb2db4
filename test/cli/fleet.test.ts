/**
 * `pulumi-travel fleet`: the layout's names, `fleet matrix` and `fleet validate` over
 * examples/fleet and broken copies of it, and `fleet drift-summary` over preview results in the
 * shape `pulumi preview --refresh --json` writes (test/e2e/fleet.test.ts reads real ones).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  driftOfPreview,
  driftSummaryMarkdown,
  fleetMatrix,
  gitChangedFiles,
  parseFleetStackName,
  parseShard,
  readFleetLayout,
  selectFleetStack,
} from "../../src/fleet";
import { readManifest } from "../../src/manifest";
import { CLI, ROOT, runNode } from "./harness";

const EXAMPLE = join(ROOT, "examples", "fleet", "tenants");
const work = mkdtempSync(join(tmpdir(), "fleet-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of the example fleet's tenants folder, to break. */
function copyOfExample(name: string): string {
  const dir = join(work, name);
  cpSync(EXAMPLE, dir, { recursive: true });
  return dir;
}

const cli = (args: string[]) => runNode(CLI, args, {});
const ALL_STACKS = ["acme-corp", "globex", "initech", "umbrella-health", "wayne-logistics"].flatMap((t) => [
  `${t}-dev`,
  `${t}-prod`,
]);

describe("fleet names", () => {
  it.each([
    ["acme-prod", "acme", "prod"],
    ["acme-corp-prod", "acme-corp", "prod"],
    ["a-b-c-dev2", "a-b-c", "dev2"],
  ])("%s is tenant %s in %s", (stack, tenant, env) => {
    expect(parseFleetStackName(stack)).toEqual({ tenant, env, stack });
  });

  it.each([
    ["prod", /is named <tenant>-<env>/],
    ["acme-", /is named <tenant>-<env>/],
    ["-prod", /is named <tenant>-<env>/],
    ["Acme-prod", /a tenant name is lowercase/],
    ["acme--prod", /a tenant name is lowercase/],
    ["acme-Prod", /an environment name is lowercase/],
    [`${"a".repeat(64)}-prod`, /at most 63 characters/],
  ])("%s is refused", (stack, reason) => {
    expect(() => parseFleetStackName(stack)).toThrow(reason);
  });

  it("selects a stack's files, and names the missing tenant or environment", () => {
    expect(selectFleetStack(EXAMPLE, "acme-corp-prod")).toMatchObject({
      tenant: "acme-corp",
      env: "prod",
      manifest: join(EXAMPLE, "acme-corp", "tenant.yaml"),
      overlay: join(EXAMPLE, "acme-corp", "tenant.prod.yaml"),
    });
    expect(() => selectFleetStack(EXAMPLE, "hooli-prod")).toThrow(/the fleet has no tenant "hooli"/);
    expect(() => selectFleetStack(EXAMPLE, "acme-corp-qa")).toThrow(
      /tenant "acme-corp" has no environment "qa" \(no .*tenant\.qa\.yaml/,
    );
  });

  it("an overlay holding only comments deploys tenant.yaml as it is", () => {
    const manifest = join(EXAMPLE, "umbrella-health", "tenant.yaml");
    const prod = readManifest(manifest, { stack: "prod" });
    expect(prod.issues).toEqual([]);
    expect(prod.files).toHaveLength(2);
    expect(prod.document).toEqual(readManifest(manifest).document);
  });
});

describe("fleet matrix", () => {
  it("prints every tenant in every environment of examples/fleet", async () => {
    const { code, stdout } = await cli(["fleet", "matrix", EXAMPLE]);
    expect(code).toBe(0);
    const matrix = JSON.parse(stdout) as { include: { tenant: string; env: string; stack: string }[] };
    expect(matrix.include.map((e) => e.stack)).toEqual(ALL_STACKS);
    expect(matrix.include[0]).toEqual({ tenant: "acme-corp", env: "dev", stack: "acme-corp-dev" });
  });

  it("prints a GitLab parallel:matrix list, one environment, one shard", async () => {
    const { code, stdout } = await cli([
      "fleet",
      "matrix",
      EXAMPLE,
      "--format",
      "gitlab",
      "--env",
      "prod",
      "--shard",
      "2/2",
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { TENANT: "umbrella-health", ENV: "prod", STACK: "umbrella-health-prod" },
      { TENANT: "wayne-logistics", ENV: "prod", STACK: "wayne-logistics-prod" },
    ]);
  });

  it("splits into shards that cover the list once, in order", () => {
    const layout = readFleetLayout(EXAMPLE);
    const shards = [1, 2, 3].map((index) =>
      fleetMatrix(layout, { shard: { index, count: 3 } }).map((e) => e.stack),
    );
    expect(shards.map((s) => s.length)).toEqual([4, 4, 2]);
    expect(shards.flat()).toEqual(ALL_STACKS);
    expect(() => parseShard("3/2")).toThrow(/--shard: "3\/2" is not <index>\/<count>/);
    expect(() => parseShard("1")).toThrow(/--shard/);
  });

  it("--changed lists only the tenants whose files a git range changed, or all when a shared file changed", () => {
    const repo = join(work, "repo");
    const tenants = join(repo, "tenants");
    mkdirSync(repo);
    cpSync(EXAMPLE, tenants, { recursive: true });
    writeFileSync(join(repo, "index.ts"), "// the program\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: repo });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "fleet");
    writeFileSync(join(tenants, "globex", "tenant.prod.yaml"), "company: { name: Globex Ltd }\n");
    renameSync(join(tenants, "initech", "tenant.dev.yaml"), join(tenants, "initech", "tenant.qa.yaml"));
    git("add", "-A");
    git("commit", "-qm", "globex and initech");
    const layout = readFleetLayout(tenants);
    const changed = gitChangedFiles("HEAD~1..HEAD", repo);
    expect(fleetMatrix(layout, { changed }).map((e) => e.stack)).toEqual([
      "globex-dev",
      "globex-prod",
      "initech-prod",
      "initech-qa",
    ]);
    expect(fleetMatrix(layout, { changed, allIfChanged: [join(repo, "index.ts")] })).toHaveLength(4);
    writeFileSync(join(repo, "index.ts"), "// the program, changed\n");
    git("commit", "-qam", "program");
    const programChanged = gitChangedFiles("HEAD~1..HEAD", repo);
    expect(fleetMatrix(layout, { changed: programChanged })).toEqual([]);
    expect(
      fleetMatrix(layout, { changed: programChanged, allIfChanged: [join(repo, "index.ts")] }),
    ).toHaveLength(10);
    expect(() => gitChangedFiles("no-such-ref..HEAD", repo)).toThrow(/git diff .*no-such-ref/);
  });

  it("refuses a layout with a badly named folder, with exit code 8 and the folder", async () => {
    const dir = copyOfExample("bad-names");
    mkdirSync(join(dir, "Hooli_Inc"));
    const { code, stdout, stderr } = await cli(["fleet", "matrix", dir]);
    expect(code).toBe(8);
    expect(stdout).toBe("");
    expect(stderr).toContain(`${join(dir, "Hooli_Inc")}:1:1: (fleet layout): a tenant name is lowercase`);
  });

  it("a directory that does not exist is a usage error", async () => {
    const { code, stderr } = await cli(["fleet", "matrix", join(work, "nowhere")]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/no such directory: .*nowhere/);
  });
});

describe("fleet validate", () => {
  it("finds examples/fleet valid: 10 stacks", async () => {
    const { code, stdout, stderr } = await cli(["fleet", "validate", EXAMPLE]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toBe("10 stack(s) checked: 10 valid\n");
  });

  it("reports a broken overlay with its file and line, and every other problem of the fleet, in one run", async () => {
    const dir = copyOfExample("broken");
    // An overlay with a typo, a base file with a bad value, and layout problems.
    writeFileSync(
      join(dir, "globex", "tenant.prod.yaml"),
      "company:\n  name: Globex Ltd\n  biilingCurrency: GBP\n",
    );
    writeFileSync(
      join(dir, "initech", "tenant.yaml"),
      "company:\n  name: Initech\n  billingCurrency: US\n  externalId: initech\n",
    );
    writeFileSync(join(dir, "wayne-logistics", "tenant.eu-west.yaml"), "{}\n");
    mkdirSync(join(dir, "hooli"));
    const { code, stdout, stderr } = await cli(["fleet", "validate", dir]);
    expect(code).toBe(8);
    const lines = stderr.trim().split("\n");
    expect(lines).toContain(
      `${join(dir, "globex", "tenant.prod.yaml")}:3:3: company.biilingCurrency: is not a known property`,
    );
    // The base file's problem once, though both of initech's stacks read it.
    expect(
      lines.filter((line) =>
        line.startsWith(`${join(dir, "initech", "tenant.yaml")}:3:20: company.billingCurrency:`),
      ),
    ).toHaveLength(1);
    expect(lines).toContain(
      `${join(dir, "hooli")}:1:1: (fleet layout): a tenant folder holds tenant.yaml; this one has none`,
    );
    expect(
      lines.some((line) =>
        line.startsWith(
          `${join(dir, "wayne-logistics", "tenant.eu-west.yaml")}:1:1: (fleet layout): an environment name`,
        ),
      ),
    ).toBe(true);
    expect(stdout).toBe("10 stack(s) checked: 7 valid, invalid: globex-prod, initech-dev, initech-prod\n");
  });

  it("prints the report as JSON with --json", async () => {
    const dir = copyOfExample("broken-json");
    writeFileSync(join(dir, "acme-corp", "tenant.dev.yaml"), "company:\n  name: [not, a, name]\n");
    const { code, stdout } = await cli(["fleet", "validate", dir, "--json"]);
    expect(code).toBe(8);
    const report = JSON.parse(stdout) as {
      valid: boolean;
      stacks: { stack: string; valid: boolean }[];
      issues: { file: string; line: number; column: number; path: string }[];
    };
    expect(report.valid).toBe(false);
    expect(report.stacks.filter((s) => !s.valid).map((s) => s.stack)).toEqual(["acme-corp-dev"]);
    expect(report.issues).toEqual([
      expect.objectContaining({
        file: join(dir, "acme-corp", "tenant.dev.yaml"),
        line: 2,
        column: 9,
        path: "company.name",
      }),
    ]);
  });
});

/** A preview step in the shape of `pulumi preview --json`. */
function step(op: string, type: string, name: string, before: object, after: object) {
  const urn = `urn:pulumi:acme-corp-prod::travel-fleet::pulumi-nodejs:dynamic/travel:${type}::${name}`;
  return {
    op,
    urn,
    oldState: { urn, inputs: { __provider: "exports.handler = ...", ...before } },
    newState: { urn, inputs: after },
  };
}
const STACK_STEP = {
  op: "same",
  urn: "urn:pulumi:acme-corp-prod::travel-fleet::pulumi:pulumi:Stack::travel-fleet-acme-corp-prod",
};

describe("fleet drift summary", () => {
  it.each([
    [
      "no change",
      [
        STACK_STEP,
        step("refresh", "Grade", "staff", { name: "Staff" }, { name: "Staff" }),
        step("same", "Grade", "staff", { name: "Staff" }, { name: "Staff" }),
      ],
      "in-sync",
      [],
    ],
    [
      "a property changed on the platform",
      [
        step(
          "update",
          "CostCenter",
          "sales",
          { name: "Sales EMEA", externalId: "cc-sales" },
          { name: "Sales", externalId: "cc-sales" },
        ),
      ],
      "drifted",
      [{ type: "CostCenter", name: "sales", op: "update", properties: ["name"] }],
    ],
    [
      "a replacement, in three steps, as one row",
      [
        step("replace", "LegalEntity", "acme-fr", { billingCurrency: "USD" }, { billingCurrency: "EUR" }),
        step(
          "create-replacement",
          "LegalEntity",
          "acme-fr",
          { billingCurrency: "USD" },
          { billingCurrency: "EUR" },
        ),
        step(
          "delete-replaced",
          "LegalEntity",
          "acme-fr",
          { billingCurrency: "USD" },
          { billingCurrency: "EUR" },
        ),
      ],
      "drifted",
      [{ type: "LegalEntity", name: "acme-fr", op: "replace", properties: ["billingCurrency"] }],
    ],
  ])("%s", (_name, steps, status, resources) => {
    expect(driftOfPreview("acme-corp-prod", JSON.stringify({ steps, changeSummary: {} }))).toEqual({
      stack: "acme-corp-prod",
      status,
      resources,
    });
  });

  it("a failed check reports its first error, redacted, or that it wrote no JSON", () => {
    const failed = driftOfPreview(
      "globex-dev",
      JSON.stringify({
        steps: [],
        diagnostics: [{ severity: "error", message: "401 Unauthorized: Bearer abc.def.ghi\nmore" }],
      }),
    );
    expect(failed).toMatchObject({ status: "failed" });
    expect(failed.error).toMatch(/^401 Unauthorized/);
    expect(failed.error).not.toContain("abc.def.ghi");
    expect(driftOfPreview("globex-dev", "")).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/no JSON/),
    });
  });

  it("prints a Markdown table of the drifted stacks only, and exits 9", async () => {
    const dir = join(work, "drift");
    mkdirSync(dir);
    for (const stack of ALL_STACKS) {
      const steps =
        stack === "initech-prod"
          ? [step("update", "CostCenter", "tps", { name: "TPS | Reports (old)" }, { name: "TPS Reports" })]
          : [STACK_STEP];
      writeFileSync(join(dir, `${stack}.json`), JSON.stringify({ steps }));
    }
    const { code, stdout } = await cli(["fleet", "drift-summary", dir]);
    expect(code).toBe(9);
    expect(stdout).toBe(
      [
        "## Fleet drift: 1 of 10 stacks drifted",
        "",
        "10 stacks checked: 9 in sync, 1 drifted, 0 failed.",
        "",
        "Tenants that drifted: initech.",
        "",
        "| Tenant | Environment | Resource | Change | Properties |",
        "| --- | --- | --- | --- | --- |",
        "| initech | prod | CostCenter tps | update | name |",
        "",
      ].join("\n"),
    );
    expect(stdout).not.toContain("TPS");
    expect(
      driftSummaryMarkdown([{ stack: "globex-dev", status: "failed", resources: [], error: "a | b" }]),
    ).toContain("| globex-dev | a \\| b |");
  });

  it("exits 0 when every stack is in sync, and 2 for a folder without results", async () => {
    const dir = join(work, "in-sync");
    mkdirSync(dir);
    writeFileSync(join(dir, "acme-corp-prod.json"), JSON.stringify({ steps: [STACK_STEP] }));
    expect(await cli(["fleet", "drift-summary", dir])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("0 of 1 stacks drifted"),
    });
    const empty = join(work, "no-results");
    mkdirSync(empty);
    expect(await cli(["fleet", "drift-summary", empty])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("no <stack>.json"),
    });
  });
});
