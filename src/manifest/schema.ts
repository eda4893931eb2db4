/**
 * The tenant manifest: one YAML document declaring a whole tenant. Each section's entry schema is
 * derived from the input schema of the resource it declares (parent ids removed, references to
 * other entries by manifest key added), so the manifest cannot drift from the resources.
 */
import { z } from "zod";
import { companyInputsSchema, companyResource } from "../resources/company";
import { companyConfigInputsSchema } from "../resources/company-config";
import { companyFeaturesInputsSchema } from "../resources/company-features";
import { customFieldResource } from "../resources/custom-field";
import { customFieldOrderInputsSchema } from "../resources/custom-field-order";
import { partnerPublicKeyResource } from "../resources/partner-public-key";
import {
  perTripServiceChargeInputsSchema,
  perTripServiceChargeResource,
} from "../resources/per-trip-service-charge";
import { userGroupRolesInputsSchema, userGroupRolesResource } from "../resources/user-group-roles";
import { apiUserInputsSchema, apiUserInputsShape } from "../schemas/api-user";
import { partnerPublicKeyInputsSchema } from "../schemas/partner-public-key";
import { tenantKeyInputsSchema } from "../schemas/tenant-key";
import { manifestRoleSchema, STAND_IN_IDS, toPlatformAudiences } from "./audiences";
import { customFieldEntrySchema } from "./custom-field-entry";
import {
  manifestKeySchema,
  referenceTo,
  resourceRules,
  STAND_IN_ID,
  vendorRules,
  withoutParents,
} from "./entries";
import { PLAIN_SECTIONS } from "./plain-sections";
import { apiUserQuotaWithinFile, partnerKeyMaterial } from "./offline-preflight";
import { uniqueEntries } from "./unique-entries";

/** A config document; checked against its kind by the CompanyConfig's own rules. */
const configEntrySchema = z
  .strictObject(withoutParents(companyConfigInputsSchema.shape, "companyId"))
  .superRefine(resourceRules(companyConfigInputsSchema, (entry) => ({ ...entry, companyId: STAND_IN_ID })));

/** A user group's role assignments; the group is named by id (see docs/manifest.md). */
const userGroupRolesEntrySchema = z.strictObject({
  ...withoutParents(userGroupRolesInputsSchema.shape, "companyId"),
  groupId: userGroupRolesInputsSchema.shape.groupId.meta({
    description:
      "Id of a custom user group of the company: groups are platform objects the manifest does not create, so they are named by id.",
  }),
  roles: z
    .array(manifestRoleSchema)
    .superRefine(
      resourceRules(userGroupRolesInputsSchema.shape.roles, (roles) =>
        roles.map((role) => ({
          ...role,
          scope: { audiences: toPlatformAudiences(role.scope.audiences, STAND_IN_IDS) },
        })),
      ),
    )
    .meta({
      description:
        "Every role assignment of the group (roles not listed are removed), roles by id; scope predicates name legal entities by manifest key.",
    }),
});

/** An API user; `orgId` is implied: a COMPANY_ADMIN administers this manifest's company. */
const apiUserEntrySchema = z
  .strictObject(withoutParents(apiUserInputsShape, "orgId"))
  .superRefine(
    resourceRules(apiUserInputsSchema, (entry) =>
      entry.role === "COMPANY_ADMIN" ? { ...entry, orgId: STAND_IN_ID } : entry,
    ),
  );

/** A partner public key of the company. */
const partnerKeyEntrySchema = z
  .strictObject(withoutParents(partnerPublicKeyInputsSchema.shape, "companyId"))
  .superRefine(resourceRules(partnerPublicKeyInputsSchema, (entry) => ({ ...entry, companyId: STAND_IN_ID })))
  .superRefine(partnerKeyMaterial);

/** Entries of one section, by manifest key. */
const section = <S extends z.ZodType>(entry: S) => z.record(manifestKeySchema, entry).optional();

/**
 * The sections of plain entries (legal entities, offices, cost centers, departments, grades and
 * any other company child), each read off its resource's definition.
 */
const plainSectionsShape: Record<string, ReturnType<typeof section<z.ZodObject>>> = Object.fromEntries(
  PLAIN_SECTIONS.map(({ section: name, entry }) => [name, section(entry)]),
);

/** The manifest document. */
export const manifestSchema = z
  .strictObject({
    /** JSON Schema of the file, for editors. */
    $schema: z.string().optional(),
    /** The company. `adoptId` takes over an existing one. */
    company: companyInputsSchema.superRefine(vendorRules(companyResource, (entry) => entry)),
    /** Company features by platform feature name. */
    features: companyFeaturesInputsSchema.shape.features.optional(),
    /** Config documents (travel content, white label, stealth, ...). */
    configs: section(configEntrySchema),
    /** The per-trip service charge. */
    perTripServiceCharge: z
      .strictObject({ config: perTripServiceChargeInputsSchema.shape.config })
      .superRefine(
        vendorRules(perTripServiceChargeResource, (entry) => ({ ...entry, companyId: STAND_IN_ID })),
      )
      .optional(),
    /** Legal entities, offices (each under a legal entity), cost centers, departments, grades. */
    ...plainSectionsShape,
    /** Custom fields (checkout questions), each with its arms and their options. */
    customFields: z
      .record(manifestKeySchema, customFieldEntrySchema)
      .superRefine(uniqueEntries(customFieldResource))
      .optional()
      .meta({
        description:
          "Custom fields (checkout questions) by key, each with its arms (`<field>.<arm>`) and, on USER + MANUAL arms, their options (`<field>.<arm>.options`).",
      }),
    /** The checkout order of the custom fields: keys of `customFields`, first shown first. */
    customFieldOrder: z
      .array(referenceTo("customFields"))
      .superRefine(resourceRules(customFieldOrderInputsSchema.shape.fieldIds, (keys) => keys))
      .optional()
      .meta({
        description:
          "The checkout order of the company's custom fields (a CustomFieldOrder named `custom-field-order`): keys of `customFields`, first shown first, each once. Fields not listed keep their places.",
      }),
    /** Role assignments of custom user groups, by key. */
    userGroupRoles: z
      .record(manifestKeySchema, userGroupRolesEntrySchema)
      .superRefine(uniqueEntries(userGroupRolesResource))
      .optional()
      .meta({
        description:
          "The role assignments of custom user groups (UserGroupRoles resources) by key: each owns exactly the listed roles of its group.",
      }),
    /** API users (machine users), by key. */
    apiUsers: z
      .record(manifestKeySchema, apiUserEntrySchema)
      .superRefine(apiUserQuotaWithinFile)
      .optional()
      .meta({
        description:
          "API users (machine users) by key. A COMPANY_ADMIN administers this manifest's company (its `orgId` is implied); the credentials are secret outputs.",
      }),
    /** Partner public keys of the company, by key. */
    partnerKeys: z
      .record(manifestKeySchema, partnerKeyEntrySchema)
      .superRefine(uniqueEntries(partnerPublicKeyResource))
      .optional()
      .meta({
        description:
          "The partners' RSA public keys for token exchange (PartnerPublicKey resources) by key; give `publicKeyPem` or `jwk`.",
      }),
    /** The company's managed encryption key; absent: not managed. */
    tenantKey: z.strictObject(withoutParents(tenantKeyInputsSchema.shape, "companyId")).optional().meta({
      description:
        "The company's managed encryption key (a TenantKey named `tenant-key`); absent means not managed. A changed `rotation` rotates it (at most once an hour).",
    }),
  })
  .meta({ title: "pulumi-travel tenant manifest" });

/** The entries of the sections of plain entries (`legalEntities`, `costCenters`, ...), by section. */
type PlainEntries = { readonly [section: string]: unknown };

/** The sections of a validated manifest that the schema names (the plain ones aside). */
export type ManifestDocument = z.output<typeof manifestSchema>;

/** A validated manifest. */
export type TenantManifest = ManifestDocument & PlainEntries;

/** A manifest as written. */
export type TenantManifestInput = z.input<typeof manifestSchema> & PlainEntries;

/** The sections whose entries are keyed, in the order resources are declared. */
export const KEYED_SECTIONS: readonly string[] = [
  "configs",
  ...PLAIN_SECTIONS.map((plain) => plain.section),
  "customFields",
  "userGroupRoles",
  "apiUsers",
  "partnerKeys",
];

/**
 * A place that holds a manifest key, and the section the key names. In `at`, `*` stands for any
 * key of a map and `#` for any index of a list; the referring entry is `<section>.<key>` (or the
 * section, for a list such as `customFieldOrder`).
 */
export interface ReferenceSite {
  at: readonly string[];
  target: string;
}

const PREDICATE_LEGAL_ENTITY = ["audiences", "#", "predicates", "#", "legalEntity"];

/** Every place in the manifest that refers to another entry by key. */
export const REFERENCES: readonly ReferenceSite[] = [
  ...PLAIN_SECTIONS.flatMap(({ section: name, parent }) =>
    parent === undefined ? [] : [{ at: [name, "*", parent.entryKey], target: parent.section }],
  ),
  { at: ["customFieldOrder", "#"], target: "customFields" },
  { at: ["customFields", "*", "arms", "*", ...PREDICATE_LEGAL_ENTITY], target: "legalEntities" },
  { at: ["userGroupRoles", "*", "roles", "#", "scope", ...PREDICATE_LEGAL_ENTITY], target: "legalEntities" },
];
