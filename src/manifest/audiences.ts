/**
 * Audiences in the manifest: role scopes of `userGroupRoles` and arm audiences of `customFields`.
 * A predicate names its target by manifest key (`legalEntity: acme-us`) or as this manifest's
 * company (`company: true`) instead of a platform id; {@link toPlatformAudiences} puts the ids in.
 */
import { z } from "zod";
import { armAudienceSchema } from "../schemas/custom-field";
import {
  audienceSchema,
  predicateSchema,
  roleAssignmentSchema,
  roleScopeSchema,
} from "../schemas/user-group";
import { referenceTo, STAND_IN_ID } from "./entries";

/** A scope predicate as the manifest writes it. */
export const manifestPredicateSchema = predicateSchema
  .extend({
    /** With `type: LEGAL_ENTITY`: the legal entity, by its key in `legalEntities` (instead of `id`). */
    legalEntity: referenceTo("legalEntities")
      .meta({
        description:
          "With `type: LEGAL_ENTITY`: the legal entity, by its key in `legalEntities` (instead of `id`).",
      })
      .optional(),
    /** With `type: COMPANY`: `true` targets this manifest's company (instead of `id`). */
    company: z
      .literal(true)
      .meta({
        description: "With `type: COMPANY`: `true` targets this manifest's company (instead of `id`).",
      })
      .optional(),
  })
  .superRefine((predicate, ctx) => {
    if (predicate.legalEntity !== undefined && predicate.type !== "LEGAL_ENTITY")
      ctx.addIssue({ code: "custom", path: ["legalEntity"], message: "applies only to type LEGAL_ENTITY" });
    if (predicate.company !== undefined && predicate.type !== "COMPANY")
      ctx.addIssue({ code: "custom", path: ["company"], message: "applies only to type COMPANY" });
    const targets = (["id", "legalEntity", "company"] as const).filter((key) => predicate[key] !== undefined);
    if (targets.length > 1)
      ctx.addIssue({
        code: "custom",
        path: [targets[1] ?? "id"],
        message: `give one of ${targets.join(" and ")}: each names the predicate's target`,
      });
  });

/** A predicate as the manifest writes it. */
export type ManifestPredicate = z.output<typeof manifestPredicateSchema>;

const predicatesSchema = z
  .array(manifestPredicateSchema)
  .meta({ description: "Predicates of this audience; targets by manifest key or raw `id`." });

/** An audience of a role scope, its predicates in the manifest's form. */
const manifestAudienceSchema = audienceSchema.extend({ predicates: predicatesSchema.default([]) });

/** A role assignment of a user group, its scope in the manifest's form. */
export const manifestRoleSchema = roleAssignmentSchema.extend({
  scope: roleScopeSchema
    .extend({ audiences: z.array(manifestAudienceSchema).default([]) })
    .default({ audiences: [] })
    .meta({ description: "Where the role applies. Default: no restriction (`{ audiences: [] }`)." }),
});

/**
 * An arm audience: the Arm's own loose audience (any JSON map passes through, since the platform
 * does not document its fields), except that `predicates`, when given, take the role-scope form
 * above so that legal entities and the company are named by key.
 */
export const manifestArmAudienceSchema = z
  .object({ predicates: predicatesSchema.optional() })
  .catchall(armAudienceSchema.valueType)
  .meta({
    description:
      "An arm audience, passed to the platform as written, except that `predicates` name legal entities by manifest key (`legalEntity`) and this company with `company: true`.",
  });

/** The ids manifest keys stand for. */
export interface AudienceIds<Id> {
  company: Id;
  legalEntity(key: string): Id;
}

/** Stand-ins for the ids, to run the resources' own checks while the manifest is validated. */
export const STAND_IN_IDS: AudienceIds<string> = { company: STAND_IN_ID, legalEntity: () => STAND_IN_ID };

/** A predicate with its target as a platform id. */
export function toPlatformPredicate<Id>(
  { legalEntity, company, ...predicate }: ManifestPredicate,
  ids: AudienceIds<Id>,
): { type: ManifestPredicate["type"]; id?: string | Id | undefined } {
  if (legalEntity !== undefined) return { ...predicate, id: ids.legalEntity(legalEntity) };
  if (company) return { ...predicate, id: ids.company };
  return predicate;
}

/** Audiences with their predicates' targets as platform ids; other audience fields pass through. */
export function toPlatformAudiences<Id, A extends { predicates?: ManifestPredicate[] | undefined }>(
  audiences: readonly A[],
  ids: AudienceIds<Id>,
): (Omit<A, "predicates"> & { predicates?: ReturnType<typeof toPlatformPredicate<Id>>[] })[] {
  return audiences.map(({ predicates, ...rest }) =>
    predicates === undefined
      ? rest
      : { ...rest, predicates: predicates.map((predicate) => toPlatformPredicate(predicate, ids)) },
  );
}

/** A predicate as the platform holds it (`export` reads it leniently). */
export const platformPredicateSchema = z.looseObject({ type: z.string(), id: z.string().optional() });

/**
 * The inverse of {@link toPlatformPredicate} for `export`: a predicate naming this manifest's
 * company becomes `company: true`, one naming an exported legal entity names it by key.
 */
export function toManifestPredicate(
  predicate: z.output<typeof platformPredicateSchema>,
  ids: { companyId: string; legalEntityKeys: ReadonlyMap<string, string> },
): Record<string, unknown> {
  if (predicate.type === "COMPANY" && predicate.id === ids.companyId)
    return { type: "COMPANY", company: true };
  const legalEntity =
    predicate.type === "LEGAL_ENTITY" && predicate.id !== undefined
      ? ids.legalEntityKeys.get(predicate.id)
      : undefined;
  if (legalEntity !== undefined) return { type: "LEGAL_ENTITY", legalEntity };
  return predicate.id === undefined ? { type: predicate.type } : { type: predicate.type, id: predicate.id };
}

/** Where an audience list names a legal entity by key, below the list (for the reference check). */
export const AUDIENCE_LEGAL_ENTITY_AT = ["audiences", "#", "predicates", "#", "legalEntity"] as const;
