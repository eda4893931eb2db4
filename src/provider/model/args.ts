/**
 * The Args type of a resource, derived from its zod input schema so that the two cannot drift:
 * every property, at every depth, may be a `pulumi.Input`. Property TSDoc written on the schema's
 * shape shows in editors through the derived type.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";

/** `T` with every nested value allowed to be a `pulumi.Input`. */
export type InputShape<T> = T extends string | number | boolean | bigint | null | undefined
  ? T
  : T extends readonly (infer U)[]
    ? pulumi.Input<InputShape<U>>[]
    : T extends object
      ? { [K in keyof T]: pulumi.Input<InputShape<T[K]>> }
      : T;

/** The Args of a resource whose inputs are validated by `S`. */
export type ArgsOf<S extends z.ZodType> = {
  [K in keyof z.input<S>]: pulumi.Input<InputShape<z.input<S>[K]>>;
};
