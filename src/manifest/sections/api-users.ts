/** The `apiUsers` section: API users (machine users) by key; `export` cannot list them. */
import { z } from "zod";
import { ApiUser } from "../../dynamic/resources";
import { apiUserInputsSchema, apiUserInputsShape } from "../../schemas/api-user";
import { manifestKeySchema, resourceRules, STAND_IN_ID, withoutParents } from "../entries";
import { apiUserQuotaWithinFile } from "../offline-preflight";
import { eachEntry, sectionCodec } from "../section-codec";

/** An API user; `orgId` is implied: a COMPANY_ADMIN administers this manifest's company. */
const apiUserEntrySchema = z
  .strictObject(withoutParents(apiUserInputsShape, "orgId"))
  .superRefine(
    resourceRules(apiUserInputsSchema, (entry) =>
      entry.role === "COMPANY_ADMIN" ? { ...entry, orgId: STAND_IN_ID } : entry,
    ),
  );

/** API users, by key. */
export const apiUsersSection = sectionCodec({
  schema: z
    .record(manifestKeySchema, apiUserEntrySchema)
    .superRefine(apiUserQuotaWithinFile)
    .optional()
    .meta({
      description:
        "API users (machine users) by key. A COMPANY_ADMIN administers this manifest's company (its `orgId` is implied); the credentials are secret outputs.",
    }),
  declare: (entries, ctx, section) => ({
    apiUsers: eachEntry(
      entries,
      ctx,
      section,
      (key, entry, opts) =>
        new ApiUser(
          ctx.name(key),
          entry.role === "COMPANY_ADMIN" ? { ...entry, orgId: ctx.companyId } : entry,
          opts,
        ),
    ),
  }),
});
