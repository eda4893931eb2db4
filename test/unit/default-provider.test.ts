/**
 * The default provider's name and record as the engine makes them (src/cli/migrate/default-provider.ts):
 * the names below are the ones Pulumi CLI 3.259 gave default providers in real states (the Node.js
 * SDK's, and a YAML program's with an http pluginDownloadURL, docs/plugin.md).
 */
import { describe, expect, it } from "vitest";
import {
  defaultProviderName,
  defaultProviderRecord,
  intoQName,
} from "../../src/cli/migrate/default-provider";

describe("the engine's default provider", () => {
  it.each([
    [{}, "default"],
    [{ version: "0.1.0" }, "default_0_1_0"],
    [
      { version: "0.1.0", pluginDownloadURL: "github://api.github.com/pulumi-travel/pulumi-travel" },
      "default_0_1_0_github_/api.github.com/pulumi-travel/pulumi-travel",
    ],
    [{ version: "0.1.0", pluginDownloadURL: "http://127.0.0.1:8765/" }, "default_0_1_0_http_/127.0.0.1_8765"],
    [{ version: "v1.12.3-alpha.1+build.5" }, "default_1_12_3_alpha_1_build_5"],
  ])("is named for %j: %s", (request, name) => {
    expect(defaultProviderName(request)).toBe(name);
  });

  it("refuses a version that is not semantic, naming it", () => {
    expect(() => defaultProviderName({ version: "latest" })).toThrow('"latest" is not a semantic version');
  });

  it("makes any text a QName segment by segment", () => {
    expect(intoQName("a b/c:d//e")).toBe("a_b/c_d/e");
    expect(intoQName("//")).toBe("_");
  });

  it("records the version and the download URL as the engine does", () => {
    const request = { version: "0.1.0", pluginDownloadURL: "http://x/" };
    expect(defaultProviderRecord(request, { baseUrl: "u" })).toEqual({
      inputs: { __internal: { pluginDownloadURL: "http://x/" }, baseUrl: "u", version: "0.1.0" },
      outputs: { baseUrl: "u", version: "0.1.0" },
    });
    expect(defaultProviderRecord({}, { baseUrl: "u" })).toEqual({
      inputs: { baseUrl: "u" },
      outputs: { baseUrl: "u" },
    });
  });
});
