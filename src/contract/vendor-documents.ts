/**
 * The vendor's OpenAPI documents (`vendor-api/` at the package root), read on first use (from disk,
 * or from the plugin's single executable: `package-files/`) and parsed once per process: nothing
 * is loaded when the module is imported.
 */
import { join } from "node:path";
import { packageFileText, packageRoot } from "../package-files/package-file";

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
export const VENDOR_DOCUMENT_FILES = {
  company: "vendor-company-api.openapi.json",
  auth: "vendor-auth-api.openapi.json",
} as const satisfies Readonly<Record<VendorDocumentName, string>>;

const parsed = new Map<VendorDocumentName, OpenApiDocument>();

/** The `vendor-api/` folder of the package on disk (the repository's or the installed package's). */
export function vendorDocumentsFolder(): string {
  return join(packageRoot(), "vendor-api");
}

/** The parsed document `name`, read on first use. */
export function vendorDocument(name: VendorDocumentName): OpenApiDocument {
  let document = parsed.get(name);
  if (!document) {
    document = JSON.parse(packageFileText(`vendor-api/${VENDOR_DOCUMENT_FILES[name]}`)) as OpenApiDocument;
    parsed.set(name, document);
  }
  return document;
}
