/**
 * Option groups: the PATCH (toDelete first, then upsert of toUpdate by name; other options
 * untouched), a GET of the group's options, and the CSV bulk upload
 * `POST .../option-groups/{optionGroupId}/upload` (`text/csv`, header `name[,description]`).
 */
import type { FastifyInstance } from "fastify";
import { type Option, patchOptionGroupRequestSchema } from "../../schemas/custom-field";
import { badRequest } from "../core/errors";
import { CsvSyntaxError, parseCsv } from "../core/csv";
import { withZod } from "../core/request-validation";
import type { CustomFieldStore } from "./lookups";
import type { OptionPatchJournal } from "./patch-journal";
import { patchOptions } from "./rules";

/** Most data rows one CSV upload may carry. */
export const CSV_UPLOAD_MAX_ROWS = 10_000;

/** Parses an upload into options; errors name the line. */
export function optionsFromCsv(text: string): Option[] {
  let rows;
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(`CSV ${error.message}`, "CSV_INVALID");
    throw error;
  }
  const [header, ...data] = rows;
  if (!header)
    throw badRequest("CSV is empty; the first line must be the header name[,description]", "CSV_INVALID");
  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  const nameAt = columns.indexOf("name");
  const descriptionAt = columns.indexOf("description");
  const unknown = columns.filter((column) => column !== "name" && column !== "description");
  if (nameAt < 0 || unknown.length > 0)
    throw badRequest(
      `CSV line ${header.line}: the header must be name[,description]; found ${header.cells.join(",")}`,
      "CSV_INVALID",
    );
  if (data.length === 0) throw badRequest("CSV has a header but no options", "CSV_INVALID");
  if (data.length > CSV_UPLOAD_MAX_ROWS)
    throw badRequest(
      `CSV has ${data.length} options; at most ${CSV_UPLOAD_MAX_ROWS} per upload`,
      "CSV_TOO_LARGE",
    );
  return data.map((row) => {
    const name = row.cells[nameAt]?.trim() ?? "";
    if (name === "") throw badRequest(`CSV line ${row.line}: name is empty`, "CSV_INVALID");
    const description = descriptionAt < 0 ? undefined : row.cells[descriptionAt];
    return description === undefined || description === "" ? { name } : { name, description };
  });
}

/** Registers the option-group routes (authentication is added by the caller). */
export function optionGroupRoutes(cf: CustomFieldStore, journal: OptionPatchJournal, nowMs: () => number) {
  const base = "/v3/companies/:companyId/custom-fields/:customFieldId/option-groups/:optionGroupId";
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    app.addContentTypeParser("text/csv", { parseAs: "string" }, (_request, body, done) => done(null, body));

    app.patch(base, { schema: { body: patchOptionGroupRequestSchema } }, async (request, reply) => {
      const group = cf.optionGroup(request);
      const body = request.body;
      const result = patchOptions(group.options, body.toUpdate, body.toDelete);
      cf.optionGroups.set(group.id, { ...group, options: result.options });
      journal.add({
        atMs: nowMs(),
        optionGroupId: group.id,
        toUpdate: body.toUpdate.map((option) => option.name),
        toDelete: body.toDelete.map((entry) => entry.name),
      });
      return reply.code(200).send();
    });

    app.get(base, async (request) => {
      const group = cf.optionGroup(request);
      return { id: group.id, armId: group.armId, customFieldId: group.customFieldId, options: group.options };
    });

    app.post(`${base}/upload`, async (request) => {
      const group = cf.optionGroup(request);
      if (typeof request.body !== "string")
        throw badRequest("send the options as text/csv with the header name[,description]", "CSV_INVALID");
      const options = optionsFromCsv(request.body);
      const result = patchOptions(group.options, options, []);
      cf.optionGroups.set(group.id, { ...group, options: result.options });
      return { inserted: result.inserted, updated: result.updated, total: result.options.length };
    });
  };
}
