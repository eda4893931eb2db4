/**
 * Every company directory the emulator serves, one declaration each: the app registers the routes
 * of {@link companyDirectories} and the store is built with their record kinds. A directory that
 * fits `directoryRoutes` is declared here whole; one with rules of its own (cost centers, legal
 * entities, offices) has its own file and a line in the list.
 */
import { createDepartmentRequestSchema, departmentList, departmentSchema } from "../../../schemas/department";
import {
  createGradeRequestSchema,
  listGradesRequestSchema,
  updateGradeRequestSchema,
} from "../../../schemas/grade";
import { COST_CENTERS, DEPARTMENTS, GRADES, LEGAL_ENTITIES, OFFICES } from "../records";
import { type CompanyDirectory, directory, plainIdObjects } from "./company-directory";
import { costCenterRoutes } from "./cost-centers";
import { legalEntityRoutes } from "./legal-entities";
import { officeRoutes } from "./offices";

/**
 * The company directories, in registration order: a refused company deletion names the first
 * directory that blocks it. A new directory may declare its record kind inline
 * (`records: companyRecords<...>("regions", byCompanyId({ ... }))`).
 */
export const companyDirectories: readonly CompanyDirectory[] = [
  { records: LEGAL_ENTITIES, routes: legalEntityRoutes },
  { records: OFFICES, routes: officeRoutes },
  { records: COST_CENTERS, routes: costCenterRoutes },
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
