/** The dynamic host's Resource classes as a list, read off `resources.ts`, in the registry's order. */
import { isTravelResourceClass, type RegisteredResource } from "../provider/hosts/dynamic/dynamic-resource";
import * as classes from "./resources";

/** The Resource classes, in the registry's order (parents before their children). */
export const resourceClasses: readonly RegisteredResource[] =
  Object.values(classes).filter(isTravelResourceClass);
