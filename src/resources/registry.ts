/**
 * Every resource definition by type name. The provider runtime looks types up here, so a type
 * that was ever released must stay registered.
 */
import type { ResourceDefinition, Values } from "../provider/definition";
import { companyResource } from "./company";

/** Resource definitions by type. */
export const definitions: Readonly<Record<string, ResourceDefinition<Values, Values>>> = {
  Company: companyResource,
};
