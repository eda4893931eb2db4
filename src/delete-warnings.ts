/**
 * What a delete warns of before it starts, by type, wired to the registry: both hosts hand it to
 * their runtime. A company's delete first names what the platform deletes with it that the stack
 * does not manage.
 */
import type { DeleteWarning } from "./provider/operations/runtime";
import { leftOnPlatform } from "./provider/planning/stack-objects";
import { definitions } from "./resources/registry";
import { companyDeletionWarning } from "./tenant/company-cascade";

/** The delete warnings of the package's types. */
export const deleteWarnings: Readonly<Record<string, DeleteWarning>> = {
  Company: ({ client }, companyId, held) =>
    companyDeletionWarning(client, companyId, definitions, { held, left: leftOnPlatform(companyId) }),
};
