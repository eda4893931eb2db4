/**
 * A lookup and its `Output` twin, made from one search: the plain form takes plain arguments and
 * returns a Promise (as `aws.ec2.getVpc`); the twin takes `pulumi.Input` arguments and returns a
 * `pulumi.Output`. While any argument is unknown at preview (the id of a company the same program
 * creates), the twin's result is unknown and no call is made: `apply` does not run then. A twin
 * that fails ends the program with its one-line error (`stop-program.ts`).
 */
import type * as pulumi from "@pulumi/pulumi";
import { output as toOutput } from "@pulumi/pulumi/output";
import type { TravelClient } from "../client";
import { lookupClient } from "./lookup-client";
import { stopProgramOnFailure } from "./stop-program";

/** Every argument of `A` as a `pulumi.Input`. */
export type LookupInputs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/**
 * `T` without its index signature: the fields a schema names, which a program reads (and an
 * `Output` lifts: `getUserGroupOutput(args).id`). Fields the platform adds are still there at run
 * time.
 */
export type Known<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** A search over the platform: arguments in, the one matching object out. */
export type Search<A, R> = (client: TravelClient, args: A) => Promise<R>;

/** A lookup: plain arguments, a Promise of the object. */
export type Lookup<A, R> = (args: A) => Promise<R>;

/** The `Output` twin of a lookup: `Input` arguments, an `Output` of the object. */
export type OutputLookup<A, R> = (args: LookupInputs<A>) => pulumi.Output<R>;

/** The two forms of `search`, reading through the provider's configuration ({@link lookupClient}). */
export function lookupPair<A extends object, R>(
  search: Search<A, R>,
): { lookup: Lookup<A, Known<R>>; output: OutputLookup<A, Known<R>> } {
  const lookup: Lookup<A, Known<R>> = (args) => Promise.resolve().then(() => search(lookupClient(), args));
  // A failed twin stops the program at once (stop-program.ts): no program can catch it.
  const output: OutputLookup<A, Known<R>> = (args) =>
    toOutput(args).apply<Known<R>>((known) => lookup(known as unknown as A).catch(stopProgramOnFailure));
  return { lookup, output };
}

/** The value of a required string argument; a missing or empty one throws naming it. */
export function requiredArg(lookup: string, args: object, name: string): string {
  const value = (args as Record<string, unknown>)[name];
  if (typeof value !== "string" || value === "")
    throw new Error(`${lookup}: ${name} is required (a non-empty string)`);
  return value;
}

/** The one key of `keys` that `args` gives; none or several throw, naming the keys. */
export function oneKeyOf(
  lookup: string,
  args: object,
  keys: readonly string[],
): { key: string; value: string } {
  const given = keys.filter((key) => (args as Record<string, unknown>)[key] !== undefined);
  const [key] = given;
  if (key === undefined || given.length > 1)
    throw new Error(
      `${lookup}: give exactly one of ${keys.join(", ")} (given: ${given.join(", ") || "none"})`,
    );
  return { key, value: requiredArg(lookup, args, key) };
}
