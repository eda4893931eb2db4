import { describe, expect, it } from "vitest";
import { isSupportedNode } from "../../src/client/supported-node";

describe("isSupportedNode", () => {
  it.each([
    ["20.20.2", false],
    ["22.18.0", false],
    ["22.19.0", true],
    ["22.23.3", true],
    ["24.1.0", true],
  ])("%s -> %s", (version, expected) => {
    expect(isSupportedNode(version)).toBe(expected);
  });
});
