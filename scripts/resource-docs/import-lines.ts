/** The "Import" section of a resource page: the type's import id, from `importIdOf`. */
import { ADOPT_INPUT } from "../../src/provider/model/definition";
import { importIdOf } from "../../src/provider/model/import-id";
import type { Definition } from "./rules";

/** The lines of the section, without its heading. */
export function importLines(definition: Definition): string[] {
  const form = importIdOf(definition);
  const name = `${definition.type.charAt(0).toLowerCase()}${definition.type.slice(1)}`;
  return [
    "Through the provider plugin `travel` (Pulumi YAML and the other languages), `pulumi import` and",
    `the \`import\` resource option take an existing object by the id \`${form.form}\`:`,
    "",
    "```sh",
    `pulumi import travel:index:${definition.type} ${name} ${form.example}`,
    "```",
    "",
    "The imported resource's inputs are what the platform holds of the object that a program can",
    "declare, so the generated code previews no changes.",
    ...(form.note === undefined ? [] : ["", form.note]),
    ...(ADOPT_INPUT in definition.inputs.shape
      ? [
          "",
          "A TypeScript program of the dynamic resources takes an object over with `adoptId` instead (below).",
        ]
      : []),
  ];
}
