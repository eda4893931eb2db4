/**
 * The tenant manifest: one YAML document declaring a whole tenant. Each section's entry schema is
 * derived from the input schema of the resource it declares (parent ids removed, references to
 * other entries by manifest key added), so the manifest cannot drift from the resources.
 */
import { z } from "zod";
import { adoptIdField } from "../provider/definition";
import { companyInputsSchema } from "../resources/company";
import { companyConfigResource } from "../resources/company-config";
import { companyFeaturesInputsSchema } from "../resources/company-features";
import { costCenterResource } from "../resources/cost-center";
import { departmentResource } from "../resources/department";
import { gradeResource } from "../resources/grade";
import { legalEntityResource } from "../resources/legal-entity";
import { officeResource } from "../resources/office";
import { perTripServiceChargeInputsSchema } from "../resources/per-trip-service-charge";

/** A manifest key: names an entry and is how other entries refer to it. */
export const manifestKeySchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "must be lowercase letters, digits, - and _ (at most 63)");

/** A reference to another entry by its manifest key. */
const referenceTo = (section: string) =>
  manifestKeySchema.meta({ description: `Key of an entry of \`${section}\`.` });

/** The entry schema of a company child: its writable fields and `adoptId`, no parent ids. */
const childEntry = <F extends z.ZodRawShape>(resource: { fields: F }) =>
  z.strictObject({ ...resource.fields, ...adoptIdField });

const configEntrySchema = z
  .strictObject({
    /** Which config document. */
    kind: companyConfigResource.inputs.shape.kind,
    /** The company role the document is stored at. */
    companyRole: companyConfigResource.inputs.shape.companyRole,
    /** The whole document, in the platform's shape for its kind. */
    config: z.record(z.string(), z.unknown()),
  })
  .superRefine((entry, ctx) => {
    // The resource's own check (document schema per kind, role rules), with a stand-in company.
    const result = companyConfigResource.inputs.safeParse({ ...entry, companyId: "manifest" });
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: "custom", path: issue.path });
  });

/** Entries of one section, by manifest key. */
const section = <S extends z.ZodType>(entry: S) => z.record(manifestKeySchema, entry).optional();

/** The manifest document. */
export const manifestSchema = z
  .strictObject({
    /** JSON Schema of the file, for editors. */
    $schema: z.string().optional(),
    /** The company. `adoptId` takes over an existing one. */
    company: companyInputsSchema,
    /** Company features by platform feature name. */
    features: companyFeaturesInputsSchema.shape.features.optional(),
    /** Config documents (travel content, white label, stealth, ...). */
    configs: section(configEntrySchema),
    /** The per-trip service charge. */
    perTripServiceCharge: z
      .strictObject({ config: perTripServiceChargeInputsSchema.shape.config })
      .optional(),
    /** Legal entities. */
    legalEntities: section(childEntry(legalEntityResource)),
    /** Offices, each under a legal entity of this manifest. */
    offices: section(
      z.strictObject({
        /** The legal entity the office belongs to: a key of `legalEntities`. */
        legalEntity: referenceTo("legalEntities"),
        ...officeResource.fields,
        ...adoptIdField,
      }),
    ),
    /** Cost centers. */
    costCenters: section(childEntry(costCenterResource)),
    /** Departments. */
    departments: section(childEntry(departmentResource)),
    /** Employee grades. */
    grades: section(childEntry(gradeResource)),
  })
  .meta({ title: "pulumi-travel tenant manifest" });

/** A validated manifest. */
export type TenantManifest = z.output<typeof manifestSchema>;

/** A manifest as written. */
export type TenantManifestInput = z.input<typeof manifestSchema>;

/** The sections whose entries are keyed, in the order resources are declared. */
export const KEYED_SECTIONS = [
  "configs",
  "legalEntities",
  "offices",
  "costCenters",
  "departments",
  "grades",
] as const satisfies readonly (keyof TenantManifest)[];

/** References between sections: `offices.<key>.legalEntity` names a key of `legalEntities`. */
export const REFERENCES: readonly {
  section: (typeof KEYED_SECTIONS)[number];
  field: string;
  target: (typeof KEYED_SECTIONS)[number];
}[] = [{ section: "offices", field: "legalEntity", target: "legalEntities" }];
