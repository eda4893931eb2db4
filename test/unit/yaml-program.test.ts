/**
 * The YAML program writer (`migrate`, `export --format yaml-program`) writes every string so that
 * Pulumi YAML reads it back as it was: hostile strings round-trip through the text it writes and
 * Pulumi YAML's reading of a string (`$$` is one `$`, `${` starts an interpolation: pulumi-yaml's
 * `parseInterpolate`). test/e2e/migrate.test.ts holds the same through the real YAML host.
 */
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ProgramReference, yamlProgramText } from "../../src/cli/yaml-program";

/** What Pulumi YAML makes of a string it evaluates: its text, or the interpolations it found. */
function pulumiYamlReads(value: string): string | { interpolates: string[] } {
  let text = "";
  const found: string[] = [];
  for (let at = 0; at < value.length;) {
    if (value.startsWith("$$", at)) {
      text += "$";
      at += 2;
    } else if (value.startsWith("${", at)) {
      const end = value.indexOf("}", at);
      found.push(value.slice(at + 2, end));
      at = end + 1;
    } else {
      text += value[at];
      at++;
    }
  }
  return found.length > 0 ? { interpolates: found } : text;
}

const HOSTILE = [
  "${acme.companyId}",
  "$${acme.companyId}",
  "$$${acme.companyId}",
  "price $5, $$6 and $",
  "ends with $",
  `say "hi" and 'bye': # not a comment`,
  "line one\nline two\r\nline three",
  "  leading and trailing spaces  ",
  "Zürich ☃ 東京 🚀 \u00a0\u200b",
  "- a list? no",
  "null",
  "yes",
  "0123",
  "{ not: a map }",
];

describe("yamlProgramText", () => {
  const text = yamlProgramText({
    project: "hostile",
    description: "stack ${dev} of $$ things",
    header: ["written from a name with a\nline break"],
    resources: HOSTILE.map((value, index) => ({
      key: `cc-${index}`,
      name: `cc-${index} ${value}`,
      type: "CostCenter",
      properties: { companyId: new ProgramReference("acme", "companyId"), name: value, tags: [value] },
      importId: `id-${value}`,
    })),
    outputs: { names: HOSTILE },
  });
  const program = parse(text) as {
    description: string;
    resources: Record<
      string,
      {
        name: string;
        properties: { companyId: string; name: string; tags: string[] };
        options: { import: string };
      }
    >;
    outputs: { names: string[] };
  };

  it.each(HOSTILE.map((value, index) => [value, index] as const))(
    "%j reads back as written, wherever it stands",
    (value, index) => {
      const resource = program.resources[`cc-${index}`];
      expect(pulumiYamlReads(resource?.properties.name ?? "")).toBe(value);
      expect(pulumiYamlReads(resource?.properties.tags[0] ?? "")).toBe(value);
      expect(pulumiYamlReads(resource?.name ?? "")).toBe(`cc-${index} ${value}`);
      expect(pulumiYamlReads(resource?.options.import ?? "")).toBe(`id-${value}`);
      expect(pulumiYamlReads(program.outputs.names[index] ?? "")).toBe(value);
    },
  );

  it("writes a reference as an interpolation, and the description as text", () => {
    expect(pulumiYamlReads(program.resources["cc-0"]?.properties.companyId ?? "")).toEqual({
      interpolates: ["acme.companyId"],
    });
    expect(pulumiYamlReads(program.description)).toBe("stack ${dev} of $$ things");
  });

  it("keeps a line break of a header line inside the comment", () => {
    expect(text.startsWith("# written from a name with a\n# line break\n\n")).toBe(true);
  });
});
