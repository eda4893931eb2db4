/**
 * Custom fields (questions travelers answer at checkout), their arms and option groups. Fields the
 * spec leaves untyped (`includeLocations`, `managementTags`, `additionalInfos`) take any JSON value.
 *
 * Hand-written: the vendor's documents (vendor-api/) describe no custom-field API, so these
 * schemas, read from the platform description, are the only check (src/contract does not apply).
 */
import { z } from "zod";

/** Level a custom field is defined or read at (query `companyRole`). */
export const customFieldLevelSchema = z.enum(["ORG", "TMC", "PARTNER_TMC"]);

/** A custom field level. */
export type CustomFieldLevel = z.output<typeof customFieldLevelSchema>;

/** Levels `update-status` accepts. */
export const statusLevelSchema = z.enum(["ORG", "TMC"]);

/** Trip usage types of list filters (the emulator does not model trip usage; every field matches). */
export const tripUsageTypeSchema = z.string().min(1);

/** Any JSON value, for fields the platform leaves untyped. */
export const untypedJsonSchema = z.json();

/** The writable fields of a custom field, with their documentation. */
export const customFieldWritableFields = {
  /** Question shown to travelers. Unique per company (case-insensitive). */
  name: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  /** Help text shown with the question. */
  description: z.string().max(2000, "must be at most 2000 characters").optional(),
  /** Locations the question applies to (stored as given; the spec does not type it). */
  includeLocations: untypedJsonSchema.optional(),
  /** Management tags of the field (stored as given; the spec does not type it). */
  managementTags: untypedJsonSchema.optional(),
  /** `TRIP`: a traveler answers once per trip across air, car and hotel bookings. */
  respondOnlyOnceLevel: z.enum(["TRIP"]).optional(),
};

/** Body of `POST /v3/companies/{companyId}/custom-fields`. */
export const createCustomFieldRequestSchema = z.strictObject(customFieldWritableFields);

/** Body of `PUT /v3/companies/{companyId}/custom-fields/{customFieldId}`: the full object. */
export const replaceCustomFieldRequestSchema = z.strictObject({
  id: z.string().min(1, "must be the field's id"),
  ...customFieldWritableFields,
});

/** Body of `POST .../custom-fields/list`. */
export const listCustomFieldsRequestSchema = z.strictObject({
  paginationParams: z.strictObject({
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(1000).default(100),
  }),
  searchText: z.string().optional(),
  filter: z
    .strictObject({
      definedAtList: z.array(customFieldLevelSchema).optional(),
      enabled: z.boolean().optional(),
      customFieldIds: z.array(z.string()).optional(),
      tripUsageTypes: z.array(tripUsageTypeSchema).optional(),
    })
    .optional(),
});

/** Body of `PATCH .../custom-fields/update-status`. */
export const updateStatusRequestSchema = z.strictObject({
  fieldsToUpdate: z
    .array(z.strictObject({ id: z.string().min(1), enabled: z.boolean() }))
    .min(1, "needs at least one field"),
});

/** Body of `POST .../custom-fields/reorder`. */
export const reorderRequestSchema = z.strictObject({
  targetFieldId: z.string().min(1),
  direction: z.enum(["BEFORE", "AFTER"]),
  fieldIdsToMove: z.array(z.string().min(1)).min(1, "needs at least one field id"),
});

/** A custom field as `GET` returns it. */
export const customFieldSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  includeLocations: z.unknown().optional(),
  managementTags: z.unknown().optional(),
  respondOnlyOnceLevel: z.string().optional(),
});

/** One entry of the custom field list. */
export const customFieldListEntrySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  definedAt: z.string(),
  enabled: z.boolean(),
  parentInfos: z.array(z.unknown()).optional(),
});

/** Response of the custom field list. */
export const customFieldListResponseSchema = z.looseObject({
  paginationParams: z.looseObject({ offset: z.number(), limit: z.number(), totalNumResults: z.number() }),
  fields: z.array(customFieldListEntrySchema),
});

/** Where a USER arm's options come from. */
export const userOptionSourceSchema = z.discriminatedUnion("type", [
  z.strictObject({
    /** Options are kept in the arm's option group. */
    type: z.literal("MANUAL"),
  }),
  z.strictObject({
    /** Options are read from a traveler profile attribute. */
    type: z.literal("PROFILE_ATTRIBUTE"),
    /** The profile attribute, such as `department` or `costCenter`. */
    attribute: z.string().min(1, "must name a profile attribute"),
  }),
]);

/** What an arm does: ask the traveler (USER) or fill the answer in automatically (AUTO). */
export const armActionSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("USER"),
    /** Where the traveler's choices come from. */
    userOptionSource: userOptionSourceSchema,
  }),
  z.strictObject({
    type: z.literal("AUTO"),
    /** The answer filled in automatically. */
    value: z.string().optional(),
  }),
]);

/** An arm's action. */
export type ArmAction = z.output<typeof armActionSchema>;

/** True when an arm with `action` has an option group (USER with a MANUAL source). */
export function hasOptionGroup(action: { type?: unknown; userOptionSource?: unknown } | undefined): boolean {
  const source = action?.userOptionSource as { type?: unknown } | undefined;
  return action?.type === "USER" && source?.type === "MANUAL";
}

/** An arm's audience: loose, since the spec does not show its fields. */
export const armAudienceSchema = z.record(z.string(), z.json());

/** Body of `POST .../arms`. */
export const armRequestSchema = z.strictObject({
  name: z.string().trim().min(1, "must not be empty"),
  action: armActionSchema,
  audiences: z.array(armAudienceSchema).default([]),
});

/** Body of `PUT .../arms/{armId}`: the full arm; an `id` in it is ignored (the path names the arm). */
export const replaceArmRequestSchema = armRequestSchema.extend({
  id: z.string().optional(),
  optionGroupId: z.string().optional(),
});

/** Body of `POST .../arms/list` (required; `{}` lists every arm). */
export const listArmsRequestSchema = z.strictObject({
  searchText: z.string().optional(),
  filter: z.strictObject({ tripUsageTypes: z.array(tripUsageTypeSchema).optional() }).optional(),
});

/** An arm as the platform returns it. */
export const armSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  audiences: z.array(z.unknown()).default([]),
  action: z.looseObject({ type: z.string() }),
  optionGroupId: z.string().optional(),
});

/** One option of an option group; `name` is its key. */
export const optionSchema = z.strictObject({
  /** The response shown to the traveler; unique in its group and the key options match on. */
  name: z.string().trim().min(1, "must not be empty").max(500, "must be at most 500 characters"),
  /** Help text of the option. */
  description: z.string().optional(),
  /** Extra information of the option (stored as given; the spec does not type it). */
  additionalInfos: untypedJsonSchema.optional(),
});

/** An option. */
export type Option = z.output<typeof optionSchema>;

/** Most option entries (`toUpdate` plus `toDelete`) one option-group PATCH may carry. */
export const OPTION_PATCH_MAX_ENTRIES = 1000;

/** Body of `PATCH .../option-groups/{optionGroupId}`. */
export const patchOptionGroupRequestSchema = z
  .strictObject({
    /** Options to insert, or to update when one with the same name exists. */
    toUpdate: z.array(optionSchema).default([]),
    /** Options to remove, by name (applied first; names not in the group are ignored). */
    toDelete: z.array(z.strictObject({ name: z.string().min(1) })).default([]),
  })
  .refine((body) => body.toUpdate.length + body.toDelete.length > 0, "needs toUpdate or toDelete entries")
  .refine(
    (body) => body.toUpdate.length + body.toDelete.length <= OPTION_PATCH_MAX_ENTRIES,
    `carries more than ${OPTION_PATCH_MAX_ENTRIES} entries; send them in batches`,
  );

/** An option group as `GET .../option-groups/{optionGroupId}` returns it. */
export const optionGroupSchema = z.looseObject({
  id: z.string(),
  armId: z.string(),
  options: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })),
});
