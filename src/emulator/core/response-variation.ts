/**
 * Response variation: with a seed set, the emulator answers every route the vendor documents in
 * another form its published schema accepts (src/contract/answer-variation.ts: optional fields
 * left out, undeclared properties added, unordered arrays shuffled, date-times at another offset,
 * `11.0` for `11`, documented optional fields added, members in another order), and serves every
 * listing in smaller pages than asked (the true totals kept). Each varied answer is checked
 * against the published schema before it is sent. The draws are seeded per route and call, so a
 * run that sends the same requests sees the same answers. Documented in docs/emulator.md.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  DEFAULT_VARIATION_FAMILIES,
  VARIATION_FAMILIES,
  type VariationFamily,
  varyAnswer,
} from "../../contract";
import { globalPlugin } from "./global-plugin";
import { ADMIN_PREFIX, pathOf } from "./http";
import { seededRandom } from "./random";

/** The setting: `{ seed, families?, rate? }`. */
export const responseVariationSchema = z
  .object({
    /** Seed of the draws; the same seed and requests give the same answers. */
    seed: z.number().int().min(0).max(0xffffffff),
    /** The families to vary (default: all but `omitOptional`). */
    families: z.array(z.enum(VARIATION_FAMILIES)).min(1).optional(),
    /** Probability of each possible change (default 0.5). */
    rate: z.number().min(0).max(1).optional(),
  })
  .strict();

/** A response-variation setting. */
export type ResponseVariationSetting = z.infer<typeof responseVariationSchema>;

/** What variation did since it was set. */
export interface VariationCounts {
  /** Answers of documented routes seen. */
  answers: number;
  /** Answers sent in another form. */
  varied: number;
  /** Changes applied, by family. */
  changes: Partial<Record<VariationFamily, number>>;
  /** Changes drawn that the published schema refused (not applied). */
  refused: number;
  /** Listing calls served a smaller page than asked. */
  smallerPages: number;
}

/** The paging fields a listing request may carry: query or body, and the field's path. */
const PAGE_SIZE_FIELDS: { in: "query" | "body"; path: string[] }[] = [
  { in: "query", path: ["limit"] },
  { in: "query", path: ["pageSize"] },
  { in: "body", path: ["pagination", "limit"] },
  { in: "body", path: ["paginationParams", "limit"] },
  { in: "body", path: ["limit"] },
];

/** The emulator's response variation: off until a setting is given. */
export class ResponseVariation {
  private setting: ResponseVariationSetting | undefined;
  private calls = new Map<string, number>();
  private pageCap = 1;
  private tally: VariationCounts = emptyCounts();

  /** Sets (or with undefined, turns off) variation; the counts and draws start over. */
  configure(setting: unknown): ResponseVariationSetting | undefined {
    this.setting = setting === undefined ? undefined : responseVariationSchema.parse(setting);
    this.calls.clear();
    this.tally = emptyCounts();
    // The platform's largest page under this seed: 1 to 3 items.
    this.pageCap = this.setting ? 1 + Math.floor(seededRandom(this.setting.seed)() * 3) : 1;
    return this.setting;
  }

  /** The setting, undefined when variation is off. */
  get current(): ResponseVariationSetting | undefined {
    return this.setting;
  }

  /** What variation did since it was set. */
  counts(): VariationCounts {
    return structuredClone(this.tally);
  }

  /** Shrinks the page a listing request asks for to the seed's page cap (the true total is kept). */
  shrinkPage(request: FastifyRequest): void {
    if (!this.enabled("smallerPages")) return;
    for (const field of PAGE_SIZE_FIELDS) {
      const holder = at(field.in === "query" ? request.query : request.body, field.path.slice(0, -1));
      const key = field.path.at(-1) as string;
      if (!holder) continue;
      const asked = Number(holder[key]);
      if (!Number.isInteger(asked) || asked <= this.pageCap) continue;
      holder[key] = typeof holder[key] === "string" ? String(this.pageCap) : this.pageCap;
      this.tally.smallerPages++;
      return;
    }
  }

  /** The answer `payload` (JSON text) to `method` on `path` in a varied form, or as it was. */
  vary(method: string, path: string, status: number, payload: string): string {
    const setting = this.setting;
    if (!setting || status < 200 || status >= 300 || payload === "") return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    const key = `${method} ${path}`;
    const call = (this.calls.get(key) ?? 0) + 1;
    this.calls.set(key, call);
    const random = seededRandom(hash(`${setting.seed} ${key} ${call}`));
    const families = (setting.families ?? DEFAULT_VARIATION_FAMILIES).filter(
      (family) => family !== "smallerPages",
    );
    const varied = varyAnswer(method, path, status, body, random, families, setting.rate ?? 0.5);
    if (!varied) return payload;
    this.tally.answers++;
    this.tally.refused += varied.refused;
    if (varied.applied.length > 0) this.tally.varied++;
    for (const change of varied.applied)
      this.tally.changes[change.family] = (this.tally.changes[change.family] ?? 0) + 1;
    return varied.text;
  }

  private enabled(family: VariationFamily): boolean {
    return (
      this.setting !== undefined && (this.setting.families ?? DEFAULT_VARIATION_FAMILIES).includes(family)
    );
  }
}

/**
 * The plugin that serves smaller pages than asked: it lowers the asked page size before the routes'
 * schemas read it. Register it after the vendor contract (a request is judged as sent).
 */
export function smallerPages(variation: ResponseVariation): FastifyPluginAsync {
  return globalPlugin("smaller-pages", async (app) => {
    app.addHook("preValidation", async (request) => {
      if (variation.current && !pathOf(request).startsWith(ADMIN_PREFIX)) variation.shrinkPage(request);
    });
  });
}

/**
 * The plugin that varies answers on their way out. Register it before fault injection (a cut
 * answer is cut from the varied one).
 */
export function responseVariation(variation: ResponseVariation): FastifyPluginAsync {
  return globalPlugin("response-variation", async (app) => {
    app.addHook("onSend", async (request, reply, payload) => {
      if (!variation.current || typeof payload !== "string") return payload;
      const path = pathOf(request);
      if (path.startsWith(ADMIN_PREFIX)) return payload;
      if (!String(reply.getHeader("content-type") ?? "").includes("json")) return payload;
      return variation.vary(request.method, path, reply.statusCode, payload);
    });
  });
}

function emptyCounts(): VariationCounts {
  return { answers: 0, varied: 0, changes: {}, refused: 0, smallerPages: 0 };
}

function at(value: unknown, path: string[]): Record<string, unknown> | undefined {
  let node = value;
  for (const key of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "object" && node !== null && !Array.isArray(node)
    ? (node as Record<string, unknown>)
    : undefined;
}

/** FNV-1a, 32 bits: a draw's seed from the setting's seed, the route and the call's number. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
