/**
 * The id a diff or an update of a recorded object is given. The engine gives the id its state
 * records; `pulumi do <token> patch <id>` (CLI 3.259) gives the id the user typed, which may be the
 * import id the read took (`<companyId>/<costCenterId>`, as `list` prints it). That import id
 * stands for the object's own id only when it names the object read: the ids it names are the
 * ones recorded. Anything else is passed on unchanged, for the platform to judge.
 */
import { importIdOf } from "../../model/import-id";
import type { ResourceContext } from "../../model/resource-context";
import type { Values } from "../../model/values";
import type { DefinitionRegistry } from "../../operations/runtime";

/** The own id of the object `id` names, given its recorded outputs `recorded`. */
export async function recordedObjectId(
  definition: DefinitionRegistry[string],
  id: string,
  recorded: Values,
  context: () => Promise<ResourceContext>,
): Promise<string> {
  const idOutput = definition.capabilities?.outputRules?.idOutput;
  if (idOutput !== undefined && recorded[idOutput] === id) return id;
  const form = importIdOf(definition);
  const segments = form.segments(id);
  // A one-segment form names the object by its own id already (a company, a setting of one).
  if (segments === undefined || !id.includes("/")) return id;
  const target = await form.locate(segments, await context());
  const named = Object.entries(target.inputs).every(([name, value]) => recorded[name] === value);
  const same = idOutput === undefined || recorded[idOutput] === target.id;
  return named && same ? target.id : id;
}
