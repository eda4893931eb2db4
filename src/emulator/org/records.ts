/**
 * Record shapes of the organization structure (legal entities, offices, cost centers,
 * departments, grades, company features and configs, vendor preferences, service charges) and
 * their record kinds (see the end of the file). Each record keeps the vendor-shaped object in `entity` (or
 * `config`) apart from the emulator's own bookkeeping, so pass-through fields never collide
 * with internal ones.
 */
import type { CostCenter } from "../../schemas/cost-center";
import type { Department } from "../../schemas/department";
import type { Grade } from "../../schemas/grade";
import type { LegalEntity } from "../../schemas/legal-entity";
import type { Office } from "../../schemas/office";
import type { ServiceChargeRecord } from "../../schemas/service-charge";
import type { VendorPreferenceRow, VendorType } from "../../schemas/vendor-preferences";
import { newId } from "../core/ids";
import { byCompanyId, companyRecords } from "../core/record-kind";
import type { EmulatorStore } from "../core/store";

/** A company as the platform stores it (the vendor `Company` shape), plus its owning TMC. */
export interface CompanyRecord {
  /** The vendor shape stores the id as `{ id }`. */
  id: { id: string };
  name: string;
  billingCurrency: string;
  companyRoles: string[];
  isActive: boolean;
  /** The TMC whose admins may manage this company; equals its own id for a TMC. */
  tmcId: string;
  createdAtMs: number;
  [field: string]: unknown;
}

/** An object that belongs to one company. */
export interface CompanyOwned<T> {
  companyId: string;
  createdAtMs: number;
  /** The vendor-shaped object, exactly as GET answers it. */
  entity: T;
}

/** A legal entity (`LegalEntity`, plain-string id). */
export type LegalEntityRecord = CompanyOwned<LegalEntity & { id: string }>;

/** An office (`OfficeV2`) of one legal entity. */
export interface OfficeRecord extends CompanyOwned<Office & { id: string }> {
  legalEntityId: string;
}

/** A cost center (`CostCenter`, id as `{ id }`). */
export interface CostCenterRecord extends CompanyOwned<CostCenter> {
  /** Accepted on create; the vendor's `CostCenter` does not return it. */
  numberOfEmployees?: number | undefined;
}

/** A department (`DepartmentV2`). */
export type DepartmentRecord = CompanyOwned<Department>;

/** A grade (`GradeV2`). */
export type GradeRecord = CompanyOwned<Grade>;

/** The configuration documents stored whole per company (and per company role for some). */
export type CompanyConfigKind =
  | "travelContent"
  | "whiteLabel"
  | "managers"
  | "color"
  | "enrollment"
  | "tier"
  | "stealth"
  | "preferenceTiers"
  | "perTripServiceCharge";

/** One stored configuration document. */
export interface CompanyConfigRecord {
  companyId: string;
  kind: CompanyConfigKind;
  /** The company role the document was stored at, for the kinds keyed by role. */
  companyRole?: string | undefined;
  config: Record<string, unknown>;
  updatedAtMs: number;
}

/** The key of a configuration document. */
export function configKey(companyId: string, kind: CompanyConfigKind, companyRole?: string): string {
  return companyRole === undefined ? `${companyId}/${kind}` : `${companyId}/${kind}/${companyRole}`;
}

/** The feature values of a company at one company role, by feature name. */
export interface FeatureSetRecord {
  companyId: string;
  companyRole: string;
  values: Record<string, string>;
  updatedAtMs: number;
}

/** The key of a feature set. */
export function featureSetKey(companyId: string, companyRole: string): string {
  return `${companyId}/${companyRole}`;
}

/** The latest vendor preferences CSV of one vendor type, parsed. */
export interface VendorPreferencesRecord {
  companyId: string;
  vendorType: VendorType;
  fileName?: string | undefined;
  rows: VendorPreferenceRow[];
  uploadedAtMs: number;
}

/** The key of an uploaded vendor preferences file. */
export function vendorPreferencesKey(companyId: string, vendorType: VendorType): string {
  return `${companyId}/${vendorType}`;
}

/** A service charge recorded against a trip or user of a company. */
export interface StoredServiceCharge {
  companyId: string;
  charge: ServiceChargeRecord;
}

/** Companies (TMCs included); a company's record belongs to the company itself. */
export const COMPANIES = companyRecords<CompanyRecord>("companies", {
  companyOf: (company) => company.id.id,
});

/** Legal entities; a company with legal entities cannot be deleted. */
export const LEGAL_ENTITIES = companyRecords<LegalEntityRecord>(
  "legalEntities",
  byCompanyId({ singular: "legal entity", plural: "legal entities" }),
);

/** Offices, under their legal entity (which guards the company in their place). */
export const OFFICES = companyRecords<OfficeRecord>("offices", byCompanyId());

/** Cost centers; a company with cost centers cannot be deleted. */
export const COST_CENTERS = companyRecords<CostCenterRecord>(
  "costCenters",
  byCompanyId({ singular: "cost center", plural: "cost centers" }),
);

/** Departments; a company with departments cannot be deleted. */
export const DEPARTMENTS = companyRecords<DepartmentRecord>(
  "departments",
  byCompanyId({ singular: "department", plural: "departments" }),
);

/** Grades; a company with grades cannot be deleted. */
export const GRADES = companyRecords<GradeRecord>(
  "grades",
  byCompanyId({ singular: "grade", plural: "grades" }),
);

/** Feature sets, by {@link featureSetKey}. */
export const COMPANY_FEATURES = companyRecords<FeatureSetRecord>("companyFeatures", byCompanyId());

/** Configuration documents, by {@link configKey}. */
export const COMPANY_CONFIGS = companyRecords<CompanyConfigRecord>("companyConfigs", byCompanyId());

/** Uploaded vendor preferences, by {@link vendorPreferencesKey}. */
export const VENDOR_PREFERENCES = companyRecords<VendorPreferencesRecord>("vendorPreferences", byCompanyId());

/** Service charges, by charge id. */
export const SERVICE_CHARGES = companyRecords<StoredServiceCharge>("serviceCharges", byCompanyId());

/**
 * The record kinds of the companies and their configurations. Those of the company directories
 * (legal entities, offices, cost centers, departments, grades) come with their directories
 * (`routes/directories.ts`).
 */
export const ORG_RECORDS = [
  COMPANIES,
  COMPANY_FEATURES,
  COMPANY_CONFIGS,
  VENDOR_PREFERENCES,
  SERVICE_CHARGES,
] as const;

/**
 * Records a service charge (for seeds and other emulator areas, such as bookings); the list
 * endpoint shows it to callers who may access `companyId`.
 */
export function recordServiceCharge(
  store: EmulatorStore,
  companyId: string,
  charge: ServiceChargeRecord,
): string {
  const chargeId = charge.chargeId ?? newId();
  store.records(SERVICE_CHARGES).set(chargeId, { companyId, charge: { ...charge, chargeId } });
  return chargeId;
}
