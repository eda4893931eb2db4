/**
 * API users of the vendor Auth API (`CreateApiUsersRequest`/`Response`, `GetApiUsersResponse`,
 * `RotateClientSecretResponse`), and the inputs of the ApiUser resource.
 */
import { z } from "zod";
import { platformIdSchema } from "./common";

/** `ApiUserRoleEnum`. */
export const apiUserRoleSchema = z.enum(["TMC_ADMIN", "COMPANY_ADMIN"]);

/** `ApiUserCredentialTypeEnum`. */
export const apiUserCredentialTypeSchema = z.enum(["CLIENT_CREDENTIALS", "SCIM_TOKEN"]);

/** Writable fields of an API user, as the ApiUser resource takes them. */
export const apiUserInputsShape = {
  /**
   * The role: `TMC_ADMIN` (the default) acts for the whole TMC; `COMPANY_ADMIN` administers the one
   * company `orgId`. Changing it replaces the API user (new clientId).
   */
  role: apiUserRoleSchema.default("TMC_ADMIN"),
  /**
   * `CLIENT_CREDENTIALS` (the default) yields a `clientSecret` for the token endpoint; `SCIM_TOKEN`
   * (role `COMPANY_ADMIN` only) yields a `scimToken`, the bearer of `/v2/scim` calls. Changing it
   * replaces the API user.
   */
  credentialType: apiUserCredentialTypeSchema.default("CLIENT_CREDENTIALS"),
  /** The company a `COMPANY_ADMIN` administers; required for that role. Changing it replaces. */
  orgId: platformIdSchema("a company id").optional(),
  /**
   * Any string (such as a date, `2026-11`): changing it rotates the client secret on the next
   * `pulumi up`, keeping the clientId. Only for `CLIENT_CREDENTIALS` (the platform cannot rotate a
   * SCIM token; replace the resource to get a new one).
   */
  rotation: z.string().min(1, "must not be empty").optional(),
  /**
   * The clientId of an existing API user of the TMC to take over instead of creating one. Its
   * secret was shown only once, so it is rotated once: the old secret stops working and the new
   * one is the resource's `clientSecret`. `CLIENT_CREDENTIALS` users only.
   */
  adoptId: platformIdSchema("a clientId").optional(),
};

/** Inputs of the ApiUser resource, with the platform's cross-field rules. */
export const apiUserInputsSchema = z.strictObject(apiUserInputsShape).superRefine((inputs, ctx) => {
  if (inputs.role === "COMPANY_ADMIN" && inputs.orgId === undefined) {
    ctx.addIssue({ code: "custom", path: ["orgId"], message: "is required when role is COMPANY_ADMIN" });
  }
  if (inputs.role === "TMC_ADMIN" && inputs.orgId !== undefined) {
    ctx.addIssue({ code: "custom", path: ["orgId"], message: "applies only to role COMPANY_ADMIN" });
  }
  if (inputs.credentialType === "SCIM_TOKEN" && inputs.role !== "COMPANY_ADMIN") {
    ctx.addIssue({
      code: "custom",
      path: ["role"],
      message: "must be COMPANY_ADMIN for credentialType SCIM_TOKEN",
    });
  }
  if (inputs.credentialType === "SCIM_TOKEN" && inputs.adoptId !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["adoptId"],
      message:
        "applies only to CLIENT_CREDENTIALS: a SCIM token cannot be rotated, so an adopted SCIM user would have no token (revoke it and let the program create one)",
    });
  }
  if (inputs.credentialType === "SCIM_TOKEN" && inputs.rotation !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["rotation"],
      message:
        "applies only to CLIENT_CREDENTIALS: the platform cannot rotate a SCIM token (replace the resource instead)",
    });
  }
});

/**
 * `CreateApiUsersResponse`: the secret or the SCIM token is returned once. Every property is
 * optional in the vendor's schema; the ApiUser resource states its fallbacks
 * (docs/api-decisions.md, "Readers and the vendor's response schemas").
 */
export const createApiUserResponseSchema = z.looseObject({
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
  scimToken: z.string().min(1).optional(),
});

/** `RotateClientSecretResponse`: both properties optional in the vendor's schema. */
export const rotateApiUserResponseSchema = z.looseObject({
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(1).optional(),
});

/** `GetApiUsersResponse`: clientIds only (an `ApiUsersInfo` without one is skipped by readers). */
export const listApiUsersResponseSchema = z.looseObject({
  apiUsers: z.array(z.looseObject({ clientId: z.string().optional() })).default([]),
  totalCount: z.number().int().min(0).optional(),
});

/** Largest page of `GET /v2/api-users`. */
export const API_USER_PAGE_LIMIT = 100;
