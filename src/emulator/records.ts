/**
 * Every kind of record the emulator keeps, each declared by its area with the company that owns
 * it. The store is built with this list: tenant scoping and what a company deletion does
 * (`core/company-deletion.ts`) walk it, so a new area gets both by adding its kinds here (a
 * company directory's kind comes with its declaration in `org/routes/directories.ts`). The order
 * is the order in which deletion guards are consulted: a refused company deletion names the first
 * kind that blocks it (active car bookings, then legal entities, cost centers, departments, grades).
 */
import { CAR_RECORDS } from "./car/records";
import type { RecordKind } from "./core/record-kind";
import { CUSTOM_FIELD_RECORDS } from "./custom-fields/records";
import { META } from "./identity/bootstrap";
import { API_USERS, TOKENS } from "./identity/records";
import { KEY_RECORDS } from "./keys/records";
import { ORG_RECORDS } from "./org/records";
import { companyDirectories } from "./org/routes/directories";
import { RBAC_RECORDS } from "./rbac/records";

/** The record kinds of one emulator's store. */
export const EMULATOR_RECORDS: readonly RecordKind<unknown>[] = [
  META,
  API_USERS,
  TOKENS,
  ...CAR_RECORDS,
  ...ORG_RECORDS,
  ...companyDirectories.map(({ records }) => records),
  ...RBAC_RECORDS,
  ...CUSTOM_FIELD_RECORDS,
  ...KEY_RECORDS,
];
