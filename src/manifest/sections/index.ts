/**
 * The codec of every type whose manifest section is more than plain entries, by the registry's
 * type names, and the walk of the registry that the manifest schema and `tenantFromManifest` share
 * ({@link MANIFEST_SECTIONS}); `export` looks codecs up with {@link codecOf}. A type with a
 * manifest section that is neither plain entries nor `partOf` another's and has no codec here
 * fails on import, naming itself.
 */
import { isOptOut, type ManifestSection, type OptOut } from "../../provider/model/tenant-facts";
import { resourceClasses } from "../../dynamic/registry";
import type { ResourceType } from "../../resources/registry";
import { type PlainSection, PLAIN_SECTIONS } from "../plain-sections";
import type { SectionCodec } from "../section-codec";
import { apiUsersSection } from "./api-users";
import { companySection } from "./company";
import { configsSection } from "./configs";
import { customFieldOrderSection } from "./custom-field-order";
import { customFieldsSection } from "./custom-fields";
import { featuresSection } from "./features";
import { partnerKeysSection } from "./partner-keys";
import { perTripServiceChargeSection } from "./per-trip-service-charge";
import { tenantKeySection } from "./tenant-key";
import { userGroupRolesSection } from "./user-group-roles";

/** The codecs, by the type whose section each declares. */
export const SECTION_CODECS: Partial<Record<ResourceType, SectionCodec>> = {
  Company: companySection,
  CompanyFeatures: featuresSection,
  CompanyConfig: configsSection,
  PerTripServiceCharge: perTripServiceChargeSection,
  CustomField: customFieldsSection,
  CustomFieldOrder: customFieldOrderSection,
  UserGroupRoles: userGroupRolesSection,
  ApiUser: apiUsersSection,
  PartnerPublicKey: partnerKeysSection,
  TenantKey: tenantKeySection,
};

/** The codec of `type`, whose section is not plain entries; a type without one is a wiring error. */
export function codecOf(type: string): SectionCodec {
  const codec = Object.entries(SECTION_CODECS).find(([name]) => name === type)?.[1];
  if (codec === undefined)
    throw new Error(
      `${type}: its manifest section is not plain entries nor part of another type's, and src/manifest/sections/ has no codec for it`,
    );
  return codec;
}

/** A section of the manifest, as the registry gives it: plain entries, or a codec's. */
export type SectionStep = { type: string; section: string } & (
  { plain: PlainSection; codec?: undefined } | { codec: SectionCodec; plain?: undefined }
);

/** The section of `manifest` that `type` declares itself, if any (a `partOf` type's is its parent's). */
export function ownSection(manifest: ManifestSection | OptOut | undefined): ManifestSection | undefined {
  return manifest === undefined || isOptOut(manifest) || manifest.partOf !== undefined ? undefined : manifest;
}

/** Every section of the manifest, in the registry's order (the company first, parents first). */
export const MANIFEST_SECTIONS: readonly SectionStep[] = resourceClasses.flatMap(
  ({ definition: { type, capabilities } }): SectionStep[] => {
    const manifest = ownSection(capabilities?.tenant?.manifest);
    if (manifest === undefined) return [];
    const { section } = manifest;
    const plain = PLAIN_SECTIONS.find((candidate) => candidate.type === type);
    return [plain === undefined ? { type, section, codec: codecOf(type) } : { type, section, plain }];
  },
);
