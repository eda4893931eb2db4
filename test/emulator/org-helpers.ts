/** Helpers for the organization-structure emulator tests: a company with callers of every kind. */
import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { Emulator } from "../../src/emulator";
import { emulatorFixture } from "./fixtures";
import { call, createCompany, errorCode, tokenFor } from "./helpers";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** An emulator with a company and tokens of everyone who may or may not manage it. */
export interface OrgFixture {
  emu: Emulator;
  /** The bootstrap TMC admin. */
  token: string;
  companyId: string;
  /** A COMPANY_ADMIN of `companyId`. */
  companyAdmin: string;
  /** A COMPANY_ADMIN of another company of the same TMC. */
  otherCompanyAdmin: string;
  /** A TMC admin of another TMC. */
  otherTmcAdmin: string;
}

/** A fresh emulator with one company and its callers. */
export async function orgFixture(): Promise<OrgFixture> {
  const { emu, token } = await emulatorFixture();
  const companyId = await createCompany(emu, token, { name: "Acme" });
  const otherCompanyId = await createCompany(emu, token, { name: "Globex" });
  const own = emu.admin.createCompanyAdmin(companyId);
  const other = emu.admin.createCompanyAdmin(otherCompanyId);
  const otherTmc = emu.admin.createTmc("Other TMC");
  return {
    emu,
    token,
    companyId,
    companyAdmin: await tokenFor(emu, own.clientId, own.clientSecret),
    otherCompanyAdmin: await tokenFor(emu, other.clientId, other.clientSecret),
    otherTmcAdmin: await tokenFor(emu, otherTmc.clientId, otherTmc.clientSecret),
  };
}

/** The first error message of a platform error body. */
export function messageOf(response: LightMyRequestResponse): string {
  const body = response.json<{ errorMessages?: { message?: string }[] }>();
  return body.errorMessages?.[0]?.message ?? "";
}

/** Asserts a 400 INVALID_REQUEST (or `code`) whose message matches `pattern`. */
export function expectBadRequest(
  response: LightMyRequestResponse,
  pattern: RegExp,
  code = "INVALID_REQUEST",
): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorCode(response)).toBe(code);
  expect(messageOf(response)).toMatch(pattern);
}

/** Asserts a response's status and errorCode. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorCode(response)).toBe(code);
}

/**
 * Asserts the tenant rules of an endpoint: a company admin of another company and a TMC admin of
 * another TMC get 403, and an unknown company is 404 COMPANY_NOT_FOUND.
 */
export async function expectGuarded(
  fx: OrgFixture,
  method: Method,
  url: (companyId: string) => string,
  body?: unknown,
): Promise<void> {
  expectError(
    await call(fx.emu, fx.otherCompanyAdmin, method, url(fx.companyId), body),
    403,
    "PERMISSION_DENIED",
  );
  expectError(
    await call(fx.emu, fx.otherTmcAdmin, method, url(fx.companyId), body),
    403,
    "PERMISSION_DENIED",
  );
  expectError(await call(fx.emu, fx.token, method, url(randomUUID()), body), 404, "COMPANY_NOT_FOUND");
  expect((await call(fx.emu, undefined, method, url(fx.companyId), body)).statusCode).toBe(401);
}

/** Sends a request and asserts its status, returning the response. */
export async function expectStatus(
  fx: OrgFixture,
  status: number,
  method: Method,
  url: string,
  body?: unknown,
  token: string = fx.token,
): Promise<LightMyRequestResponse> {
  const response = await call(fx.emu, token, method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response;
}

/** A valid `LegalEntityCreateRequest`. */
export function legalEntityBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Acme Inc",
    billingCurrency: "USD",
    address: { addressLines: ["1 Main St"], regionCode: "US", locality: "Springfield" },
    ...fields,
  };
}

/** Creates an object with POST (201, or `status`) and returns its id. */
export async function createObject(
  fx: OrgFixture,
  url: string,
  body: Record<string, unknown>,
  status = 201,
  token: string = fx.token,
): Promise<string> {
  const response = await expectStatus(fx, status, "POST", url, body, token);
  return response.json<{ id: string }>().id;
}

/** Creates a legal entity of the fixture's company. */
export function createLegalEntity(fx: OrgFixture, fields: Record<string, unknown> = {}): Promise<string> {
  return createObject(fx, `/v2/companies/${fx.companyId}/legal-entities`, legalEntityBody(fields));
}

/** Creates an office under `legalEntityId`. */
export function createOffice(
  fx: OrgFixture,
  legalEntityId: string,
  fields: Record<string, unknown> = {},
): Promise<string> {
  return createObject(fx, `/v2/companies/${fx.companyId}/legal-entities/${legalEntityId}/offices`, {
    name: "HQ",
    ...fields,
  });
}

/** A multipart/form-data body built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: string },
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([file.content], { type: "text/csv" }), file.name);
  const request = new Request("http://emulator.invalid/", { method: "POST", body: form });
  const contentType = request.headers.get("content-type");
  if (!contentType) throw new Error("FormData produced no content type");
  return { payload: Buffer.from(await request.arrayBuffer()), contentType };
}
