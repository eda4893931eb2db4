import { describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
import type { ResourceDefinition, Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { byField, declaredForm, inOrder, recordedForm } from "../../src/provider/model/keyed-inputs";
import { DamagedStateError } from "../../src/provider/model/recorded-inputs";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import { customFieldOrderResource } from "../../src/resources/custom-field-order";
import { optionGroupResource } from "../../src/resources/option-group";
import { userGroupRolesResource } from "../../src/resources/user-group-roles";

describe("byField", () => {
  const byName = byField("name");

  it.each([
    [
      "options",
      [{ name: "P-2", description: "b" }, { name: "P-1" }],
      { "P-2": { description: "b" }, "P-1": {} },
    ],
    ["no options", [], {}],
  ])("records %s as a map by name and reads it back ordered by name", (_, list, map) => {
    expect(byName.toRecorded(list)).toEqual(map);
    expect(byName.fromRecorded(map)).toEqual(
      [...list].sort((a, b) => (a.name < b.name ? -1 : 1)).map((option) => ({ ...option })),
    );
  });

  it.each([
    ["a name listed twice", [{ name: "a" }, { name: "a" }]],
    ["a name unknown at preview", [{ name: UNKNOWN }]],
    ["an entry unknown at preview", [UNKNOWN]],
    ["an entry without the field", [{ description: "x" }]],
  ])("has no map form for a list with %s", (_, list) => {
    expect(byName.toRecorded(list)).toBeUndefined();
  });

  it("keeps values unknown at preview inside an entry", () => {
    expect(byName.toRecorded([{ name: "P-1", description: UNKNOWN }])).toEqual({
      "P-1": { description: UNKNOWN },
    });
  });

  it("reads back no list from a map it did not write", () => {
    expect(byName.fromRecorded({ "P-1": "text" })).toBeUndefined();
  });
});

describe("inOrder", () => {
  const order = inOrder();

  it("records each entry's predecessor and reads the order back", () => {
    const map = { c: "first", a: "after c", b: "after a" };
    expect(order.toRecorded(["c", "a", "b"])).toEqual(map);
    expect(order.fromRecorded({ b: "after a", a: "after c", c: "first" })).toEqual(["c", "a", "b"]);
    expect(order.fromRecorded(order.toRecorded(["first", "after"]) ?? {})).toEqual(["first", "after"]);
  });

  it.each([
    ["an entry listed twice", ["a", "a"]],
    ["an entry unknown at preview", ["a", UNKNOWN]],
    ["an entry that is not a string", ["a", 1]],
  ])("has no map form for a list with %s", (_, list) => {
    expect(order.toRecorded(list)).toBeUndefined();
  });

  it.each([
    ["two first entries", { a: "first", b: "first" }],
    ["a predecessor that is not listed", { a: "first", b: "after x" }],
    ["two entries after the same one", { a: "first", b: "after a", c: "after a" }],
    ["a place it did not write", { a: "1" }],
    ["a place that is not text", { a: 1 }],
    ["no first entry", { a: "after b", b: "after a" }],
  ])("reads back no list from a map with %s", (_, map) => {
    expect(order.fromRecorded(map)).toBeUndefined();
  });
});

describe("recordedForm and declaredForm", () => {
  const keyed = { options: byField("name") };

  it("turn only the keyed inputs that are lists, resp. maps it wrote", () => {
    const list = [{ name: "a" }];
    expect(recordedForm(keyed, { options: list, name: "x" })).toEqual({ options: { a: {} }, name: "x" });
    expect(recordedForm(keyed, { options: UNKNOWN })).toEqual({ options: UNKNOWN });
    expect(declaredForm(keyed, { options: { a: {} }, name: "x" })).toEqual({ options: list, name: "x" });
    // State written before keyed inputs holds lists; a damaged map is left for the type check.
    expect(declaredForm(keyed, { options: list })).toEqual({ options: list });
    expect(declaredForm(keyed, { options: { a: 1 } })).toEqual({ options: { a: 1 } });
    expect(recordedForm(undefined, { options: list })).toEqual({ options: list });
  });
});

describe("the provider of a type with keyed inputs", () => {
  // Inputs equal to those on record are not checked against the platform again: no call at all.
  const noPlatform = new Proxy(
    {},
    {
      get() {
        throw new Error("no platform call expected");
      },
    },
  );
  const providerOf = (definition: unknown) =>
    buildTypeProvider(definition as ResourceDefinition<Values, Values>, () => ({
      client: noPlatform as TravelClient,
    }));
  const group = { companyId: "c", customFieldId: "f", optionGroupId: "g" };
  const options = (...names: string[]) => names.map((name) => ({ name }));

  it("records options by name at check and diffs them by name", async () => {
    const provider = providerOf(optionGroupResource);
    // State written before keyed inputs: a list, in another order than the program's.
    const recorded = { ...group, options: options("P-2", "P-1") };
    const same = await provider.check(recorded, { ...group, options: options("P-1", "P-2") });
    expect(same).toEqual({ inputs: { ...group, options: { "P-1": {}, "P-2": {} } }, failures: [] });
    expect(await provider.diff("g", recorded, same.inputs)).toMatchObject({ changes: false });

    const next = recordedForm(optionGroupResource.capabilities?.diff?.keyedInputs, {
      ...group,
      options: options("P-1", "P-3"),
    });
    expect(next.options).toEqual({ "P-1": {}, "P-3": {} });
    expect(await provider.diff("g", same.inputs, next)).toMatchObject({ changes: true, replaces: [] });
  });

  it("keeps a list whose names are unknown at preview, and counts it as a change", async () => {
    const provider = providerOf(optionGroupResource);
    const news = { ...group, options: [{ name: UNKNOWN }] };
    const { inputs } = await provider.check({}, news);
    expect(inputs.options).toEqual([{ name: UNKNOWN }]);
    expect(await provider.diff("g", { ...group, options: {} }, inputs)).toMatchObject({ changes: true });
  });

  it("records the checkout order as predecessors, and a move is a change", async () => {
    const provider = providerOf(customFieldOrderResource);
    const recorded = { companyId: "c", companyRole: "ORG", fieldIds: ["a", "b", "c"] };
    const moved = recordedForm(customFieldOrderResource.capabilities?.diff?.keyedInputs, {
      ...recorded,
      fieldIds: ["c", "a", "b"],
    });
    expect(moved.fieldIds).toEqual({ c: "first", a: "after c", b: "after a" });
    expect(await provider.diff("c", recorded, moved)).toMatchObject({ changes: true });
    const again = await provider.check(moved, { companyId: "c", fieldIds: ["c", "a", "b"] });
    expect(again).toEqual({ inputs: moved, failures: [] });
    expect(await provider.diff("c", moved, again.inputs)).toMatchObject({ changes: false });
  });

  it("records roles by role id, so their order is no change", async () => {
    const provider = providerOf(userGroupRolesResource);
    const roles = [{ roleId: "r1" }, { roleId: "r2", scope: { audiences: [] } }];
    const withScopes = roles.map((role) => ({ scope: { audiences: [] }, ...role }));
    const recorded = { companyId: "c", groupId: "g", roles: withScopes.reverse() };
    const checked = await provider.check(recorded, { companyId: "c", groupId: "g", roles });
    expect(checked.inputs.roles).toEqual({
      r1: { scope: { audiences: [] } },
      r2: { scope: { audiences: [] } },
    });
    expect(await provider.diff("g", recorded, checked.inputs)).toMatchObject({ changes: false });
  });

  it("names a recorded map it cannot read as damaged state", async () => {
    const provider = providerOf(optionGroupResource);
    const error = await provider.delete("g", { ...group, options: { "P-1": "x" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DamagedStateError);
    expect(String(error)).toContain("options is an object, expected array");
  });
});
