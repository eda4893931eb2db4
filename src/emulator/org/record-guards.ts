/** The checks a request makes on ids and records: a path id matched, an externalId free, a record owned. */
import type { Collection } from "../core/store";
import { badRequest, conflict, notFound } from "../core/errors";

/** Throws 400 ID_MISMATCH when a body's `field` (given) differs from the path's id. */
export function requireMatchingId(field: string, bodyId: string | undefined, pathId: string): void {
  if (bodyId !== undefined && bodyId !== pathId)
    throw badRequest(`${field} ${bodyId} does not match the path's id ${pathId}`, "ID_MISMATCH");
}

/** Throws 409 DUPLICATE_EXTERNAL_ID when another record in `records` already uses `externalId`. */
export function assertExternalIdFree<R>(
  records: readonly R[],
  externalIdOf: (record: R) => string | undefined,
  idOf: (record: R) => string,
  externalId: string | undefined,
  where: string,
  exceptId?: string,
): void {
  if (externalId === undefined) return;
  const clash = records.find((record) => externalIdOf(record) === externalId && idOf(record) !== exceptId);
  if (clash)
    throw conflict(
      "DUPLICATE_EXTERNAL_ID",
      `externalId ${externalId} is already used by ${idOf(clash)} in ${where}`,
    );
}

/** The record `id` of `collection` when `companyId` owns it; 404 `<KIND>_NOT_FOUND` otherwise. */
export function ownedRecord<R>(collection: Collection<R>, kind: string, id: string, companyId: string): R {
  const record = collection.of(companyId).get(id);
  if (!record) throw notFound(kind, id);
  return record;
}
