import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");

function toolchainEnv(): Record<string, string> {
  const text = readFileSync(join(root, "scripts", "toolchain.env"), "utf8");
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split("=", 2) as [string, string]),
  );
}

describe("toolchain pins", () => {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

  it("pins the Pulumi CLI and the @pulumi/pulumi SDK to the same version", () => {
    expect(pkg.devDependencies["@pulumi/pulumi"]).toBe(toolchainEnv().PULUMI_VERSION);
  });

  it("installs a Node version that satisfies engines.node", () => {
    const major = Number(toolchainEnv().NODE_VERSION?.split(".")[0]);
    expect(pkg.engines.node).toBe(">=22");
    expect(major).toBeGreaterThanOrEqual(22);
  });

  it("runs the tests on Node 22 or later", () => {
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(22);
  });
});
