/**
 * The id a read takes when nothing is recorded (`pulumi import`, the `import` option, and
 * `pulumi do <token> read|patch|delete <id>`): the type's import id (`<companyId>/<costCenterId>`),
 * or the bare id a resource records and `pulumi do ... create` prints (`<costCenterId>`).
 *
 * A bare id is looked for among the objects of its type under every company the credentials can
 * see (each company's listing, `type-listing.ts`): found under exactly one company, it stands for
 * that object's import id; found nowhere, or more than once, it fails naming the forms accepted.
 * An object of a company the credentials cannot see is never found, and an import id is read
 * under the company it names only (the platform answers 404 for another company's object there).
 */
import { importIdOf } from "../../model/import-id";
import { isOptOut } from "../../model/tenant-facts";
import type { TravelClient } from "../../../client";
import type { DefinitionRegistry } from "../../operations/runtime";
import { listInputsOf, type TypeListing, visibleCompanies } from "./type-listing";

/** The import id that `id` stands for, as a read of `type` takes it: `id` itself, or a bare id's object's. */
export async function importIdForRead(
  definitions: DefinitionRegistry,
  listing: TypeListing,
  client: () => Promise<TravelClient>,
  type: string,
  id: string,
): Promise<string> {
  const definition = definitions[type];
  if (definition === undefined) throw new Error(`pulumi-travel does not know resource type ${type}`);
  const form = importIdOf(definition);
  if (form.segments(id) !== undefined) return id;
  const accepted = `the import id ${form.form} (such as ${form.example})`;
  if (id.includes("/") || id === "")
    throw new Error(
      `${type}: ${JSON.stringify(id)} is neither ${accepted} nor the ${type}'s own id as its resource records it`,
    );
  const inputs = listInputsOf(definition);
  if (isOptOut(inputs))
    throw new Error(
      `${type}: ${JSON.stringify(id)} does not have the form ${form.form}, and a ${type} cannot be found by its own id (${inputs.omitted}): give ${accepted}`,
    );
  const platform = await client();
  let companies = 0;
  const found: string[] = [];
  for await (const company of visibleCompanies(platform)) {
    companies++;
    for (const object of await listing.under(platform, type, company.id))
      if (object.id === id) found.push(object.importId);
  }
  if (found.length === 1 && found[0] !== undefined) return found[0];
  if (found.length === 0)
    throw new Error(
      `${type}: no ${type} has the id ${JSON.stringify(id)} under the ${companies} ${companies === 1 ? "company" : "companies"} these credentials can see; give ${accepted}, or the id its resource records`,
    );
  throw new Error(
    `${type}: the id ${JSON.stringify(id)} is ambiguous: ${found.length} objects have it (${found.join(", ")}); give the import id of the one meant`,
  );
}
