/**
 * schemas/pulumi-package.json, the package schema of the provider plugin `travel`, is derived
 * (`npm run provider-schema`): the committed file is what the generator writes now; every type of
 * the registry is a resource with every input, output, secret and replace rule its definition
 * declares; every provider function is there; the settings are the provider's configuration; the
 * fallbacks are the ones listed here; and the file is valid against Pulumi's metaschema (vendored
 * under test/fixtures/pulumi-package-metaschema, Apache-2.0).
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type GeneratedSchema,
  generateProviderSchema,
  PACKAGE_SCHEMA_PATH,
  type PackageSchema,
} from "../../scripts/provider-schema/package-schema";
import { SECRET_SETTINGS, SETTING_ENV_VARS } from "../../src/client";
import { PROVIDER_FUNCTIONS } from "../../src/lookups";
import { readPackageSchema } from "../../src/provider/hosts/plugin/package-schema";
import { inputKeysOf } from "../../src/provider/model/definition";
import { definitions } from "../../src/resources/registry";
import { replaceOnOf } from "../../src/provider/model/replace-rules";

const ROOT = resolve(__dirname, "..", "..");

/**
 * Where the schema says less than zod does: `pulumi.json#/Any` for a union, string keys for a
 * record keyed by an enum. A new one fails here until it is added, on purpose.
 */
const EXPECTED_FALLBACKS = [
  "Arm.action: a union of 2 shapes: pulumi.json#/Any",
  "CompanyFeatures.features{}: a record whose keys are one of 122 names: a map with string keys",
  "CompanyFeatures.features{}: a union of 2 shapes: pulumi.json#/Any",
  "getArm().action: a union of 2 shapes: pulumi.json#/Any",
];

describe("schemas/pulumi-package.json", () => {
  let generated: GeneratedSchema;
  let committed: PackageSchema;
  beforeAll(() => {
    generated = generateProviderSchema(ROOT);
    committed = JSON.parse(readFileSync(join(ROOT, PACKAGE_SCHEMA_PATH), "utf8")) as PackageSchema;
  }, 120_000);

  it("is what the generator writes (npm run provider-schema)", () => {
    expect(committed).toEqual(generated.schema);
  });

  it("is the text the plugin host reads", () => {
    expect(JSON.parse(readPackageSchema())).toEqual(committed);
  });

  it("names the package, its version and each SDK's package", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(committed).toMatchObject({ name: "travel", version: pkg.version, meta: { moduleFormat: "(.*)" } });
    expect(committed.logoUrl).toMatch(/^https:\/\//);
    for (const language of ["go", "nodejs", "python", "csharp"])
      expect(committed.language[language], language).toMatchObject({ respectSchemaVersion: true });
  });

  it("has every type of the registry, with its inputs, outputs, secrets and replace rules", () => {
    expect(Object.keys(committed.resources).sort()).toEqual(
      Object.keys(definitions)
        .map((type) => `travel:index:${type}`)
        .sort(),
    );
    for (const [type, definition] of Object.entries(definitions)) {
      const resource = committed.resources[`travel:index:${type}`];
      if (resource === undefined) throw new Error(`no resource ${type}`);
      const inputs = inputKeysOf(definition);
      expect(Object.keys(resource.inputProperties), type).toEqual(inputs);
      const outputs = [
        ...definition.outputs,
        ...(definition.capabilities?.outputRules?.idOutput
          ? [definition.capabilities?.outputRules?.idOutput]
          : []),
      ];
      expect(Object.keys(resource.properties).sort(), type).toEqual(
        [...new Set([...inputs, ...outputs])].sort(),
      );
      if (definition.capabilities?.outputRules?.idOutput)
        expect(resource.required, type).toContain(definition.capabilities?.outputRules?.idOutput);
      for (const name of definition.capabilities?.secrets?.secretInputs ?? []) {
        expect(resource.inputProperties[name]?.secret, `${type}.${name}`).toBe(true);
        expect(resource.properties[name]?.secret, `${type}.${name}`).toBe(true);
      }
      for (const name of definition.capabilities?.secrets?.secretOutputs ?? [])
        expect(resource.properties[name]?.secret, `${type}.${name}`).toBe(true);
      for (const name of inputs) {
        const replaces = replaceOnOf(definition).includes(name);
        expect(resource.inputProperties[name]?.replaceOnChanges === true, `${type}.${name}`).toBe(replaces);
        expect(resource.properties[name]?.replaceOnChanges === true, `${type}.${name}`).toBe(replaces);
      }
      for (const name of definition.capabilities?.replacement?.replaceWhen?.inputs ?? [])
        expect(resource.inputProperties[name]?.description, `${type}.${name}`).toContain(
          definition.capabilities?.replacement?.replaceWhen?.when,
        );
      expect(resource.description, type).not.toBe("");
    }
  });

  it("describes every input and output", () => {
    for (const [token, resource] of Object.entries(committed.resources))
      for (const [name, property] of Object.entries({ ...resource.inputProperties, ...resource.properties }))
        expect(property.description ?? "", `${token}.${name}`).not.toBe("");
  });

  it("has every provider function, with its arguments and result", () => {
    expect(Object.keys(committed.functions)).toEqual(
      PROVIDER_FUNCTIONS.map((fn) => `travel:index:${fn.name}`),
    );
    for (const fn of PROVIDER_FUNCTIONS) {
      const spec = committed.functions[`travel:index:${fn.name}`];
      expect(spec?.description, fn.name).toBe(fn.description);
      expect(Object.keys(spec?.inputs.properties ?? {}), fn.name).toEqual(Object.keys(fn.args.shape));
      expect(Object.keys(spec?.outputs.properties ?? {}), fn.name).toEqual(Object.keys(fn.result.shape));
    }
  });

  it("has every provider setting as configuration, secrets marked, with its environment variable", () => {
    for (const variables of [committed.config.variables, committed.provider.inputProperties]) {
      expect(Object.keys(variables)).toEqual(Object.keys(SETTING_ENV_VARS));
      for (const [name, variable] of Object.entries(SETTING_ENV_VARS)) {
        expect(variables[name]?.description, name).toContain(variable);
        expect(variables[name]?.secret === true, name).toBe(SECRET_SETTINGS.includes(name as never));
      }
    }
  });

  it("falls back to less than zod says only where listed", () => {
    expect(generated.fallbacks.map((fallback) => `${fallback.at}: ${fallback.reason}`)).toEqual(
      EXPECTED_FALLBACKS,
    );
  });

  it("refers only to types it defines", () => {
    const refs = JSON.stringify(committed).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const target = /"\$ref":"(.+)"/.exec(ref)?.[1] ?? "";
      if (target === "pulumi.json#/Any") continue;
      expect(committed.types, target).toHaveProperty([target.replace(/^#\/types\//, "")]);
    }
  });

  it("is valid against Pulumi's package metaschema", () => {
    const metaschema = JSON.parse(
      readFileSync(join(ROOT, "test/fixtures/pulumi-package-metaschema/pulumi.json"), "utf8"),
    ) as object;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(metaschema);
    expect(validate(committed) ? [] : validate.errors).toEqual([]);
  });
});
