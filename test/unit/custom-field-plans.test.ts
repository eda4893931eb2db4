import { describe, expect, it } from "vitest";
import { planOptionPatches } from "../../src/resources/option-group";
import { planReorder } from "../../src/resources/reorder-plan";

/** Applies reorder calls the way the emulator does. */
function apply(order: string[], calls: ReturnType<typeof planReorder>): string[] {
  let out = order;
  for (const call of calls) {
    const rest = out.filter((id) => !call.fieldIdsToMove.includes(id));
    const at = rest.indexOf(call.targetFieldId) + (call.direction === "AFTER" ? 1 : 0);
    out = [...rest.slice(0, at), ...call.fieldIdsToMove, ...rest.slice(at)];
  }
  return out;
}

describe("planReorder", () => {
  const cases: [string, string[], string[], number][] = [
    ["already in order", ["a", "b", "c"], ["a", "b", "c"], 0],
    ["subset already in order among others", ["a", "x", "b", "y", "c"], ["a", "b", "c"], 0],
    ["one field moved to the front", ["a", "b", "c", "d"], ["d", "a", "b", "c"], 1],
    ["one field moved to the end", ["a", "b", "c", "d"], ["b", "c", "d", "a"], 1],
    ["two adjacent fields moved together", ["a", "b", "c", "d", "e"], ["a", "d", "e", "b", "c"], 1],
    ["reversed three", ["a", "b", "c"], ["c", "b", "a"], 1],
    ["two separate gaps", ["a", "b", "c", "d", "e", "f"], ["b", "a", "c", "e", "d", "f"], 2],
    ["one field", ["a", "b"], ["b"], 0],
  ];
  it.each(cases)("%s", (_name, current, desired, calls) => {
    const plan = planReorder(current, desired);
    expect(plan).toHaveLength(calls);
    const result = apply(current, plan).filter((id) => desired.includes(id));
    expect(result).toEqual(desired);
  });

  it("refuses a field that is not in the list", () => {
    expect(() => planReorder(["a"], ["a", "z"])).toThrow("custom field z is not in the company's list");
  });
});

describe("planOptionPatches", () => {
  const current = [{ name: "A" }, { name: "B", description: "b" }, { name: "Manual" }];

  it("sends nothing when the managed options match", () => {
    expect(planOptionPatches(current, [{ name: "A" }, { name: "B", description: "b" }], ["A", "B"])).toEqual(
      [],
    );
  });

  it("removes only previously managed names and upserts what differs", () => {
    expect(
      planOptionPatches(current, [{ name: "B", description: "bee" }, { name: "C" }], ["A", "B"]),
    ).toEqual([{ toDelete: [{ name: "A" }], toUpdate: [{ name: "B", description: "bee" }, { name: "C" }] }]);
  });

  it("never deletes an option it did not manage", () => {
    expect(planOptionPatches(current, [], ["A"])).toEqual([{ toDelete: [{ name: "A" }], toUpdate: [] }]);
  });

  it("batches thousands of options", () => {
    const declared = Array.from({ length: 2500 }, (_, i) => ({ name: `o${i}` }));
    const patches = planOptionPatches([], declared, [], 1000);
    expect(patches.map((p) => p.toUpdate.length)).toEqual([1000, 1000, 500]);
  });
});
