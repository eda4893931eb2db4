/** One object that the platform holds under a company, as reconcile compares it with a stack. */
import type { ResourceType } from "../resources/registry";

/** Types of the objects a tenant read lists: the registry's type names (those with an inventory). */
export type TenantObjectType = ResourceType;

/** An object on the platform, with what identifies it among its siblings. */
export interface TenantObject {
  type: TenantObjectType;
  id: string;
  /** The company it belongs to (its own id for a Company). */
  companyId: string;
  /** Its parent ids below the company, by input name: `legalEntityId` of an Office, `customFieldId` of an Arm. */
  parents: Readonly<Record<string, string>>;
  /** The name (for a PartnerPublicKey, its kid). */
  name?: string | undefined;
  externalId?: string | undefined;
}
