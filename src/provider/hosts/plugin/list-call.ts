/**
 * The protocol's `List` (`pulumi do <token> list`): the objects of a type that its list inputs
 * name (`type-listing.ts`), streamed one `Result` each (the import id `Read` takes, and the name),
 * in pages when the engine asks for them (`page_size`), each page after the first asked for with
 * the `Continuation` token the one before ended with. A query holding a value not known yet is
 * answered `Computed`.
 *
 * The platform's listings have no cursor, so a token holds where its page starts in the listing
 * (and which listing it is, so a token is refused for another): each page lists again and starts
 * there, as the platform's own offset paging does. Without a page size, the whole listing is one
 * page (bounded by the paginator's cap), so `pulumi do list` shows every object, not the first
 * page of them.
 */
import { createHash } from "node:crypto";
import type { TravelClient } from "../../../client";
import { containsUnknown } from "../../model/unknown-values";
import type { Values } from "../../model/values";
import type { ListedObject, TypeListing } from "./type-listing";

/** What a `List` call asks, in plain terms. */
export interface ListAsk {
  /** The type's name (`CostCenter`). */
  type: string;
  /** The list inputs, plain (secrets unwrapped). */
  query: Values;
  /** At most this many objects in all; 0: no limit. */
  limit: number;
  /** At most this many in this answer; 0: the provider's choice (all). */
  pageSize: number;
  /** Empty for the first page; else the token the page before ended with. */
  continuationToken: string;
}

/** What a `List` call answers: computed, or a page of objects and the token of the next page. */
export type ListAnswer = { computed: true } | { computed: false; page: ListedObject[]; next: string };

/** Answers `ask` with the objects `listing` finds through `client`. */
export async function answerList(
  listing: TypeListing,
  client: () => Promise<TravelClient>,
  ask: ListAsk,
): Promise<ListAnswer> {
  if (containsUnknown(ask.query)) return { computed: true };
  const fingerprint = listingFingerprint(ask.type, ask.query);
  const start = ask.continuationToken === "" ? 0 : pageStart(ask.continuationToken, fingerprint);
  const objects = await listing.list(await client(), ask.type, ask.query);
  const total = ask.limit > 0 ? Math.min(objects.length, ask.limit) : objects.length;
  const end = ask.pageSize > 0 ? Math.min(total, start + ask.pageSize) : total;
  const page = objects.slice(start, end);
  return { computed: false, page, next: end < total ? continuationToken(fingerprint, end) : "" };
}

/** Which listing a token belongs to: the type and its query, hashed. */
function listingFingerprint(type: string, query: Values): string {
  const sorted = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash("sha256")
    .update(JSON.stringify([type, sorted]))
    .digest("base64url")
    .slice(0, 16);
}

/** The token of the page starting at `offset` of the listing `fingerprint`. */
function continuationToken(fingerprint: string, offset: number): string {
  return Buffer.from(JSON.stringify({ listing: fingerprint, offset })).toString("base64url");
}

/** Where the page of `token` starts; throws when the token is not one of this listing's. */
function pageStart(token: string, fingerprint: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const { listing, offset } = (typeof parsed === "object" && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0 || typeof listing !== "string")
    throw new Error(`list: the continuation token ${JSON.stringify(token)} is not one this provider made`);
  if (listing !== fingerprint)
    throw new Error(
      "list: the continuation token belongs to another listing; ask for the next page with the type and inputs of the first",
    );
  return offset;
}
