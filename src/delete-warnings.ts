/**
 * What a delete warns of before it starts, by type, wired to the registry: both hosts hand it to
 * their runtime. A company's delete first makes sure the platform will take it: objects under it
 * that no resource declares and that refuse the deletion fail it before its `DELETE`, or, with the
 * company's `forceDestroy`, are deleted first; then it names what the platform deletes with it
 * that the stack does not manage.
 */
import type { DeleteWarning } from "./provider/operations/runtime";
import { leftOnPlatform } from "./provider/planning/stack-objects";
import { definitions } from "./resources/registry";
import {
  blockedDeletionError,
  companyBlockers,
  deleteBlockers,
  forcedLines,
} from "./tenant/company-blockers";
import { companyDeletionWarning } from "./tenant/company-cascade";

/** The delete warnings of the package's types. */
export const deleteWarnings: Readonly<Record<string, DeleteWarning>> = {
  Company: async ({ client }, companyId, held, recorded) => {
    const blockers = await companyBlockers(client, companyId, definitions);
    if (blockers.length > 0 && recorded.forceDestroy !== true)
      throw blockedDeletionError(companyId, blockers);
    const run = { held, left: leftOnPlatform(companyId), forced: forcedLines(blockers) };
    const warning = await companyDeletionWarning(client, companyId, definitions, run);
    await deleteBlockers(client, blockers);
    return warning;
  },
};
