/** The parts of a resource's URN the plugin reads: `urn:pulumi:<stack>::<project>::<type>::<name>`. */

/** What a URN names. */
export interface UrnParts {
  stack: string;
  project: string;
  /** The type token, with the parent's types before it (`<parent type>$<type>`). */
  type: string;
  /** The resource's name, as the program declares it (it may itself hold `::`). */
  name: string;
}

/** The parts of `urn`, or undefined when it is not a resource URN (an empty one, in a test). */
export function urnParts(urn: string): UrnParts | undefined {
  const [head = "", project = "", type = "", ...name] = urn.split("::");
  const stack = head.startsWith("urn:pulumi:") ? head.slice("urn:pulumi:".length) : "";
  if (stack === "" || stack.includes(":") || project === "" || project.includes(":") || name.length === 0)
    return undefined;
  return { stack, project, type, name: name.join("::") };
}
