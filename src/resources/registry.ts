/**
 * Every resource definition by type name, read off the Resource classes the barrel exports, so
 * the barrel is the one list of resources. The provider runtime looks types up here, so a type
 * that was ever released must stay exported.
 */
import { isTravelResourceClass } from "../provider/define-resource";
import type { DefinitionRegistry } from "../provider/runtime";
import * as resources from "./index";

/** Resource definitions by type. */
export const definitions: DefinitionRegistry = Object.fromEntries(
  Object.values(resources)
    .filter(isTravelResourceClass)
    .map((resource) => [resource.definition.type, resource.definition]),
);
