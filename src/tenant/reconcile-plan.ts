/**
 * Compares a stack with what the platform holds under the stack's companies: the objects no
 * resource owns, and for each pending create the objects it may have made; and with the TMC's
 * objects that belong to no company (API users) the stack does not hold. Pure: the caller reads
 * the stack and the tenant.
 */
import type { StackContents, StackResource } from "./stack-export";
import { type RecordedIds, type TmcObject, unheldTmcObjects } from "./tmc-objects";
import type { TenantObject } from "./tenant-object";

/** A pending create and the unowned objects that match it. */
export interface PendingMatch {
  urn: string;
  type: string;
  /** What it was matched by; undefined when it declares neither externalId nor name. */
  key: { by: "externalId" | "name"; value: string } | undefined;
  matches: TenantObject[];
  /**
   * For a create of a TMC object (an API user): the objects of its type that appeared since the
   * create was checked (absent from the ids it recorded then, `__idsBeforeCreate`) and that the
   * stack does not hold. Undefined when it recorded none (a state of an earlier release).
   */
  appeared?: TmcObject[] | undefined;
}

/** The outcome of a comparison. */
export interface ReconcilePlan {
  /** The companies that were read. */
  companies: string[];
  /** Pending creates with their likely platform objects. */
  pending: PendingMatch[];
  /** Objects no resource owns and no pending create explains. */
  unowned: TenantObject[];
  /**
   * The TMC's objects of no company (API users) the stack does not hold: other stacks may own
   * them, and one may be the object a pending create of its type made.
   */
  tmc: TmcObject[];
}

/**
 * True when the plan has something to deal with: a pending create or an unowned object. The TMC's
 * objects the stack does not hold count only while a pending create of their type may have made
 * one of them: otherwise they are other stacks' or people's.
 */
export function hasFindings(plan: ReconcilePlan): boolean {
  return (
    plan.pending.length > 0 ||
    plan.unowned.length > 0 ||
    plan.tmc.some((object) => madeByPending(plan, object) !== false)
  );
}

/**
 * Whether a pending create of the stack made `object`, one of the TMC's objects it does not hold:
 * true when it appeared since such a create was checked, false when it existed before every one
 * (or none is pending: another stack's or a person's), undefined when a pending create of its type
 * recorded nothing to tell by.
 */
export function madeByPending(plan: ReconcilePlan, object: TmcObject): boolean | undefined {
  if (object.caller) return false;
  const creates = plan.pending.filter((pending) => pending.type === object.type);
  if (creates.some((pending) => pending.appeared?.some((made) => made.id === object.id))) return true;
  return creates.some((pending) => pending.appeared === undefined) ? undefined : false;
}

/** The ids a pending create recorded in `input` when it was checked, if it did. */
function idsBeforeCreate(
  resource: StackResource,
  recorded: RecordedIds | undefined,
): Set<string> | undefined {
  const ids = recorded?.(resource.properties);
  return ids === undefined ? undefined : new Set(ids);
}

const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** The companies a stack refers to: its Company resources and every `companyId` property. */
export function stackCompanies(stack: StackContents): string[] {
  const ids = new Set<string>();
  for (const resource of [...stack.resources, ...stack.pendingCreates]) {
    if (resource.type === "Company" && resource.id !== undefined) ids.add(resource.id);
    const companyId = str(resource.properties.companyId);
    if (companyId !== undefined) ids.add(companyId);
  }
  return [...ids];
}

/** The key a pending create is matched by: externalId where declared, else name (or kid). */
export function pendingKey(resource: StackResource): PendingMatch["key"] {
  const externalId = str(resource.properties.externalId);
  if (externalId !== undefined) return { by: "externalId", value: externalId };
  // A partner key is known by its kid, which reconcile lists as its name.
  const name = str(resource.properties.name) ?? str(resource.properties.kid);
  return name === undefined ? undefined : { by: "name", value: name };
}

function sameParent(resource: StackResource, object: TenantObject): boolean {
  if (object.type === "Company") return true;
  if (str(resource.properties.companyId) !== object.companyId) return false;
  return Object.entries(object.parents).every(([input, id]) => str(resource.properties[input]) === id);
}

/**
 * Builds the plan. `tenant` holds the objects under the stack's companies; `companies` adds the
 * companies found for pending Company creates; `tmc` holds the TMC's objects of no company;
 * `recordedIds` reads, per type of them, the ids a pending create recorded as listed at its check
 * (`TmcInventory.recordedIds`).
 */
export function planReconcile(
  stack: StackContents,
  tenant: readonly TenantObject[],
  companies: readonly string[],
  tmc: readonly TmcObject[] = [],
  recordedIds: Readonly<Record<string, RecordedIds>> = {},
): ReconcilePlan {
  const owned = new Set(
    stack.resources.filter((r) => r.id !== undefined).map((r) => `${r.type}:${r.id as string}`),
  );
  // Companies are read because the stack refers to them; one no resource owns is only reported
  // when a pending Company create matches it.
  const unownedObjects = tenant.filter((object) => !owned.has(`${object.type}:${object.id}`));
  const explained = new Set<string>();
  const unheld = unheldTmcObjects(stack, tmc);
  const pending = stack.pendingCreates.map((resource): PendingMatch => {
    const key = pendingKey(resource);
    const matches =
      key === undefined
        ? []
        : unownedObjects.filter(
            (object) =>
              object.type === resource.type &&
              sameParent(resource, object) &&
              (key.by === "externalId" ? object.externalId === key.value : object.name === key.value),
          );
    for (const match of matches) explained.add(`${match.type}:${match.id}`);
    const before = idsBeforeCreate(resource, recordedIds[resource.type]);
    const appeared =
      before === undefined
        ? undefined
        : unheld.filter(
            (object) => object.type === resource.type && !object.caller && !before.has(object.id),
          );
    return { urn: resource.urn, type: resource.type, key, matches, ...(appeared ? { appeared } : {}) };
  });
  return {
    companies: [...companies],
    pending,
    unowned: unownedObjects.filter(
      (object) => object.type !== "Company" && !explained.has(`${object.type}:${object.id}`),
    ),
    tmc: unheld,
  };
}
