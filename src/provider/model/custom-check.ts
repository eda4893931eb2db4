/** `CustomCheck`: a type's own check against the platform, run by `check` (so at preview). */
import type * as pulumi from "@pulumi/pulumi";
import type { ResourceContext } from "./resource-context";
import type { Values } from "./values";

/**
 * `check`: the failures the platform would answer `news` with (a field that does not exist, a quota
 * reached). Called once the inputs passed their schema and the vendor's documents and are fully
 * known, and not when they equal `olds`, the inputs on record (empty on create): what changed on
 * the platform since is refresh's to find (`provider/planning/preflight.ts`).
 */
export interface CustomCheck<I extends Values> {
  check?(ctx: ResourceContext, news: I, olds: Partial<I>): Promise<pulumi.dynamic.CheckFailure[]>;
}
