/**
 * One engine run, as one object. The host creates it (one per run: the dynamic host per provider
 * process, the plugin per process, a test per case) and hands it to every call through the
 * {@link ResourceContext}; everything that lives for the run lives here, visible, rather than in
 * module globals that would be shared by two runs in one process:
 *
 * - the client of the run's configuration and the host's way to warn through the engine;
 * - reads made once per run and tallies that add up over the run (`readOnce`, `count`);
 * - what the stack holds: the objects its diffs saw and the ones its creates made or adopted;
 * - the objects the run removed from the stack but left on the platform (a tenant key);
 * - the unique values the resources it checked claimed (`planning/run-duplicates.ts`);
 * - the gates before the first delete under a company (`company-delete-gate.ts`).
 */
import type { TravelClient } from "../../client";
import type { UniqueClaim } from "./unique-input";

/** Shows the person running Pulumi a warning of the run (each host has its own way to the engine). */
export type WarningSink = (message: string) => Promise<void>;

/** An object a resource of this run's stack let go of, which stays on the platform. */
export interface LeftObject {
  type: string;
  id: string;
  /** Why it stays, for people: `the platform has no delete for tenant keys`. */
  why: string;
}

/** The gate before the deletes under one company: its check, and whether its refusal was reported. */
export interface CompanyGate {
  settled: Promise<void>;
  reported: boolean;
}

/** What a host gives a run. */
export interface RunOptions {
  /** The client of the configuration as of now (the runtime keeps one per configuration). */
  client: () => TravelClient;
  /** The host's way to warn through the engine; without it, warnings go to stderr. */
  warn?: WarningSink | undefined;
}

/** The key of the object `id` of `type` in a run's sets of objects. */
const objectKey = (type: string, id: string): string => JSON.stringify([type, id]);

/** Everything that lives for one engine run (see the module comment). */
export class Run {
  private readonly reads = new Map<object, Map<string, Promise<unknown>>>();
  private readonly tallies = new Map<object, Map<string, number>>();
  private readonly seen = new Set<string>();
  private readonly claimed = new Set<string>();
  private readonly left = new Map<string, LeftObject[]>();
  private readonly uniqueClaims = new Map<string, UniqueClaim>();
  /** The gates before the deletes under each company, by company id. */
  readonly companyGates = new Map<string, CompanyGate>();

  constructor(private readonly options: RunOptions) {}

  /** The client of the run's configuration as of now. */
  get client(): TravelClient {
    return this.options.client();
  }

  /** Gives `message` to the engine as a warning of the run, or writes it to stderr without a host. */
  async warn(message: string): Promise<void> {
    if (this.options.warn) return this.options.warn(message);
    process.stderr.write(`warning: ${message}\n`);
  }

  /**
   * The result of `load` for `key` (such as a collection path), made at most once per run and
   * client: a program with fifty custom fields lists the company's fields once at preview, not
   * fifty times. A failed read is not kept.
   */
  readOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
    const scope = this.client;
    let entries = this.reads.get(scope);
    if (!entries) {
      entries = new Map();
      this.reads.set(scope, entries);
    }
    const known = entries.get(key);
    if (known) return known as Promise<T>;
    const loading = load();
    const kept = entries;
    kept.set(key, loading);
    loading.catch(() => kept.delete(key));
    return loading;
  }

  /**
   * Counts one more `key` (such as "new API users") for this run and client and returns the count
   * so far: the checks of all resources of a program add up to the program's total.
   */
  count(key: string): number {
    const scope = this.client;
    let counts = this.tallies.get(scope);
    if (!counts) {
      counts = new Map();
      this.tallies.set(scope, counts);
    }
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count;
  }

  /** Records that a resource of this run's stack holds the object `id` of `type` (seen by `diff`). */
  noteSeen(type: string, id: string): void {
    this.seen.add(objectKey(type, id));
  }

  /** True when this run has seen a resource of its stack holding the object `id` of `type`. */
  wasSeen(type: string, id: string): boolean {
    return this.seen.has(objectKey(type, id));
  }

  /** Records that a resource of this run created or adopted the object `id` of `type`. */
  claim(type: string, id: string): void {
    this.claimed.add(objectKey(type, id));
  }

  /** True when a resource of this run created or adopted the object `id` of `type`. */
  isClaimed(type: string, id: string): boolean {
    return this.claimed.has(objectKey(type, id));
  }

  /** True when a resource of this run's stack holds the object: seen by its diff, or made in the run. */
  holds(type: string, id: string): boolean {
    return this.wasSeen(type, id) || this.isClaimed(type, id);
  }

  /**
   * Records that this run removed the object of `object` from the stack but left it on the
   * platform under `companyId` (a TenantKey: the platform has no delete for it), so that a delete
   * of that company later in the run can say the object goes with it.
   */
  noteLeftOnPlatform(companyId: string, object: LeftObject): void {
    this.left.set(companyId, [...(this.left.get(companyId) ?? []), object]);
  }

  /** The objects this run removed from the stack but left on the platform under `companyId`. */
  leftOnPlatform(companyId: string): readonly LeftObject[] {
    return this.left.get(companyId) ?? [];
  }

  /**
   * Claims the unique value `key` for `claim`; returns the claim of another resource that holds
   * it already, or undefined (the same resource may claim its value again).
   */
  claimUnique(key: string, claim: UniqueClaim): UniqueClaim | undefined {
    const first = this.uniqueClaims.get(key);
    if (first !== undefined && (first.type !== claim.type || first.name !== claim.name)) return first;
    this.uniqueClaims.set(key, claim);
    return undefined;
  }
}
