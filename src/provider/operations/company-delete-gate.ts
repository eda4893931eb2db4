/**
 * The gate before the first delete under a company: the engine deletes a company's dependents
 * before the company, so a company whose own delete the platform will refuse would be left hollow.
 * At the first delete of an object under company C in this run, the gate decides once, for every delete under C, whether the run may go on: C is not being
 * deleted when this run diffed (or made) the resource holding it (an `up` diffs every registered
 * resource before it deletes removed ones); otherwise the check the host wires in (the stack's
 * checkpoint, the objects under C no resource holds, the company's `forceDestroy`) settles it.
 * Parallel deletes under C wait on that one check, and none sends anything before it settles; when
 * it refuses, the first delete fails with its error and the others with one line pointing at it.
 */
import type { ResourceContext } from "../model/resource-context";
import type { Values } from "../model/values";
import type { TypeOperations } from "./type-operations";

/** The environment variable that turns the gate off for a run that does not delete the company. */
export const PRECHECK_ENV = "TRAVEL_DESTROY_PRECHECK";

/**
 * Settles whether deletes under `companyId` may go on: resolves when they may (warning through
 * `ctx` when it cannot tell), throws the error to fail them with when the company's delete would
 * be refused. `stack` is the stack being run, when the deleted object's state or request names it;
 * the context's run tells what the stack holds.
 */
export type CompanyDeleteCheck = (
  ctx: ResourceContext,
  companyId: string,
  stack: string | undefined,
) => Promise<void>;

/** True when `TRAVEL_DESTROY_PRECHECK=off` turns the gate off for this run. */
const gateOff = () => process.env[PRECHECK_ENV]?.toLowerCase() === "off";

/** `operations` (of a type whose objects live under a company) with their deletes behind the gate. */
export function withCompanyDeleteGate<I extends Values, S extends Values>(
  operations: TypeOperations<I, S>,
  check: CompanyDeleteCheck,
  context: () => ResourceContext,
): TypeOperations<I, S> {
  return {
    ...operations,
    async delete(id, recorded) {
      const companyId = companyHolding(recorded.inputs);
      if (companyId !== undefined && !context().run.holds("Company", companyId) && !gateOff())
        await passGate(companyId, recorded.meta.stack, check, context());
      await operations.delete(id, recorded);
    },
  };
}

/**
 * The company a recorded object lives under: its `companyId`, or the `orgId` an API user
 * administers (a COMPANY_ADMIN's delete revokes credentials for good, so it waits like the rest).
 */
function companyHolding(inputs: Values): string | undefined {
  const { companyId, orgId } = inputs;
  if (typeof companyId === "string") return companyId;
  return typeof orgId === "string" ? orgId : undefined;
}

async function passGate(
  companyId: string,
  stack: string | undefined,
  check: CompanyDeleteCheck,
  ctx: ResourceContext,
): Promise<void> {
  const gates = ctx.run.companyGates;
  let gate = gates.get(companyId);
  if (gate === undefined) {
    gate = { settled: check(ctx, companyId, stack), reported: false };
    gates.set(companyId, gate);
  }
  try {
    await gate.settled;
  } catch (error) {
    if (!gate.reported) {
      gate.reported = true;
      throw error;
    }
    throw new Error(
      `not deleted: the delete of company ${companyId} would be refused (the error of another delete under it lists why)`,
      { cause: error },
    );
  }
}
