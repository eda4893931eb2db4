/**
 * Custom-field rules that need no HTTP: who may work at which level, the checkout order and the
 * reorder operation, and the option-group patch (deletes first, then upserts by name).
 */
import type { CustomFieldLevel, Option } from "../../schemas/custom-field";
import { badRequest, forbidden, notFound, PlatformError } from "../core/errors";
import type { Principal } from "../identity/identity";
import type { CompanyRecord } from "../org/records";

/**
 * Throws unless `principal` may work with custom fields of `company` at `level`: ORG needs an ORG
 * company and its company admin (or the TMC admin that contracts it); TMC and PARTNER_TMC need a
 * company with that role and a TMC admin.
 */
export function assertLevelAccess(
  principal: Principal,
  company: CompanyRecord,
  level: CustomFieldLevel,
): void {
  if (!company.companyRoles.includes(level)) {
    throw badRequest(
      `companyRole ${level} is not a role of company ${company.id.id} (its roles: ${company.companyRoles.join(", ")})`,
      "COMPANY_ROLE_MISMATCH",
    );
  }
  if (level !== "ORG" && principal.role !== "TMC_ADMIN") {
    throw forbidden(`custom fields at companyRole ${level} can only be managed by a TMC admin`);
  }
}

/** The default level of a company: ORG when it is an ORG, else its first custom-field level. */
export function defaultLevel(company: CompanyRecord): CustomFieldLevel {
  const levels: CustomFieldLevel[] = ["ORG", "TMC", "PARTNER_TMC"];
  return levels.find((level) => company.companyRoles.includes(level)) ?? "ORG";
}

/** `order` with ids missing from it appended (creation order) and ids no longer present dropped. */
export function completeOrder(order: readonly string[], present: readonly string[]): string[] {
  const alive = new Set(present);
  const kept = order.filter((id) => alive.has(id));
  const listed = new Set(kept);
  return [...kept, ...present.filter((id) => !listed.has(id))];
}

/**
 * The order after moving `fieldIdsToMove` (in that order, together) right BEFORE or AFTER
 * `targetFieldId`. Every id must be in `order`; the target may not be among those moved.
 */
export function reordered(
  order: readonly string[],
  targetFieldId: string,
  direction: "BEFORE" | "AFTER",
  fieldIdsToMove: readonly string[],
): string[] {
  const present = new Set(order);
  for (const id of [targetFieldId, ...fieldIdsToMove])
    if (!present.has(id)) throw notFound("custom field", id);
  const moving = new Set(fieldIdsToMove);
  if (moving.size !== fieldIdsToMove.length)
    throw badRequest("fieldIdsToMove: an id appears twice", "INVALID_REORDER");
  if (moving.has(targetFieldId))
    throw badRequest(`fieldIdsToMove: contains the target ${targetFieldId}`, "INVALID_REORDER");
  const rest = order.filter((id) => !moving.has(id));
  const at = rest.indexOf(targetFieldId) + (direction === "AFTER" ? 1 : 0);
  return [...rest.slice(0, at), ...fieldIdsToMove, ...rest.slice(at)];
}

/** The result of an option-group patch. */
export interface OptionPatchResult {
  options: Option[];
  inserted: number;
  updated: number;
  deleted: number;
}

/**
 * Applies an option-group patch: `toDelete` first (names not in the group are ignored), then each
 * `toUpdate` entry replaces the option of the same name or is appended. Options not mentioned are
 * untouched. A name may appear once in `toUpdate` and not in both lists (400 DUPLICATE_OPTION).
 */
export function patchOptions(
  current: readonly Option[],
  toUpdate: readonly Option[],
  toDelete: readonly { name: string }[],
): OptionPatchResult {
  const updating = new Set<string>();
  toUpdate.forEach((option, index) => {
    if (updating.has(option.name))
      throw badRequest(`toUpdate[${index}].name: option "${option.name}" appears twice`, "DUPLICATE_OPTION");
    updating.add(option.name);
  });
  toDelete.forEach((entry, index) => {
    if (updating.has(entry.name))
      throw badRequest(
        `toDelete[${index}].name: option "${entry.name}" is also in toUpdate`,
        "DUPLICATE_OPTION",
      );
  });
  const deleting = new Set(toDelete.map((entry) => entry.name));
  const kept = current.filter((option) => !deleting.has(option.name));
  const deleted = current.length - kept.length;
  const index = new Map(kept.map((option, i) => [option.name, i]));
  let inserted = 0;
  let updated = 0;
  for (const option of toUpdate) {
    const at = index.get(option.name);
    if (at === undefined) {
      index.set(option.name, kept.length);
      kept.push(option);
      inserted += 1;
    } else {
      kept[at] = option;
      updated += 1;
    }
  }
  return { options: kept, inserted, updated, deleted };
}

/** 409 DUPLICATE_CUSTOM_FIELD_NAME. */
export function duplicateName(name: string, companyId: string, existingId: string): PlatformError {
  return new PlatformError(
    409,
    "DUPLICATE_CUSTOM_FIELD_NAME",
    `a custom field named "${name}" already exists in company ${companyId} (id ${existingId})`,
  );
}
