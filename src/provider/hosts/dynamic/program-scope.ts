/**
 * What one Pulumi program of the dynamic host keeps while it declares its resources: the unique
 * values claimed so far (`duplicate-index.ts`) and the links from an Arm's `optionGroupId` output
 * to the arm (`arm-link.ts`). It lives on the SDK's store of the running stack, so two programs in
 * one process (inline programs of the Automation API, run one after another or side by side) each
 * have their own, and no module of this package holds state of its own. The store is the SDK's
 * `runtime/state` `getStore()`, which its typings leave out; an SDK without it gets one scope per
 * process, as the SDK itself then has one store per process.
 */
import * as sdkState from "@pulumi/pulumi/runtime/state";
import type * as pulumi from "@pulumi/pulumi";
import { DuplicateIndex } from "./duplicate-index";

/** The arm behind an `optionGroupId` output (`arm-link.ts`). */
export interface ArmLink {
  /** The arm's resource name. */
  name: string;
  /** The arm's engine id. */
  id: pulumi.Output<string>;
  /** The arm's declared action. */
  action: unknown;
}

/** The state of one program's declarations. */
export class ProgramScope {
  /** The unique values the program's resources claimed. */
  readonly duplicates = new DuplicateIndex();
  /** The arm behind each `optionGroupId` output. */
  readonly armLinks = new WeakMap<object, ArmLink>();
}

/** Where the scope is kept on the SDK's store. */
const SCOPE = Symbol.for("pulumi-travel.program-scope");

/** The SDK's store of the running stack, or the process where the SDK has none. */
function runningStore(): Record<symbol, ProgramScope | undefined> {
  const { getStore } = sdkState as { getStore?: () => object };
  return (getStore?.() ?? globalThis) as Record<symbol, ProgramScope | undefined>;
}

/** The scope of the program running now. */
export function programScope(): ProgramScope {
  const store = runningStore();
  return (store[SCOPE] ??= new ProgramScope());
}
