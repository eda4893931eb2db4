import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isSupportedNode, MINIMUM_NODE } from "../../src/client/supported-node";

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

  it("installs a Node version that satisfies engines.node, the minimum the transport checks", () => {
    const { major, minor } = MINIMUM_NODE;
    expect(pkg.engines.node).toBe(`>=${major}.${minor}`);
    expect(isSupportedNode(toolchainEnv().NODE_VERSION ?? "")).toBe(true);
  });

  it("documents the pinned YAML language host in docs/toolchain.md", () => {
    const version = toolchainEnv().YAML_LANGUAGE_HOST_VERSION;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(readFileSync(join(root, "docs", "toolchain.md"), "utf8")).toContain(
      `github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@v${version}`,
    );
  });

  it("names one Go version, the go directive of the Go examples, wherever it tells users which Go to install", () => {
    const directive = /^go (\S+)$/m.exec(
      readFileSync(join(root, "examples", "go-tenant", "go.mod"), "utf8"),
    )?.[1];
    expect(directive).toMatch(/^\d+\.\d+\.\d+$/);
    for (const file of [
      "README.md",
      "docs/languages.md",
      "examples/go-tenant/README.md",
      "scripts/bootstrap",
    ]) {
      const text = readFileSync(join(root, file), "utf8");
      const named = [...text.matchAll(/\bGo (?:≥ |>= )?(\d+\.\d+(?:\.\d+)?)(?: or later)?/g)].map(
        (m) => m[1],
      );
      expect(named.length, file).toBeGreaterThan(0);
      expect(new Set(named), file).toEqual(new Set([directive]));
    }
  });

  it("runs the tests on a supported Node", () => {
    expect(isSupportedNode(process.versions.node)).toBe(true);
  });
});
