/**
 * Errors are branded: only a real error of the family passes `isTravelError` and `instanceof`, also
 * across two copies of the module; the CLI's own errors carry their exit code and are no platform
 * errors.
 */
import { describe, expect, it, vi } from "vitest";
import { CarChangeError } from "../../src/car/errors";
import { CliError, exitCodeFor, UsageError } from "../../src/cli/cli-error";
import { CompanyNotFoundError } from "../../src/cli/commands/export";
import { FindingsExit } from "../../src/cli/commands/reconcile";
import { EXIT } from "../../src/cli/exit-codes";
import {
  ApiError,
  ConfigError,
  ConnectionError,
  isNotFound,
  isTravelError,
  TimeoutError,
  TravelError,
} from "../../src/client/errors";

const target = { method: "GET", url: "https://api.example.com/v2/companies/x" };
const notFound = () =>
  new ApiError("not_found", {
    ...target,
    status: 404,
    code: "COMPANY_NOT_FOUND",
    message: "no such company",
  });

describe("branded errors", () => {
  it("accepts the family's errors, of every class and kind", () => {
    const errors = [
      notFound(),
      new ConnectionError(target, "refused", "ECONNREFUSED"),
      new TimeoutError(target, "headers", 10),
      new ConfigError("bad option"),
      new CarChangeError("NO_MATCHING_CAR", "not_found", "no car"),
    ];
    for (const error of errors) expect(isTravelError(error), error.name).toBe(true);
    expect(isTravelError(notFound(), "not_found")).toBe(true);
    expect(isTravelError(notFound(), "conflict")).toBe(false);
  });

  it("rejects look-alikes: a plain object or another Error with a string kind", () => {
    const lookAlikes: unknown[] = [
      { kind: "not_found", status: 404, code: "COMPANY_NOT_FOUND", message: "x" },
      Object.assign(new Error("x"), { kind: "not_found", code: "COMPANY_NOT_FOUND" }),
      new CompanyNotFoundError("c-1"),
      new UsageError("wrong"),
      null,
      "not_found",
    ];
    for (const value of lookAlikes) {
      expect(isTravelError(value)).toBe(false);
      expect(value instanceof TravelError).toBe(false);
      expect(isNotFound(value)).toBe(false);
    }
  });

  it("tells the classes apart: instanceof names one class, not the whole family", () => {
    const error = notFound();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(TravelError);
    expect(error).toBeInstanceOf(Error);
    expect(error instanceof ConnectionError).toBe(false);
    expect(error instanceof CarChangeError).toBe(false);
    const car = new CarChangeError("INVALID_REQUEST", "bad_request", "renterAge: must be 18 or more");
    expect(car).toBeInstanceOf(CarChangeError);
    expect(car instanceof ApiError).toBe(false);
  });

  it("works across two copies of the module", async () => {
    vi.resetModules();
    const copy = await import("../../src/client/errors.js");
    expect(copy.ApiError).not.toBe(ApiError);
    const foreign = new copy.ApiError("not_found", {
      ...target,
      status: 404,
      code: "COMPANY_NOT_FOUND",
      message: "no such company",
    });
    expect(foreign).toBeInstanceOf(ApiError);
    expect(isTravelError(foreign, "not_found")).toBe(true);
    expect(isNotFound(foreign, ["COMPANY_NOT_FOUND"])).toBe(true);
    expect(notFound()).toBeInstanceOf(copy.ApiError);
    expect(foreign instanceof TimeoutError).toBe(false);
  });
});

describe("the CLI's exit codes", () => {
  it.each([
    ["a usage error", new UsageError("--port must be an integer"), EXIT.usage],
    ["an unknown company (export --company)", new CompanyNotFoundError("c-1"), EXIT.notFound],
    ["reconcile findings", new FindingsExit(), EXIT.findings],
    ["a platform 404", notFound(), EXIT.notFound],
    ["a platform 409", new ApiError("conflict", { ...target, status: 409, message: "taken" }), EXIT.refused],
    ["a 401", new ApiError("unauthorized", { ...target, status: 401, message: "no" }), EXIT.auth],
    ["a connection failure", new ConnectionError(target, "refused", "ECONNREFUSED"), EXIT.unavailable],
    ["a client setting", new ConfigError("bad option"), EXIT.usage],
    ["a car check", new CarChangeError("NO_MATCHING_CAR", "not_found", "no car"), EXIT.notFound],
    ["a plain Error", new Error("bug"), EXIT.failure],
    ["a look-alike of a platform 404", { kind: "not_found", status: 404 }, EXIT.failure],
  ])("%s", (_label, error, code) => {
    expect(exitCodeFor(error)).toBe(code);
  });

  it("gives each CLI error its exit code, and only findings count as already reported", () => {
    expect(new UsageError("x")).toMatchObject({ kind: "usage", exitCode: EXIT.usage, reported: false });
    expect(new FindingsExit()).toMatchObject({ kind: "findings", exitCode: EXIT.findings, reported: true });
    expect(new CompanyNotFoundError("c-1")).toBeInstanceOf(CliError);
  });
});
