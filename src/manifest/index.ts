/** The YAML tenant manifest: format, validation and the resources it declares. */
export {
  formatIssue,
  loadManifest,
  ManifestError,
  type ManifestReadOptions,
  type ManifestReadResult,
  overlayFileOf,
  readManifest,
} from "./load";
export { manifestSchema, type TenantManifest, type TenantManifestInput } from "./schema";
export type { ManifestIssue, SourcePosition } from "./source-map";
export { type Tenant, tenantFromManifest, type TenantOptions } from "./tenant";
export { manifestJsonSchema } from "./json-schema";
