/** A fleet of tenants: its layout on disk, its CI matrix, its validation and its drift report. */
export { gitChangedFiles } from "./changed-files";
export { driftSummaryMarkdown, readDriftResults } from "./drift-summary";
export {
  type FleetEnvironment,
  type FleetLayout,
  type FleetTenant,
  fleetStacks,
  readFleetLayout,
  TENANT_FILE,
} from "./layout";
export {
  fleetMatrix,
  githubMatrix,
  gitlabMatrix,
  type MatrixEntry,
  type MatrixOptions,
  parseShard,
  type Shard,
} from "./matrix";
export {
  envNameProblem,
  type FleetStackName,
  fleetStackName,
  parseFleetStackName,
  tenantNameProblem,
} from "./names";
export { driftOfPreview, type ResourceDrift, type StackDrift } from "./preview-drift";
export { type SelectedFleetStack, selectFleetStack } from "./select-stack";
export { type FleetValidation, type StackValidation, validateFleet } from "./validate-fleet";
