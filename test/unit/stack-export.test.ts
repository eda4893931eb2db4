import { expect, it } from "vitest";
import { parseStackExport } from "../../src/tenant/stack-export";

it.each([
  ["pulumi-nodejs:dynamic/travel:CostCenter", "CostCenter"],
  ["travel:index:CostCenter", "CostCenter"],
  ["random:index/randomPet:RandomPet", undefined],
])("a resource of type %s is the travel type %s", (token, type) => {
  const resource = { urn: `urn:pulumi:e2e::p::${token}::cc`, type: token, id: "cc-1", inputs: { name: "A" } };
  const contents = parseStackExport(
    JSON.stringify({
      deployment: {
        resources: [resource],
        pending_operations: [{ type: "creating", resource: { ...resource, id: "" } }],
      },
    }),
  );
  expect(contents.resources.map((r) => r.type)).toEqual(type === undefined ? [] : [type]);
  expect(contents.pendingCreates.map((r) => r.type)).toEqual(type === undefined ? [] : [type]);
});
