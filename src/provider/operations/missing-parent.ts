/**
 * A refresh that finds an object gone because its company is not there says so. A company
 * deleted on the platform took its objects with it, but a `companyId` edited by hand in the state
 * looks exactly the same to the platform (404 `COMPANY_NOT_FOUND`) while the object still exists
 * under its real company: the warning names the resource and both ways out, instead of the
 * resource silently leaving the state.
 */
import { apiPath, isNotFound } from "../../client";
import { type ResourceContext, warnRun } from "../model/resource-context";
import type { Values } from "../model/values";

/** Warns when `declared.companyId` names no company the credentials can see. */
export async function warnIfCompanyMissing(
  type: string,
  id: string,
  declared: Values,
  ctx: ResourceContext,
): Promise<void> {
  const companyId = declared.companyId;
  if (type === "Company" || typeof companyId !== "string") return;
  try {
    await ctx.client.get(apiPath`/v2/companies/${companyId}`);
  } catch (error) {
    if (!isNotFound(error, ["COMPANY_NOT_FOUND"])) throw error;
    await warnRun(
      ctx,
      `${type} ${id} is removed from the state because its company ${companyId} does not exist. ` +
        "If the company was deleted, its objects went with it and nothing is left to do. If the companyId in the " +
        "state is wrong (edited by hand), the object still exists under its real company: restore the state " +
        "from a backup (`pulumi stack import`) and run `pulumi refresh` again, or take the object over with adoptId.",
    );
  }
}
