/**
 * Every company directory the emulator serves, one declaration each, registered by the app from
 * {@link companyDirectories}. A directory that fits {@link directoryRoutes} is declared here
 * whole; one with rules of its own (cost centers, legal entities, offices) has its own file and a
 * line in the list.
 */
import type { FastifyInstance } from "fastify";
import { createDepartmentRequestSchema, departmentList, departmentSchema } from "../../../schemas/department";
import {
  createGradeRequestSchema,
  listGradesRequestSchema,
  updateGradeRequestSchema,
} from "../../../schemas/grade";
import type { EmulatorContext } from "../../context";
import { DEPARTMENTS, GRADES } from "../records";
import { directory, plainIdObjects } from "./company-directory";
import { costCenterRoutes } from "./cost-centers";
import { legalEntityRoutes } from "./legal-entities";
import { officeRoutes } from "./offices";

/** The routes of one directory, given the emulator's context. */
export type DirectoryRoutes = (ctx: EmulatorContext) => (app: FastifyInstance) => Promise<void>;

/**
 * The company directories, in registration order: a refused company deletion names the first
 * directory that blocks it.
 */
export const companyDirectories: readonly DirectoryRoutes[] = [
  legalEntityRoutes,
  officeRoutes,
  costCenterRoutes,
  // Departments: `POST`, the deprecated `GET`, `GET/PUT/DELETE .../{departmentId}` and the v3
  // list. The id is a plain string.
  directory({
    records: DEPARTMENTS,
    segment: "departments",
    idParam: "departmentId",
    singular: "department",
    plural: "departments",
    ...plainIdObjects(createDepartmentRequestSchema, departmentSchema),
    v3List: {
      schema: departmentList.request,
      key: "departments",
      filterIds: (filter) => filter.departmentIds,
      externalIdsOf: (filter) => filter.externalIds,
    },
  }),
  // Grades: `POST` (200, as the vendor describes), `POST .../grades/list` (under /v2) and
  // `GET/PUT/DELETE .../grades/{gradeId}` (PUT and DELETE answer 200 without a body).
  directory({
    records: GRADES,
    segment: "grades",
    idParam: "gradeId",
    singular: "grade",
    plural: "grades",
    ...plainIdObjects(createGradeRequestSchema, updateGradeRequestSchema),
    v3List: {
      schema: listGradesRequestSchema,
      key: "grades",
      version: "v2",
      filterIds: (filter) => filter.gradeIds,
    },
    legacyList: false,
    createStatus: 200,
    emptyStatus: 200,
    uniqueExternalIds: false,
    detachUsers: false,
  }),
];
