/**
 * The platform objects the resources of this run's stack hold, as far as the run has seen them, and
 * the advice a clash on a unique value gives. The dynamic-provider host serves a whole run from one
 * process, and the engine diffs each resource that is in state (with its id) before it checks the
 * resources registered after it: so when a new resource claims a name or kid that an object of the
 * stack holds, the fix is to rename one of the two, not to adopt the object (two resources would
 * then manage one object). It also holds the objects the run removed from the stack but left on
 * the platform (a tenant key), which a delete of their company later in the run names.
 */

const held = new Set<string>();

/** Records that a resource of this run's stack holds the object `id` of `type` (seen by `diff`). */
export function noteStackObject(type: string, id: string): void {
  held.add(JSON.stringify([type, id]));
}

/** True when this run has seen a resource of its stack holding the object `id` of `type`. */
export function isStackObject(type: string, id: string): boolean {
  return held.has(JSON.stringify([type, id]));
}

/**
 * What to do about a new resource of `type` whose unique `input` clashes with the platform's object
 * `id`: rename one of the two when a resource of this stack holds it, otherwise choose another
 * value or adopt it (naming the stack case too, since a resource this run has not diffed, such as
 * one renamed without an alias, cannot be told apart).
 */
export function clashAdvice(type: string, id: string, input: string): string {
  if (isStackObject(type, id))
    return `another ${type} of this stack holds it: rename one of the two (change the ${input} of one of them)`;
  return (
    `choose another ${input}, or set adoptId: "${id}" to take it over; if another resource of this ` +
    `stack holds it, rename one of the two (or, if you renamed that resource, give it an alias)`
  );
}

/** An object a resource of this run's stack let go of, which stays on the platform. */
export interface LeftObject {
  type: string;
  id: string;
  /** Why it stays, for people: `the platform has no delete for tenant keys`. */
  why: string;
}

const left = new Map<string, LeftObject[]>();

/**
 * Records that this run removed the object `id` of `type` from the stack but left it on the
 * platform under `companyId` (a TenantKey: the platform has no delete for it), so that a delete of
 * that company later in the run can say the object goes with it.
 */
export function noteLeftOnPlatform(companyId: string, object: LeftObject): void {
  left.set(companyId, [...(left.get(companyId) ?? []), object]);
}

/** The objects this run removed from the stack but left on the platform under `companyId`. */
export function leftOnPlatform(companyId: string): readonly LeftObject[] {
  return left.get(companyId) ?? [];
}
