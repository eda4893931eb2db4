/**
 * Full-replacement PUTs: the body (the platform's object with the declared inputs applied) and the
 * read-then-PUT that sends it.
 */
import type { z } from "zod";
import type { TravelClient } from "../client";
import { vendorDeclaredPart } from "../contract";
import { ADOPT_INPUT, isTransientFailure, type Values } from "../provider/kit";

/** Reads and PUTs of one {@link replaceWhole} before a failure is final. */
const MAX_REPLACE_ATTEMPTS = 4;

/**
 * The body of a full-replacement PUT: the platform's current object, with the declared inputs
 * applied and the inputs the user stopped declaring removed. Fields the user never declared are
 * kept as the platform has them, so an update never clears what it does not manage.
 */
export function replacementBody(
  current: Values,
  news: Values,
  olds: Values,
  inputKeys: readonly string[],
): Values {
  const body: Values = { ...current };
  for (const key of inputKeys) {
    if (key === ADOPT_INPUT) continue;
    if (news[key] !== undefined) body[key] = news[key];
    else if (olds[key] !== undefined) delete body[key];
  }
  return body;
}

/**
 * A full-replacement PUT built from a read made just before it. `build` is handed the part of the
 * read the vendor's PUT request declares: a property the answer carries and the request schema
 * does not (an open answer, a field added since the documents) is never sent back, since the
 * platform refuses it (docs/api-decisions.md, "A full replacement sends back what the request
 * declares"). What the program declares is applied by `build` as given. The platform offers no
 * concurrency token (no ETag, no version: docs/api-decisions.md), so another writer's change
 * between the read and the PUT is lost; this keeps that window to one round trip. The PUT is sent
 * as not repeatable, so the client never resends a body built from an older read: a PUT that
 * failed in a way worth repeating (5xx, the network) is preceded by a fresh read. A 429 is still
 * waited out by the client (the platform did not process it) and sent as built.
 */
export async function replaceWhole<T extends Values>(
  client: TravelClient,
  path: string,
  schema: z.ZodType<T>,
  build: (current: T) => Values,
): Promise<void> {
  let failure: unknown;
  for (let attempt = 1; attempt <= MAX_REPLACE_ATTEMPTS; attempt++) {
    const current = vendorDeclaredPart("PUT", path, await client.get(path, { schema }));
    try {
      await client.put(path, { body: build(current), idempotent: false });
      return;
    } catch (error) {
      if (!isTransientFailure(error)) throw error;
      failure = error;
    }
  }
  throw failure;
}
