/**
 * The readers' differential test against the vendor's response schemas: for
 * one object of every registry type (test/support/one-of-each.ts), the provider's `read` (what
 * refresh calls) is run once as a baseline, then once per mutant of each answer it read on a
 * route the vendor documents. The mutants are every one-change form of that answer the published
 * schema accepts (src/contract/answer-variation.ts). Each read must succeed, its diff against the
 * program's inputs must show no change, and what it records must equal the baseline (arrays
 * compared as sets). Prints per route: mutants generated, read without error, read without diff,
 * and per family. One exception is stated, not skipped: an `omitOptional` mutant leaves out a
 * value the program declared (a name, an external id); its documented default stands in for it
 * (docs/api-decisions.md), so the read must succeed and its diff may name that property alone, as
 * cleared on the platform. Every mutant of every family must pass.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearSharedTokens, type TravelClient } from "../../src/client";
import {
  type AnswerMutant,
  answerMutants,
  publishedAnswer,
  VARIATION_FAMILIES,
  vendorOperation,
} from "../../src/contract";
import { type RunningEmulator, startEmulator } from "../../src/emulator";
import type { Values } from "../../src/provider/model/definition";
import { buildTypeProvider } from "../../src/provider/operations/type-provider";
import { definitions } from "../../src/resources/registry";
import { type AnswerProxy, startAnswerProxy } from "../support/answer-proxy";
import { clientFor } from "../support/live-emulator";
import { oneOfEach } from "../support/one-of-each";
import { testRun } from "../support/test-run";

/** Families a single answer can show (smaller pages change the call, not the answer). */
const FAMILIES = VARIATION_FAMILIES.filter((family) => family !== "smallerPages");

/** More of the fields whose answers the issue names, so that their mutants are generated too. */
const RICHER: Readonly<Record<string, Values>> = {
  Company: {
    emailDomains: ["one.example", "two.example"],
    ccEmailAddresses: ["a@one.example", "b@one.example"],
    loyaltyBlockedCountries: ["US", "GB"],
    isSelfSignUpEnabled: false,
    postalAddress: { addressLines: ["1 Main Street"], regionCode: "US" },
    phoneNumbers: [{ countryCode: 1, nationalNumber: 5550100 }],
  },
  LegalEntity: { ccEmailAddresses: ["a@one.example", "b@one.example"] },
};

/** One route's tally. */
interface RouteTally {
  generated: number;
  withoutError: number;
  withoutDiff: number;
  /** `omitOptional` mutants whose diff names the left-out property alone. */
  readAsDefault: number;
  refusedBySchema: number;
}

const tallies = new Map<string, RouteTally>();
/** Mutants generated, read without diff, and read as a left-out value's default, by family. */
const byFamily: Record<string, { generated: number; withoutDiff: number; readAsDefault: number }> = {};
/** `route | mutation | error or diff`, one line per failed mutant. */
const findings: string[] = [];
const unread: string[] = [];
/** Failed mutants: an error, or a diff the mutation does not explain. */
const blocking: string[] = [];

/**
 * True when an `omitOptional` mutant's read differs only where the left-out value stands: the diff
 * and the recorded state name only properties on its path (read as their default), or the whole
 * object was left out (a top-level property such as a charge's `config`) and the read found none.
 */
const readAsDefault = (mutant: AnswerMutant, changed: readonly string[], differing: readonly string[]) => {
  if (mutant.family !== "omitOptional") return false;
  const names = [...changed, ...differing];
  if (names.length === 0) return false;
  if (mutant.path.length === 1 && changed.includes(String(mutant.path[0]))) return true;
  return names.every((name) => mutant.path.includes(name));
};

describe("every reader takes every vendor-valid form of its answers", () => {
  let emulator: RunningEmulator;
  let proxy: AnswerProxy;
  let client: TravelClient;
  beforeAll(async () => {
    clearSharedTokens();
    emulator = await startEmulator({ logErrors: false });
    proxy = await startAnswerProxy(emulator.url);
    client = clientFor(emulator);
  });
  afterAll(async () => {
    await client.close();
    await proxy.close();
    await emulator.close();
    const lines = [...tallies].map(
      ([route, t]) =>
        `  ${route}: ${t.generated} mutants, ${t.withoutError} read without error, ` +
        `${t.withoutDiff} read without diff, ${t.readAsDefault} read as a left-out value's default ` +
        `(${t.refusedBySchema} changes refused by the schema, not sent)`,
    );
    const sum = (key: keyof RouteTally) => [...tallies.values()].reduce((n, t) => n + t[key], 0);
    console.log(
      `reader differential: ${tallies.size} routes, ${sum("generated")} mutants, ` +
        `${sum("withoutError")} without error, ${sum("withoutDiff")} without diff, ` +
        `${sum("readAsDefault")} read as a left-out value's default\n${lines.join("\n")}\n` +
        `by family (without diff + as default / generated): ${Object.entries(byFamily)
          .map(([family, f]) => `${family} ${f.withoutDiff}+${f.readAsDefault}/${f.generated}`)
          .join(", ")}\n` +
        `types whose read reaches no route the vendor documents: ${unread.join(", ") || "none"}` +
        (findings.length > 0 ? `\nfailed mutants:\n  ${findings.join("\n  ")}` : ""),
    );
  });

  it.each(Object.keys(definitions).sort())("%s", async (type) => {
    const definition = definitions[type];
    const row = oneOfEach[type];
    if (!definition || !row) throw new Error(`test/support/one-of-each.ts has no row for ${type}`);
    const { id: companyId } = await client.post<{ id: string }>("/v2/companies", {
      body: { name: `Differential ${type}`, billingCurrency: "USD", companyRoles: ["ORG"] },
    });
    const inputs = { ...(await row.inputs({ emulator, client, companyId })), ...RICHER[type] };
    // Every read gets a client of its own: nothing read before is reused.
    const reader = () => {
      const own = clientFor(emulator, { baseUrl: proxy.url, maxRetries: 0 });
      return { provider: buildTypeProvider(definition, testRun(own)), close: () => own.close() };
    };
    const setup = reader();
    const checked = await setup.provider.check({}, inputs);
    expect(checked.failures ?? []).toEqual([]);
    const created = await setup.provider.create(checked.inputs);
    await setup.close();
    const recorded = created.outs;

    /** One read through the proxy: its props, or the error it threw. */
    const readOnce = async () => {
      const { provider, close } = reader();
      try {
        const read = await provider.read(created.id, recorded);
        const diff = await provider.diff(created.id, read.props ?? {}, checked.inputs);
        return { read, diff };
      } finally {
        await close();
      }
    };

    // The baseline, and the answers it read on documented routes.
    const answers: { method: string; path: string; status: number; body: unknown; route: string }[] = [];
    proxy.rewrite = (method, path, status, text) => {
      const bare = path.split("?")[0] ?? path;
      const operation = vendorOperation(method, bare);
      if (operation && publishedAnswer(method, bare, status) && text !== "")
        answers.push({
          method,
          path,
          status,
          body: JSON.parse(text),
          route: `${operation.method} ${operation.pathTemplate}`,
        });
      return undefined;
    };
    const baseline = await readOnce();
    proxy.rewrite = () => undefined;
    expect(baseline.diff.changes, "the unmutated read shows no change").toBe(false);
    const readAnswers = answers.filter((answer) => answer.route !== "POST /v2/auth/oauth2-token");
    if (readAnswers.length === 0) unread.push(type);

    for (const answer of readAnswers) {
      const bare = answer.path.split("?")[0] ?? answer.path;
      const { mutants, refused } = answerMutants(answer.method, bare, answer.status, answer.body, FAMILIES);
      const tally = tallies.get(answer.route) ?? {
        generated: 0,
        withoutError: 0,
        withoutDiff: 0,
        readAsDefault: 0,
        refusedBySchema: 0,
      };
      tallies.set(answer.route, tally);
      tally.refusedBySchema += refused;
      for (const mutant of mutants) {
        tally.generated++;
        const family = (byFamily[mutant.family] ??= { generated: 0, withoutDiff: 0, readAsDefault: 0 });
        family.generated++;
        proxy.rewrite = (method, path) =>
          method === answer.method && path === answer.path ? mutant.text : undefined;
        let outcome: Awaited<ReturnType<typeof readOnce>>;
        try {
          outcome = await readOnce();
        } catch (error) {
          findings.push(`${answer.route} | ${type} | ${mutant.label} | error: ${oneLine(error)}`);
          blocking.push(findings.at(-1) ?? "");
          continue;
        } finally {
          proxy.rewrite = () => undefined;
        }
        tally.withoutError++;
        const sameState = canonical(outcome.read.props) === canonical(baseline.read.props);
        if (!outcome.diff.changes && sameState) {
          tally.withoutDiff++;
          family.withoutDiff++;
        } else if (
          readAsDefault(
            mutant,
            outcome.diff.changes ? (outcome.diff.changed ?? []) : [],
            differingKeys(baseline.read.props, outcome.read.props),
          )
        ) {
          tally.readAsDefault++;
          family.readAsDefault++;
        } else {
          findings.push(
            `${answer.route} | ${type} | ${mutant.label} | diff: ` +
              (outcome.diff.changes
                ? `changes ${JSON.stringify(outcome.diff.changed ?? [])}`
                : `state differs: ${firstDifference(baseline.read.props, outcome.read.props)}`),
          );
          blocking.push(findings.at(-1) ?? "");
        }
      }
    }
  });

  it("every mutant is read without error, and without diff unless a declared value was left out", () => {
    expect(blocking).toEqual([]);
  });
});

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0]?.slice(0, 300) ?? "";
}

/** JSON text with object keys sorted and arrays compared as sets (sorted by their items' text). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(",")}]`;
  if (typeof value === "object" && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "undefined";
}

/** The properties whose canonical values differ. */
function differingKeys(before: unknown, after: unknown): string[] {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => canonical(a[key]) !== canonical(b[key]),
  );
}

/** The first property whose canonical value differs, as `name: before -> after`. */
function firstDifference(before: unknown, after: unknown): string {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    if (canonical(a[key]) !== canonical(b[key]))
      return `${key}: ${canonical(a[key]).slice(0, 150)} -> ${canonical(b[key]).slice(0, 150)}`;
  return "(none)";
}
