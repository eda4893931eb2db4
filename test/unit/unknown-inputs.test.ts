/**
 * Every type of the registry previews with any of its inputs unknown (a value computed from a
 * resource not created yet): `check` does not throw, and judges nothing it cannot see yet. Found
 * by the plan-fidelity property test: a CompanyConfig whose `kind` was unknown crashed the preview
 * with a TypeError while building the request the vendor check validates.
 */
import { describe, expect, it } from "vitest";
import { inputKeysOf } from "../../src/provider/definition";
import { buildDynamicProvider } from "../../src/provider/dynamic-provider";
import { UNKNOWN } from "../../src/provider/values";
import { definitions } from "../../src/resources/registry";

const noPlatform = () => {
  throw new Error("check reached for the platform with unknown inputs");
};

describe.each(Object.values(definitions))("$type with unknown inputs", (definition) => {
  const provider = buildDynamicProvider(definition, noPlatform);

  it("previews with every input unknown", async () => {
    const news = Object.fromEntries(inputKeysOf(definition).map((key) => [key, UNKNOWN]));
    await expect(provider.check({}, news)).resolves.toMatchObject({ failures: [] });
  });
});
