/**
 * Vendor preferences: `POST /v2/companies/{companyId}/vendor-preferences`, a multipart/form-data
 * upload of `vendorType` and a CSV `file`. The CSV is checked whole (header, then every row) and
 * replaces the company's preferences of that vendor type; the answer is 200 without a body.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  REQUIRED_VENDOR_PREFERENCE_CSV_COLUMNS,
  uploadVendorPreferencesFieldsSchema,
  VENDOR_CODE_FORMATS,
  VENDOR_PREFERENCE_CSV_COLUMNS,
  type VendorPreferenceRow,
  vendorPreferenceRowSchema,
  type VendorType,
} from "../../schemas/vendor-preferences";
import type { EmulatorContext } from "../context";
import { CsvSyntaxError, parseCsv } from "../core/csv";
import { badRequest, PlatformError } from "../core/errors";
import { param } from "../core/http";
import { authenticate, principalOf } from "../identity/authenticate";
import { LEGAL_ENTITIES, VENDOR_PREFERENCES, vendorPreferencesKey } from "../org/records";
import { okEmpty } from "../org/ok-empty";
import { companyFor } from "../org/permissions";
import { withZod } from "../core/request-validation";

const KNOWN_COLUMNS = new Set<string>(VENDOR_PREFERENCE_CSV_COLUMNS);

/**
 * Reads the CSV of `vendorType` for `companyId` into rows, or throws a 400: INVALID_CSV (syntax),
 * INVALID_CSV_HEADER (missing, unknown or repeated columns) or INVALID_CSV_ROW (a bad value, a
 * wrong number of fields, or a row that repeats an earlier one), naming the line.
 */
export function readVendorPreferencesCsv(
  text: string,
  vendorType: VendorType,
  isLegalEntityOfCompany: (legalEntityId: string) => boolean,
): VendorPreferenceRow[] {
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw badRequest(`the CSV file is malformed: ${error.message}`, "INVALID_CSV");
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw badRequest("the CSV file is empty; it needs a header line", "INVALID_CSV_HEADER");
  const columns = header.cells.map((cell) => cell.trim());
  const expected = `expected columns: ${VENDOR_PREFERENCE_CSV_COLUMNS.join(", ")}`;
  columns.forEach((column, index) => {
    if (!KNOWN_COLUMNS.has(column))
      throw badRequest(
        `header column ${index + 1} "${column}" is unknown; ${expected}`,
        "INVALID_CSV_HEADER",
      );
    if (columns.indexOf(column) !== index)
      throw badRequest(`header column "${column}" is repeated`, "INVALID_CSV_HEADER");
  });
  for (const required of REQUIRED_VENDOR_PREFERENCE_CSV_COLUMNS) {
    if (!columns.includes(required))
      throw badRequest(
        `the header lacks the required column "${required}"; ${expected}`,
        "INVALID_CSV_HEADER",
      );
  }

  const format = VENDOR_CODE_FORMATS[vendorType];
  const seen = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    if (cells.length !== columns.length)
      throw badRequest(
        `line ${line}: expected ${columns.length} fields, found ${cells.length}`,
        "INVALID_CSV_ROW",
      );
    const raw: Record<string, string> = {};
    columns.forEach((column, index) => {
      const value = cells[index]?.trim() ?? "";
      if (value !== "") raw[column] = value;
    });
    const parsed = vendorPreferenceRowSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const column = issue?.path.join(".") || "row";
      throw badRequest(`line ${line}, column ${column}: ${issue?.message ?? "invalid"}`, "INVALID_CSV_ROW");
    }
    const row = parsed.data;
    if (!format.pattern.test(row.vendorCode))
      throw badRequest(
        `line ${line}, column vendorCode: ${row.vendorCode} is not ${format.description} (vendorType ${vendorType})`,
        "INVALID_CSV_ROW",
      );
    if (
      row.entityType === "LEGAL_ENTITY" &&
      row.entityId !== undefined &&
      !isLegalEntityOfCompany(row.entityId)
    )
      throw badRequest(
        `line ${line}, column entityId: ${row.entityId} is not a legal entity of this company`,
        "INVALID_CSV_ROW",
      );
    const key = `${row.vendorCode}|${row.entityType}|${row.entityId ?? ""}`;
    const first = seen.get(key);
    if (first !== undefined)
      throw badRequest(
        `line ${line} repeats the preference of line ${first} (${row.vendorCode}, ${row.entityType})`,
        "INVALID_CSV_ROW",
      );
    seen.set(key, line);
    return row;
  });
}

/** The upload's form as the route reads it: `vendorType` checked, `file` as sent. */
const uploadForm = z
  .instanceof(FormData)
  .transform((form) => {
    const vendorType = form.get("vendorType");
    return { vendorType: typeof vendorType === "string" ? vendorType : undefined, file: form.get("file") };
  })
  .pipe(uploadVendorPreferencesFieldsSchema.extend({ file: z.custom<ReturnType<FormData["get"]>>() }));

/** Refuses an upload that is not multipart/form-data (415), before its fields are checked. */
async function requireForm(request: FastifyRequest): Promise<void> {
  if (!(request.body instanceof FormData))
    throw new PlatformError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "send multipart/form-data with the fields vendorType and file (a CSV file)",
    );
}

/** Registers the vendor preferences route and its multipart/form-data parser. */
export function vendorPreferenceRoutes(ctx: EmulatorContext) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    const uploads = () => ctx.store.records(VENDOR_PREFERENCES);
    const legalEntities = () => ctx.store.records(LEGAL_ENTITIES);
    app.addHook("preValidation", authenticate(ctx));

    app.addContentTypeParser("multipart/form-data", { parseAs: "buffer" }, (request, body, done) => {
      const contentType = request.headers["content-type"] ?? "";
      new Response(new Uint8Array(body as Buffer), { headers: { "content-type": contentType } })
        .formData()
        .then(
          (form) => done(null, form),
          () => done(badRequest("the multipart/form-data body cannot be parsed", "MALFORMED_MULTIPART")),
        );
    });

    // The caller's access to the company is checked before the form is (403 before 415 or 400).
    const companyAccess = async (request: FastifyRequest) => {
      companyFor(ctx.store, principalOf(request), param(request, "companyId"));
    };
    const upload = { preValidation: [companyAccess, requireForm], schema: { body: uploadForm } };
    app.post("/v2/companies/:companyId/vendor-preferences", upload, async (request, reply) => {
      const companyId = param(request, "companyId");
      const { vendorType, file } = request.body;
      if (file === null) throw badRequest("file: a CSV file is required");
      const text = typeof file === "string" ? file : await file.text();
      const rows = readVendorPreferencesCsv(
        text,
        vendorType,
        (legalEntityId) => legalEntities().of(companyId).get(legalEntityId) !== undefined,
      );
      uploads().set(vendorPreferencesKey(companyId, vendorType), {
        companyId,
        vendorType,
        fileName: typeof file === "string" ? undefined : file.name,
        rows,
        uploadedAtMs: ctx.clock.now(),
      });
      return okEmpty(reply);
    });
  };
}
