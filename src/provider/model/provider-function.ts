/**
 * A function a provider serves besides its resources (a lookup: `getCompany`), declared as data so
 * that the plugin host can serve it (`Invoke`) and the package schema can describe it. The table of
 * the package's functions is built where the lookups live and handed to the host.
 */
import type { z } from "zod";
import type { TravelClient } from "../../client";
import type { Values } from "./values";

/** One provider function: its token is `travel:index:<name>`. */
export interface ProviderFunction {
  /** The function's name, such as `getCompany`. */
  readonly name: string;
  /** What it finds, for the schema and every language's docs. */
  readonly description: string;
  /** Its arguments; the schema's inputs are derived from it. */
  readonly args: z.ZodObject<z.ZodRawShape>;
  /** The fields of its result a program reads; the schema's outputs are derived from it. */
  readonly result: z.ZodObject<z.ZodRawShape>;
  /** Runs it with the provider's client; throws naming what was searched when it finds no one object. */
  call(client: TravelClient, args: Values): Promise<Values>;
}
