/**
 * Two resources of one program that claim the same unique value under the same parents are
 * refused before any write, on both hosts, for every rule of every type of the registry: the
 * dynamic host in the program's process (`hosts/dynamic/duplicate-index.ts`), the plugin at
 * `check`, from the resource names the engine's URNs carry (`planning/run-duplicates.ts`). A rule
 * one host did not enforce fails here.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { beforeAll, describe, expect, it } from "vitest";
import type { TravelClient } from "../../src/client";
import type { RunningEmulator } from "../../src/emulator";
import { DuplicateIndex } from "../../src/provider/hosts/dynamic/duplicate-index";
import { inputKeysOf } from "../../src/provider/model/definition";
import { uniqueRules } from "../../src/provider/model/unique-input";
import type { Values } from "../../src/provider/model/values";
import { definitions } from "../../src/resources/registry";
import { useLiveEmulator } from "../support/live-emulator";
import { oneOfEach } from "../support/one-of-each";
import { type Client, configure, pluginClient, struct, urnOf } from "../support/plugin-client";

/** The unique rules of `definition` on inputs it has (a company child without `externalId` has none). */
const rulesOf = (definition: (typeof definitions)[string]) =>
  uniqueRules(definition.capabilities?.uniqueness ?? {}).filter((rule) =>
    inputKeysOf(definition).includes(rule.input),
  );

/** Every unique rule of the registry, with its type. */
const rules = Object.values(definitions).flatMap((definition) =>
  rulesOf(definition).map((rule) => [`${definition.type}.${rule.input}`, definition.type, rule] as const),
);

/** Inputs of one resource of `type` holding a value of `input` (an externalId is set when the row has none). */
async function inputsWith(
  type: string,
  input: string,
  env: { emulator: RunningEmulator; client: TravelClient; companyId: string },
) {
  const row = oneOfEach[type];
  if (!row) throw new Error(`test/support/one-of-each.ts has no row for ${type}`);
  const inputs = await row.inputs(env);
  return inputs[input] === undefined ? { ...inputs, [input]: `dup-${type.toLowerCase()}` } : inputs;
}

describe("duplicates in one program, on both hosts", () => {
  const live = useLiveEmulator();

  it("covers every type whose definition declares a unique input", () => {
    const types = new Set(rules.map(([, type]) => type));
    expect([...types].sort()).toEqual(
      Object.values(definitions)
        .filter((definition) => rulesOf(definition).length > 0)
        .map((definition) => definition.type)
        .sort(),
    );
    expect(types).toContain("CostCenter");
    expect(types).toContain("PartnerPublicKey");
  });

  describe.each(rules)("%s", (_name, type, rule) => {
    let inputs: Values;
    beforeAll(async () => {
      const { emulator, client } = live;
      const company = await client.post<{ id: string }>("/v2/companies", {
        body: { name: `Dup ${type} ${rule.input}`, billingCurrency: "USD", companyRoles: ["ORG"] },
      });
      inputs = await inputsWith(type, rule.input, { emulator, client, companyId: company.id });
    });

    it("the dynamic host refuses the second resource in the program, naming the first", () => {
      const index = new DuplicateIndex();
      index.claim(type, "first", inputs, rule.within, rule);
      expect(() => index.claim(type, "second", inputs, rule.within, rule)).toThrow(
        `${type} "second" has ${rule.input} "${String(inputs[rule.input])}", already used by ${type} "first"`,
      );
    });

    it("the plugin refuses the second resource at check, naming the first, and takes the first again", async () => {
      const plugin: Client = await pluginClient();
      try {
        await configure(plugin, live.emulator, live.emulator.bootstrap.clientSecret);
        const check = async (name: string) => {
          const request = new provproto.CheckRequest();
          request.setUrn(urnOf(type, name));
          request.setType(`travel:index:${type}`);
          request.setOlds(struct({}));
          request.setNews(struct(inputs));
          const response = await plugin.call<provproto.CheckRequest, provproto.CheckResponse>(
            "check",
            request,
          );
          return response
            .getFailuresList()
            .map((failure) => `${failure.getProperty()}: ${failure.getReason()}`);
        };
        const duplicate = `has ${rule.input} "${String(inputs[rule.input])}", already used by ${type} "first"`;
        expect((await check("first")).filter((failure) => failure.includes("already used"))).toEqual([]);
        expect(await check("second")).toContainEqual(expect.stringContaining(duplicate));
        expect((await check("first")).filter((failure) => failure.includes("already used"))).toEqual([]);
      } finally {
        plugin.close();
      }
    });
  });
});
