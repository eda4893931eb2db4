/**
 * The vendor's OpenAPI documents (`vendor-api/` at the package root), read from disk on first use
 * and parsed once per process: nothing is loaded when the module is imported.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The vendor documents this package ships. */
export type VendorDocumentName = "company" | "auth";

/** The parts of an OpenAPI 3.1 document the contract reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses?: Record<string, unknown>;
  };
}

/** A JSON Schema node as the documents write it (OpenAPI 3.1 = JSON Schema 2020-12). */
export type JsonSchema = { [keyword: string]: unknown };

/** The file name of each document in `vendor-api/`. */
export const VENDOR_DOCUMENT_FILES: Readonly<Record<VendorDocumentName, string>> = {
  company: "vendor-company-api.openapi.json",
  auth: "vendor-auth-api.openapi.json",
};

const parsed = new Map<VendorDocumentName, OpenApiDocument>();
let folder: string | undefined;

/** The `vendor-api/` folder: the nearest one above this file (source tree or built package). */
export function vendorDocumentsFolder(): string {
  if (folder !== undefined) return folder;
  let dir = __dirname;
  while (!existsSync(join(dir, "vendor-api", VENDOR_DOCUMENT_FILES.company))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`pulumi-travel: the vendor API documents are missing (vendor-api/ above ${__dirname})`);
    dir = parent;
  }
  folder = join(dir, "vendor-api");
  return folder;
}

/** The parsed document `name`, read on first use. */
export function vendorDocument(name: VendorDocumentName): OpenApiDocument {
  let document = parsed.get(name);
  if (!document) {
    const text = readFileSync(join(vendorDocumentsFolder(), VENDOR_DOCUMENT_FILES[name]), "utf8");
    document = JSON.parse(text) as OpenApiDocument;
    parsed.set(name, document);
  }
  return document;
}
