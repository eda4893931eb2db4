/** The plugin's reading of a resource URN (`src/provider/hosts/plugin/urn.ts`). */
import { describe, expect, it } from "vitest";
import { urnParts } from "../../src/provider/hosts/plugin/urn";

describe("urnParts", () => {
  it.each([
    [
      "urn:pulumi:dev::acme::travel:index:CostCenter::sales",
      { stack: "dev", project: "acme", type: "travel:index:CostCenter", name: "sales" },
    ],
    [
      "urn:pulumi:prod::acme::my:app$travel:index:Grade::a::b",
      { stack: "prod", project: "acme", type: "my:app$travel:index:Grade", name: "a::b" },
    ],
  ])("%s", (urn, parts) => {
    expect(urnParts(urn)).toEqual(parts);
  });

  it.each([
    "",
    "urn:pulumi:::acme::t::n",
    "urn:other:dev::acme::t::n",
    "urn:pulumi:dev::acme::t",
    "urn:pulumi:a:b::p::t::n",
  ])("refuses %j", (urn) => {
    expect(urnParts(urn)).toBeUndefined();
  });
});
