/** The `tenantKey` section: the company's managed encryption key; `export` cannot read it. */
import { z } from "zod";
import { TenantKey } from "../../dynamic/resources";
import { tenantKeyInputsSchema } from "../../schemas/tenant-key";
import { withoutParents } from "../entries";
import { sectionCodec } from "../section-codec";

/** The tenant key; absent: not managed. */
export const tenantKeySection = sectionCodec({
  schema: z.strictObject(withoutParents(tenantKeyInputsSchema.shape, "companyId")).optional().meta({
    description:
      "The company's managed encryption key (a TenantKey named `tenant-key`); absent means not managed. A changed `rotation` rotates it (at most once an hour).",
  }),
  declare: (key, { companyId, name, optsFor }, section) =>
    key ? { tenantKey: new TenantKey(name("tenant-key"), { ...key, companyId }, optsFor([section])) } : {},
});
