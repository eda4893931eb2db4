/**
 * Every type of the registry previews with any of its inputs unknown (a value computed from a
 * resource not created yet): `check` does not throw, and judges nothing it cannot see yet. Found
 * by the plan-fidelity property test: a CompanyConfig whose `kind` was unknown crashed the preview
 * with a TypeError while building the request the vendor check validates; an option group whose
 * arm was updated previewed its `optionGroupId` as changing (`[diff: ~optionGroupId,options]`)
 * while up changed only its options.
 */
import { describe, expect, it } from "vitest";
import { inputKeysOf } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { UNKNOWN } from "../../src/provider/model/unknown-values";
import { encodeMeta } from "../../src/provider/model/codec";
import { Run } from "../../src/provider/model/run";
import { optionGroupResource } from "../../src/resources/option-group";
import { definitions } from "../../src/resources/registry";

/** A run whose client may not be asked for: check must not reach the platform with unknown inputs. */
const noPlatform = () =>
  new Run({
    client: () => {
      throw new Error("check reached for the platform with unknown inputs");
    },
  });

describe.each(Object.values(definitions))("$type with unknown inputs", (definition) => {
  const provider = buildTypeProvider(definition, noPlatform());

  it("previews with every input unknown", async () => {
    const news = Object.fromEntries(inputKeysOf(definition).map((key) => [key, UNKNOWN]));
    await expect(provider.check({}, news)).resolves.toMatchObject({ failures: [] });
  });
});

describe("an input unknown at preview that is known to stay", () => {
  it("is recorded as it was, so the engine's diff does not list it (an option group while its arm updates)", async () => {
    const provider = buildTypeProvider(optionGroupResource, noPlatform());
    const olds = {
      ...encodeMeta({ armId: "arm-1" }),
      companyId: "co-1",
      customFieldId: "cf-1",
      optionGroupId: "og-1",
      options: [{ name: "P-100" }],
    };
    const news = { ...olds, optionGroupId: UNKNOWN, options: [{ name: "P-200" }] };
    const { inputs } = await provider.check(olds, news);
    expect(inputs).toMatchObject({ optionGroupId: "og-1" });
    // A replaced arm (its id unknown) brings a new group: the unknown stays unknown.
    const replaced = await provider.check(olds, { ...news, ...encodeMeta({ armId: UNKNOWN }) });
    expect(replaced.inputs).toMatchObject({ optionGroupId: UNKNOWN });
  });
});
