/**
 * The ids of platform objects a manifest names by name (`group: Travel desk`, `role: Travel
 * arranger`), found through the lookups while the program runs, so at preview once the company's
 * id is known. A name that matches no object, or several, fails with its file, line and column.
 */
import type * as pulumi from "@pulumi/pulumi";
import { output } from "@pulumi/pulumi/output";
import { getRole, getUserGroup } from "../lookups";
import { ManifestError } from "./manifest-error";
import type { DeclareContext } from "./section-codec";
import { formatPath, type ValuePath } from "./source-map";

/** What a name can stand for, and the lookup that finds it in a company. */
const FINDERS = {
  group: getUserGroup,
  role: getRole,
} as const;

/** The kinds of object a manifest names by name. */
export type NamedKind = keyof typeof FINDERS;

/**
 * The id of the `kind` named `name` at `path` of the manifest, in company `companyId`. A lookup
 * that fails is a {@link ManifestError} at the name's place (or, for a manifest given as a value,
 * an error naming its path).
 */
export async function resolveName(
  locate: DeclareContext["locate"],
  companyId: string,
  kind: NamedKind,
  name: string,
  path: ValuePath,
): Promise<string> {
  try {
    return (await FINDERS[kind]({ companyId, name })).id;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (locate === undefined) throw new Error(`${formatPath(path)}: ${reason}`, { cause: error });
    throw new ManifestError([{ ...locate(path), path: formatPath(path), reason }]);
  }
}

/** {@link resolveName} in the manifest's company, once its id is known (at preview for a known company). */
export function idByName(
  ctx: Pick<DeclareContext, "lookupCompanyId" | "locate">,
  kind: NamedKind,
  name: string,
  path: ValuePath,
): pulumi.Output<string> {
  return output(ctx.lookupCompanyId).apply((companyId) =>
    resolveName(ctx.locate, companyId, kind, name, path),
  );
}
