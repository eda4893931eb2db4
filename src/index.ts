/**
 * pulumi-travel: Pulumi resources for a corporate travel platform, its resilient API client and
 * an embedded emulator of the platform.
 */
export * from "./car";
export * from "./client";
export * from "./resources";
export * from "./lookups";
export * from "./manifest";
export { type FleetStackName, parseFleetStackName, type SelectedFleetStack, selectFleetStack } from "./fleet";
