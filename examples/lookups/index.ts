/**
 * The examples of docs/lookups.md, type-checked with the package: each `#region` is one section's
 * example, and `test/unit/lookups-docs.test.ts` checks the page shows each region as written here.
 * A program that manages a custom user group's roles in a company that already exists, found by name.
 */
import {
  Company,
  getArmOutput,
  getCompany,
  getCompanyOutput,
  getCostCenter,
  getCustomFieldOutput,
  getDepartmentOutput,
  getGradeOutput,
  getLegalEntityOutput,
  getOfficeOutput,
  getPartnerPublicKeyOutput,
  getRoleOutput,
  getUserGroupOutput,
  UserGroupRoles,
} from "pulumi-travel";

// #region getCompany
// By externalId (or by name: `{ name: "Acme" }`), among the companies of the caller's TMC.
const acme = getCompanyOutput({ externalId: "acme" });
const companyId = acme.id;
// The plain form returns a Promise, for code outside the resource graph.
export const acmeName = getCompany({ externalId: "acme" }).then((company) => company.name);
// #endregion getCompany

// #region getUserGroup
// A custom group made on the platform (there is no API to create one), by its name.
const desk = getUserGroupOutput({ companyId, name: "Travel desk" });
// #endregion getUserGroup

// #region getRole
// A platform role or one of the company's own roles, by its name.
const arranger = getRoleOutput({ companyId, name: "Travel arranger" });
new UserGroupRoles("travel-desk", { companyId, groupId: desk.id, roles: [{ roleId: arranger.id }] });
// #endregion getRole

// #region unknown
// The company is created by this program: its id is unknown at preview, and so is the lookup's
// result; the preview succeeds and the lookup runs during `up`, once the company exists.
const initech = new Company("initech", { name: "Initech", billingCurrency: "USD" });
export const initechTravelers = getUserGroupOutput({ companyId: initech.companyId, name: "Travelers" }).id;
// #endregion unknown

// #region getLegalEntity
const acmeUs = getLegalEntityOutput({ companyId, externalId: "acme-us" });
// #endregion getLegalEntity

// #region getOffice
export const hq = getOfficeOutput({ companyId, legalEntityId: acmeUs.id, name: "Headquarters" }).id;
// #endregion getOffice

// #region getCostCenter
// The plain form, in a Promise chain.
export const engineering = getCompany({ externalId: "acme" })
  .then((company) => getCostCenter({ companyId: company.id, externalId: "eng" }))
  .then((costCenter) => costCenter.name);
// #endregion getCostCenter

// #region getDepartment
export const sales = getDepartmentOutput({ companyId, name: "Sales" }).id;
// #endregion getDepartment

// #region getGrade
export const senior = getGradeOutput({ companyId, name: "Senior" }).id;
// #endregion getGrade

// #region getCustomField
// Names of custom fields are compared without case, as the platform compares them.
const costCode = getCustomFieldOutput({ companyId, name: "Cost code" });
// #endregion getCustomField

// #region getArm
export const everyone = getArmOutput({ companyId, customFieldId: costCode.id, name: "Everyone" }).id;
// #endregion getArm

// #region getPartnerPublicKey
export const partnerKey = getPartnerPublicKeyOutput({ companyId, kid: "partner-a-2026" }).id;
// #endregion getPartnerPublicKey
