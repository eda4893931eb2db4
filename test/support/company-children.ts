/**
 * The company children, one row each: the table behind both the emulator's directory tests
 * (`test/emulator/company-directories.test.ts`) and the provider's CRUD tests
 * (`test/provider/organization.test.ts`). A new company child adds its row here.
 */
import { apiPath } from "../../src/client";
import type { Values } from "../../src/provider/model/definition";

/** The parent ids of a child: its company, and the legal entity of a child that has one. */
export interface Parents {
  companyId: string;
  legalEntityId: string;
}

/** One company child: its routes, bodies and how the platform answers. */
export interface CompanyChildRow {
  /** The resource type, as the registry names it. */
  type: string;
  /** Singular and plural, as the platform's messages name the objects. */
  names: [string, string];
  /** Lives under a legal entity (offices), so the legal entity, not it, guards the company. */
  inLegalEntity?: true;
  /** The collection path; POST creates here and `<collection>/<id>` is the object. */
  collection(parents: Parents): string;
  /** The resource's output holding the id. */
  idOutput: string;
  /** A valid create body, which is also the resource's inputs without the parents. */
  body: Values;
  /** A change of a writable field that applies in place. */
  edit: Values;
  /** Fields of the create body that the vendor's update schema lacks, so a PUT leaves them out. */
  createOnly?: string[];
  /** How a PUT body carries the id: `{ id }`, a plain string, or (absent) not at all. */
  idInBody?: "wrapped" | "plain";
  /** An invalid input and the property check names for it. */
  invalid: [Values, string];
  /** The vendor's status of a create (default 201) and of a PUT or DELETE (default 204). */
  createStatus?: 200 | 201;
  emptyStatus?: 200 | 204;
  /** Whether the collection has the legacy `GET` (default true). */
  legacyList?: false;
  /** List endpoints besides the legacy `GET`, each taking `{ paginationParams: {} }`. */
  lists: ((parents: Parents) => string)[];
}

const address = { addressLines: ["1 Main Street"], regionCode: "US" };

/** Every company child. */
export const companyChildren: CompanyChildRow[] = [
  {
    type: "LegalEntity",
    names: ["legal entity", "legal entities"],
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/legal-entities`,
    idOutput: "legalEntityId",
    body: { name: "Acme US", billingCurrency: "USD", address, externalId: "le-1" },
    edit: { name: "Acme USA" },
    idInBody: "plain",
    invalid: [{ billingCurrency: "usd" }, "billingCurrency"],
    lists: [],
  },
  {
    type: "Office",
    names: ["office", "offices"],
    inLegalEntity: true,
    collection: ({ companyId, legalEntityId }) =>
      apiPath`/v2/companies/${companyId}/legal-entities/${legalEntityId}/offices`,
    idOutput: "officeId",
    body: { name: "HQ", address, externalId: "hq" },
    edit: { name: "Headquarters" },
    idInBody: "plain",
    invalid: [{ latlng: { latitude: 123, longitude: 0 } }, "latlng.latitude"],
    lists: [({ companyId }) => apiPath`/v2/companies/${companyId}/office-list`],
  },
  {
    type: "CostCenter",
    names: ["cost center", "cost centers"],
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/cost-centers`,
    idOutput: "costCenterId",
    body: { name: "Sales", externalId: "cc-sales", numberOfEmployees: 12 },
    edit: { name: "Sales EMEA" },
    createOnly: ["numberOfEmployees"],
    idInBody: "wrapped",
    invalid: [{ numberOfEmployees: -1 }, "numberOfEmployees"],
    lists: [({ companyId }) => apiPath`/v3/companies/${companyId}/cost-centers/list`],
  },
  {
    type: "Department",
    names: ["department", "departments"],
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/departments`,
    idOutput: "departmentId",
    body: { name: "Engineering", externalId: "dep-eng" },
    edit: { name: "R&D" },
    idInBody: "plain",
    invalid: [{ name: "" }, "name"],
    lists: [({ companyId }) => apiPath`/v3/companies/${companyId}/departments/list`],
  },
  {
    // The vendor answers a grade create, update and delete with 200, and has no legacy GET.
    type: "Grade",
    names: ["grade", "grades"],
    collection: ({ companyId }) => apiPath`/v2/companies/${companyId}/grades`,
    idOutput: "gradeId",
    body: { name: "Senior" },
    edit: { name: "Staff" },
    invalid: [{ name: 42 }, "name"],
    createStatus: 200,
    emptyStatus: 200,
    legacyList: false,
    lists: [({ companyId }) => apiPath`/v2/companies/${companyId}/grades/list`],
  },
];

/** A PUT body that replaces object `id` of `row` with its body changed by `edit`. */
export function replacementOf(row: CompanyChildRow, id: string): Values {
  const idPart = row.idInBody === "wrapped" ? { id: { id } } : row.idInBody === "plain" ? { id } : {};
  const kept = Object.entries(row.body).filter(([key]) => !(row.createOnly ?? []).includes(key));
  return { ...Object.fromEntries(kept), ...row.edit, ...idPart };
}
