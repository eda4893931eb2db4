/**
 * The advice a clash on a unique value gives. The engine diffs each resource that is in state
 * (with its id) before it checks the resources registered after it: so when a new resource claims
 * a name or kid that an object of the stack holds, the fix is to rename one of the two, not to
 * adopt the object (two resources would then manage one object).
 */
import type { Run } from "../model/run";

/**
 * What to do about a new resource of `type` whose unique `input` clashes with the platform's object
 * `id`: rename one of the two when a resource of this stack holds it, otherwise choose another
 * value or adopt it (naming the stack case too, since a resource this run has not diffed, such as
 * one renamed without an alias, cannot be told apart).
 */
export function clashAdvice(run: Run, type: string, id: string, input: string): string {
  if (run.wasSeen(type, id))
    return `another ${type} of this stack holds it: rename one of the two (change the ${input} of one of them)`;
  return (
    `choose another ${input}, or set adoptId: "${id}" to take it over; if another resource of this ` +
    `stack holds it, rename one of the two (or, if you renamed that resource, give it an alias)`
  );
}
