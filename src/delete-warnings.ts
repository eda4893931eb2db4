/**
 * What a delete warns of or checks before it starts, wired to the registry: both hosts hand it to
 * their runtime. Before the first delete under a company the run may delete, the company-delete
 * check reads the stack's checkpoint and fails every delete under it, before anything is sent, when
 * objects no resource declares would make the platform refuse the company's delete (unless the
 * company has `forceDestroy`). A company's own delete makes sure the platform will take it: such
 * objects fail it before its `DELETE`, or, with `forceDestroy`, are deleted first; then it names
 * what the platform deletes with it that the stack does not manage.
 */
import type { CompanyDeleteCheck } from "./provider/operations/company-delete-gate";
import type { DeleteWarning } from "./provider/operations/runtime";
import { type ResourceContext, warnRun } from "./provider/model/resource-context";
import { definitions } from "./resources/registry";
import {
  blockedDeletionError,
  companyBlockers,
  deleteBlockers,
  forcedLines,
} from "./tenant/company-blockers";
import { companyDeletionWarning } from "./tenant/company-cascade";
import { readStackCheckpoint } from "./tenant/stack-checkpoint";
import type { StackContents } from "./tenant/stack-export";

/** The delete warnings of the package's types. */
export const deleteWarnings: Readonly<Record<string, DeleteWarning>> = {
  Company: async ({ client, run: engineRun }, companyId, recorded) => {
    const blockers = await companyBlockers(client, companyId, definitions);
    if (blockers.length > 0 && recorded.inputs.forceDestroy !== true)
      throw blockedDeletionError(companyId, blockers);
    const run = {
      held: (type: string, id: string) => engineRun.holds(type, id),
      left: engineRun.leftOnPlatform(companyId),
      forced: forcedLines(blockers),
    };
    const warning = await companyDeletionWarning(client, companyId, definitions, run);
    await deleteBlockers(client, blockers);
    return warning;
  },
};

/**
 * The check before the first delete under a company this run did not diff: when the stack's
 * checkpoint holds the company (so the run deletes it) without `forceDestroy`, the objects under
 * it that refuse its deletion and that no resource of the stack holds fail the deletes under it.
 * A checkpoint that cannot be read gives one warning, and the run goes on (the company's own
 * delete still stops before its `DELETE`).
 */
export const companyDeleteCheck: CompanyDeleteCheck = async (ctx, companyId, stack) => {
  let checkpoint: StackContents;
  try {
    if (stack === undefined)
      throw new Error(
        "the state of the deleted object does not name its stack (it was written by an older pulumi-travel; a `pulumi up` records it)",
      );
    checkpoint = await checkpointOfRun(ctx, stack);
  } catch (error) {
    await warnRun(
      ctx,
      `could not tell before deleting objects under company ${companyId} whether the company's delete will succeed: ` +
        `${error instanceof Error ? error.message : String(error)}. The run goes on: if objects no resource ` +
        "declares block the company's delete, it fails then, after the objects under it are deleted.",
    );
    return;
  }
  const company = checkpoint.resources.find(({ type, id }) => type === "Company" && id === companyId);
  // A company the stack does not hold (one a lookup found) is not deleted by this run.
  if (company === undefined || company.properties.forceDestroy === true) return;
  const inStack = new Set(checkpoint.resources.map(({ type, id }) => `${type}/${id}`));
  const blockers = (await companyBlockers(ctx.client, companyId, definitions)).filter(
    ({ type, id }) => !inStack.has(`${type}/${id}`) && !ctx.run.holds(type, id),
  );
  if (blockers.length > 0) throw blockedDeletionError(companyId, blockers, true);
};

/**
 * `stack`'s checkpoint, read once for every company the run deletes (a destroy of 15 companies ran
 * `pulumi stack export` 15 times). What the run changes in it after the first read does not change
 * a later company's check: the company and its `forceDestroy` were in it before the run, the
 * objects the run deleted are gone from the platform's listings too, and the ones it made are
 * `held`. A failed read is not kept: the next company's check reads again.
 */
function checkpointOfRun({ run }: ResourceContext, stack: string): Promise<StackContents> {
  return run.readOnce(`checkpoint of stack ${stack}`, () => readStackCheckpoint(stack));
}
