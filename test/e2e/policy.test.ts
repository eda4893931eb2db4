/**
 * The travel policy pack through the real engine (issue 33's acceptance), as users run it:
 * `pulumi preview --policy-pack <node_modules/pulumi-travel/policy>` of the packed package, the
 * pack started by the nodejs language host's RunPlugin (scripts/bootstrap). Five engine runs:
 * - the dynamic resources (`pulumi-nodejs:dynamic/travel:<Type>`): an API user left at TMC_ADMIN
 *   and a company with no legal entity fail the preview with the mandatory violation's name and
 *   remediation, list the advisory one, and write nothing to the emulator; with a policy config
 *   that allows TMC_ADMIN the same program previews, the advisory warning still listed; a
 *   compliant program shows no violation;
 * - the provider plugin's tokens (`travel:index:<Type>`): the programs register custom resources of
 *   those tokens, served by the packed package's plugin (`dist/src/plugin.js`, started as
 *   `pulumi-resource-travel` from a directory put first on PATH, since the package ships no such
 *   executable yet) against the same emulator: the same violating program fails the same way, and
 *   the compliant one passes.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { pulumi } from "./engine-process";
import { createEnvironment, type E2eEnvironment, e2eSkipReason, writesSince } from "./harness";

/** Today's date, so a `rotation` is never older than the rotation policy's interval. */
const TODAY = new Date().toISOString().slice(0, 10);

/** How a program of each host declares a resource of a registry type. */
const HOSTS = {
  dynamic: {
    token: (type: string) => `pulumi-nodejs:dynamic/travel:${type}`,
    prelude:
      'const travel = require("pulumi-travel");\nconst r = (type, name, props) => new travel[type](name, props);\n',
    idOf: (resource: string) => `${resource}.companyId`,
  },
  plugin: {
    token: (type: string) => `travel:index:${type}`,
    prelude:
      'const pulumi = require("@pulumi/pulumi");\n' +
      'const r = (type, name, props) => new pulumi.CustomResource("travel:index:" + type, name, props);\n',
    idOf: (resource: string) => `${resource}.id`,
  },
} as const;

type Host = (typeof HOSTS)[keyof typeof HOSTS];

/** An API user left at the default role (TMC_ADMIN), and a company with no legal entity. */
const violating = (host: Host) =>
  `${host.prelude}r("Company", "acme", { name: "Acme", billingCurrency: "USD", externalId: "acme" });
r("ApiUser", "ci-bot", { rotation: "${TODAY}" });
`;

/** Every policy met: a legal entity, a company admin of the company, externalIds, a rotation. */
const compliant = (host: Host) =>
  `${host.prelude}const acme = r("Company", "acme", { name: "Acme", billingCurrency: "USD", externalId: "acme" });
r("LegalEntity", "acme-us", {
  companyId: ${host.idOf("acme")},
  name: "Acme US Inc.",
  billingCurrency: "USD",
  externalId: "acme-us",
  address: { addressLines: ["1 Main Street"], regionCode: "US", locality: "Springfield" },
});
r("ApiUser", "expense-sync", { role: "COMPANY_ADMIN", orgId: ${host.idOf("acme")}, rotation: "${TODAY}" });
`;

/** A violation as the CLI lists it: `- [level]  policy  (token: name)`, then its description and message. */
interface Listed {
  level: string;
  policy: string;
  resource: string;
  message: string;
}

/** The violations of the preview's "Policies:" section. */
function violationsIn(output: string): Listed[] {
  const lines = output.split("\n");
  return lines.flatMap((line, index) => {
    const m = /^\s+- \[(\w+)\]\s+(\S+)\s+\((.+)\)$/.exec(line);
    return m
      ? [
          {
            level: m[1] ?? "",
            policy: m[2] ?? "",
            resource: m[3] ?? "",
            message: (lines[index + 2] ?? "").trim(),
          },
        ]
      : [];
  });
}

describe.skipIf(e2eSkipReason() !== "")("the travel policy pack through the real engine", () => {
  let env: E2eEnvironment;
  const pack = () => join(inject("packedProjectDir"), "node_modules", "pulumi-travel", "policy");
  /** PATH with the provider plugin of `travel:index:<Type>` first. */
  let pluginPath: string;

  beforeAll(async () => {
    env = await createEnvironment("policy", violating(HOSTS.dynamic));
    const bin = join(env.programDir, "plugin-bin");
    mkdirSync(bin);
    const plugin = join(
      inject("packedProjectDir"),
      "node_modules",
      "pulumi-travel",
      "dist",
      "src",
      "plugin.js",
    );
    writeFileSync(
      join(bin, "pulumi-resource-travel"),
      `#!/bin/sh\nexec node ${JSON.stringify(plugin)} "$@"\n`,
    );
    chmodSync(join(bin, "pulumi-resource-travel"), 0o755);
    pluginPath = `${bin}:${process.env.PATH ?? ""}`;
  });
  afterAll(async () => {
    await env?.dispose();
  });

  /** `pulumi preview --policy-pack <pack>` of `program`, with the writes it made to the emulator. */
  const preview = async (program: string, args: string[] = [], extraEnv: Record<string, string> = {}) => {
    writeFileSync(join(env.programDir, "index.js"), program);
    const before = env.emulator.admin.lastRequestSeq;
    const result = await pulumi(env, ["preview", "--policy-pack", pack(), ...args], extraEnv);
    return { ...result, violations: violationsIn(result.output), writes: writesSince(env.emulator, before) };
  };

  const allowTmcAdmin = () => {
    const file = join(env.programDir, "allow-tmc-admin.json");
    writeFileSync(
      file,
      JSON.stringify({ "travel-api-user-role": { allowedRoles: ["COMPANY_ADMIN", "TMC_ADMIN"] } }),
    );
    return file;
  };

  describe.each([
    ["dynamic resources", HOSTS.dynamic, () => ({})],
    ["provider plugin", HOSTS.plugin, () => ({ PATH: pluginPath })],
  ] as const)("%s", (_name, host, hostEnv) => {
    it("an API user at TMC_ADMIN fails the preview with the policy's name and remediation, and writes nothing", async () => {
      const result = await preview(violating(host), [], hostEnv());
      expect(result.code, result.output).not.toBe(0);
      expect(result.violations).toEqual([
        {
          level: "mandatory",
          policy: "travel-api-user-role",
          resource: `${host.token("ApiUser")}: ci-bot`,
          message: expect.stringMatching(
            /^ApiUser "ci-bot": role is TMC_ADMIN.*Set role: "COMPANY_ADMIN" with orgId, or add TMC_ADMIN to travel-api-user-role's allowedRoles\.$/,
          ),
        },
        {
          level: "advisory",
          policy: "travel-company-legal-entity",
          resource: `${host.token("Company")}: acme`,
          message:
            'Company "acme": no LegalEntity of the stack names this company (companyId); declare one for it.',
        },
      ]);
      expect(result.writes).toEqual([]);
    });

    it("a compliant program shows no violation", async () => {
      const result = await preview(compliant(host), [], hostEnv());
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/Policies:\n\s+✅ pulumi-travel@v0\.1\.0/);
      expect(result.violations).toEqual([]);
      expect(result.writes).toEqual([]);
    });
  });

  it("with a policy config that allows TMC_ADMIN the program previews, and the company without a legal entity is an advisory warning", async () => {
    const result = await preview(violating(HOSTS.dynamic), ["--policy-pack-config", allowTmcAdmin()]);
    expect(result.code, result.output).toBe(0);
    expect(result.violations.map((v) => `${v.level} ${v.policy} ${v.resource}`)).toEqual([
      `advisory travel-company-legal-entity ${HOSTS.dynamic.token("Company")}: acme`,
    ]);
    expect(result.writes).toEqual([]);
  });
});
