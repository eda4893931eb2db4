/**
 * The provider's configuration in the package schema: one property per client setting
 * (`SETTING_ENV_VARS`: `travel:baseUrl`, `travel:clientId`, ...), described by the TSDoc on the
 * settings' schema and naming the `TRAVEL_*` variable that wins over it, typed as the setting's
 * validated value (`ClientSettings`: a boolean, a number, an integer where zod says so, a
 * string), secret for `SECRET_SETTINGS`, with its default where unset means a value
 * (`SETTING_DEFAULTS`). None is required: each may come from the environment.
 */
import ts from "typescript";
import { z } from "zod";
import {
  clientSettingsSchema,
  SECRET_SETTINGS,
  SETTING_DEFAULTS,
  SETTING_ENV_VARS,
  type SettingName,
} from "../../src/client";
import { type CompilerView, propertyDocs } from "../resource-docs/compiler-docs";
import type { JsonSchema } from "../resource-docs/json-type";
import type { PropertySpec } from "./pulumi-types";

/** The schema type of a setting's validated value. */
function settingType(type: ts.Type, checker: ts.TypeChecker, json: JsonSchema | undefined): PropertySpec {
  const value = checker.getNonNullableType(type);
  if (value.flags & ts.TypeFlags.BooleanLike) return { type: "boolean" };
  if (value.flags & ts.TypeFlags.NumberLike) return { type: json?.type === "integer" ? "integer" : "number" };
  if (value.flags & ts.TypeFlags.StringLike) return { type: "string" };
  throw new Error(`a setting of type ${checker.typeToString(value)} has no schema type`);
}

/** The configuration's properties, by setting name, in `SETTING_ENV_VARS` order. */
export function providerConfig(view: CompilerView): Record<string, PropertySpec> {
  const docs = propertyDocs(view, "client/settings.ts", "ClientSettings");
  const json = z.toJSONSchema(clientSettingsSchema, { io: "output", unrepresentable: "any" }) as JsonSchema;
  const names = Object.keys(SETTING_ENV_VARS) as SettingName[];
  return Object.fromEntries(
    names.map((name) => {
      const setting = docs[name];
      if (setting === undefined || setting.doc === "")
        throw new Error(`setting ${name}: document it on clientSettingsSchema (src/client/settings.ts)`);
      const fallback = SETTING_DEFAULTS[name];
      const description = [
        setting.doc,
        fallback === undefined ? undefined : `Default \`${String(fallback)}\`.`,
        `Environment variable \`${SETTING_ENV_VARS[name]}\`, which wins over the stack config.`,
      ]
        .filter((part) => part !== undefined)
        .join(" ");
      const spec: PropertySpec = {
        ...settingType(setting.type, view.checker, json.properties?.[name]),
        description,
        ...(fallback === undefined ? {} : { default: fallback }),
      };
      return [name, SECRET_SETTINGS.includes(name) ? { ...spec, secret: true } : spec];
    }),
  );
}
