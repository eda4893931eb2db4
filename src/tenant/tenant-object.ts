/** One object that the platform holds under a company, as reconcile compares it with a stack. */

/** Types of the objects a tenant read lists; they match the resource type names. */
export type TenantObjectType =
  | "Company"
  | "LegalEntity"
  | "Office"
  | "CostCenter"
  | "Department"
  | "Grade"
  | "CustomField"
  | "Arm"
  | "PartnerPublicKey";

/** An object on the platform, with what identifies it among its siblings. */
export interface TenantObject {
  type: TenantObjectType;
  id: string;
  /** The company it belongs to (its own id for a Company). */
  companyId: string;
  /** The legal entity of an Office. */
  legalEntityId?: string | undefined;
  /** The custom field of an Arm. */
  customFieldId?: string | undefined;
  /** The name (for a PartnerPublicKey, its kid). */
  name?: string | undefined;
  externalId?: string | undefined;
}
