/** One organization object that the platform holds under a company. */

/** Types of the objects a tenant read returns; they match the resource type names. */
export type TenantObjectType = "Company" | "LegalEntity" | "Office" | "CostCenter" | "Department" | "Grade";

/** An object on the platform, with what identifies it among its siblings. */
export interface TenantObject {
  type: TenantObjectType;
  id: string;
  /** The company it belongs to (its own id for a Company). */
  companyId: string;
  /** The legal entity of an Office. */
  legalEntityId?: string | undefined;
  name?: string | undefined;
  externalId?: string | undefined;
}
