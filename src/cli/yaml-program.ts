/**
 * A Pulumi YAML program of travel resources on the provider plugin (`travel:index:<Type>`): one
 * entry per resource, an input filled by another resource's output written as that output
 * (`${acme.companyId}`), an optional `import:` id per resource, secret inputs read from the stack's
 * config, and the stack's outputs. Written by `export --format yaml-program` (a live tenant) and by
 * `migrate` (a stack's state). Pure: no I/O.
 */
import { stringify } from "yaml";

/** An input filled by an output of another resource of the program. */
export class ProgramReference {
  constructor(
    /** The resource's key in the program. */
    readonly key: string,
    readonly output: string,
  ) {}
}

/** An input read from the stack's config (a secret the program cannot hold). */
export class ProgramConfig {
  constructor(
    readonly name: string,
    readonly secret: boolean,
  ) {}
}

/** A resource of the program. */
export interface ProgramResource {
  /** Its key in the program, which expressions name ({@link programKey}). */
  key: string;
  /** Its Pulumi name (the URN's), written as `name:` when it differs from the key. */
  name: string;
  /** Its registry type. */
  type: string;
  /** Its inputs: JSON values, {@link ProgramReference}s and {@link ProgramConfig}s. */
  properties: Record<string, unknown>;
  /** The import id, for the `import:` resource option. */
  importId?: string | undefined;
}

/** The program. */
export interface YamlProgram {
  project: string;
  description: string;
  /** Comment lines the file opens with. */
  header: readonly string[];
  resources: readonly ProgramResource[];
  /** The stack's outputs. */
  outputs?: Record<string, unknown> | undefined;
}

/**
 * A key for resource `name` that an expression can name (letters, digits, `_` and `-`, starting
 * with a letter) and that is not in `taken` (which it joins).
 */
export function programKey(name: string, taken: Set<string>): string {
  let base = name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^[^A-Za-z]+/, "");
  if (base === "") base = "resource";
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

/**
 * `text` as a Pulumi YAML string that reads back as `text`: Pulumi YAML reads `${...}` in every
 * string it evaluates as an interpolation and `$$` as one `$` (pulumi-yaml's `parseInterpolate`),
 * so every `$` is doubled. Nothing else needs escaping there: quotes, newlines and other
 * characters are the YAML writer's to quote.
 */
export function literalYamlString(text: string): string {
  return text.replace(/\$/g, () => "$$");
}

/** The text of `Pulumi.yaml` for `program`. */
export function yamlProgramText(program: YamlProgram): string {
  const config = new Map<string, ProgramConfig>();
  const write = (value: unknown): unknown => {
    if (value instanceof ProgramReference) return `\${${value.key}.${value.output}}`;
    if (value instanceof ProgramConfig) {
      config.set(value.name, value);
      return `\${${value.name}}`;
    }
    if (typeof value === "string") return literalYamlString(value);
    if (Array.isArray(value)) return value.map(write);
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(
        Object.entries(value)
          .filter(([, item]) => item !== undefined)
          .map(([key, item]) => [key, write(item)]),
      );
    return value;
  };
  const resources = Object.fromEntries(
    program.resources.map((resource) => [
      resource.key,
      {
        type: `travel:index:${resource.type}`,
        ...(resource.name !== resource.key ? { name: literalYamlString(resource.name) } : {}),
        properties: write(resource.properties),
        ...(resource.importId !== undefined
          ? { options: { import: literalYamlString(resource.importId) } }
          : {}),
      },
    ]),
  );
  const outputs =
    program.outputs && Object.keys(program.outputs).length > 0 ? write(program.outputs) : undefined;
  const document = {
    name: program.project,
    description: literalYamlString(program.description),
    runtime: "yaml",
    ...(config.size > 0
      ? {
          config: Object.fromEntries(
            [...config.values()].map((c) => [
              c.name,
              { type: "string", ...(c.secret ? { secret: true } : {}) },
            ]),
          ),
        }
      : {}),
    resources,
    ...(outputs !== undefined ? { outputs } : {}),
  };
  // A line break inside a line (a name in a note) starts a new comment line, never program text.
  const header = program.header
    .flatMap((line) => line.split(/\r\n|\r|\n/))
    .map((line) => (line === "" ? "#" : `# ${line}`))
    .join("\n");
  return `${header}${header === "" ? "" : "\n\n"}${stringify(document, { lineWidth: 0 })}`;
}
