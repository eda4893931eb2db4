/**
 * The travel policy pack's policies for a team's own CrossGuard pack (`pulumi-travel/policy`):
 * the policies, the shape they share, and {@link travelTypeOf}, which names the registry type of
 * a resource token of either host.
 */
export { travelPolicies } from "./policies";
export {
  configOf,
  type ConfigProperty,
  resourcePolicy,
  stackPolicy,
  type StackResource,
  type TravelPolicy,
  type TravelPolicyInfo,
  type TravelResource,
} from "./policy-kit";
export { pluginTokenOf, travelTypeOf, typesWithInput } from "./travel-type";
export { UNKNOWN, knownString, read, readList, referenceTo } from "./values";
