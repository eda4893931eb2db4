/**
 * The journal of creates in flight on disk (src/provider/operations/create-journal.ts): where it
 * lives, one record per resource of a stack, never a secret the program marked, stale records
 * removed, and a file that is not a record named. The settling of a record through the provider
 * is the fault kit's (test/provider/fault-kit.test.ts, "the provider killed during the create").
 */
import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CreateJournal,
  createJournalDir,
  type ResourceRef,
  STALE_AFTER_DAYS,
} from "../../src/provider/operations/create-journal";
import type { InFlightRecord } from "../../src/provider/create/in-flight-record";

const resource: ResourceRef = { project: "travel", stack: "dev", type: "Department", name: "sales" };
const PLATFORM = "https://api.travel.example";
const record = (inputs: Record<string, unknown> = { companyId: "c1", name: "Sales" }): InFlightRecord => ({
  type: "Department",
  startedAt: "2026-01-01T00:00:00.000Z",
  inputs,
  before: ["d1", "d2"],
});
const journalIn = () => new CreateJournal(mkdtempSync(join(tmpdir(), "journal-test-")));
/** Every file under `dir`, with its mode. */
const files = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith(".json"))
    .map((name) => join(dir, name));

describe("the journal of creates in flight", () => {
  it("lives in TRAVEL_CREATE_JOURNAL_DIR, else creates-in-flight of the per-user cache", () => {
    expect(createJournalDir({ TRAVEL_CREATE_JOURNAL_DIR: "/j", XDG_CACHE_HOME: "/c" })).toBe("/j");
    expect(createJournalDir({ XDG_CACHE_HOME: "/c" })).toBe("/c/pulumi-travel/creates-in-flight");
    expect(createJournalDir({ HOME: "/h" })).toMatch(/\.cache\/pulumi-travel\/creates-in-flight$/);
  });

  it("keeps one record per resource of a stack, private to the user, until cleared", () => {
    const journal = journalIn();
    const slot = journal.slot(resource, PLATFORM);
    expect(slot.left()).toBeUndefined();
    slot.write(record());
    expect(slot.left()).toEqual(record());
    // Another stack, another project, another resource: records of their own.
    expect(journal.slot({ ...resource, stack: "prod" }, PLATFORM).left()).toBeUndefined();
    expect(journal.slot({ ...resource, project: "other" }, PLATFORM).left()).toBeUndefined();
    // The same stack pointed at another platform (a test tenant, an emulator) never sees it.
    expect(journal.slot(resource, "http://127.0.0.1:4010").left()).toBeUndefined();
    const sibling = journal.slot({ ...resource, name: "support" }, PLATFORM);
    sibling.write(record({ companyId: "c1", name: "Support" }));
    expect(slot.othersOf("Department").map((r) => r.inputs.name)).toEqual(["Support"]);
    expect(slot.othersOf("Grade")).toEqual([]);
    const [file] = files(journal.dir);
    expect(statSync(file as string).mode & 0o777).toBe(0o600);
    // No name, stack or id in a file name.
    for (const path of files(journal.dir))
      expect(path.slice(journal.dir.length)).not.toMatch(/dev|sales|travel/);
    slot.clear();
    expect(slot.left()).toBeUndefined();
    expect(sibling.left()).toBeDefined();
    // The stack's directory goes with its last record.
    sibling.clear();
    expect(readdirSync(journal.dir)).toEqual([]);
  });

  it("never writes an input the program marked secret", () => {
    const journal = journalIn();
    const slot = journal.slot({ ...resource, secretInputs: new Set(["name"]) }, PLATFORM);
    slot.write(record({ companyId: "c1", name: "Very secret name" }));
    const text = files(journal.dir)
      .map((path) => readFileSync(path, "utf8"))
      .join("");
    expect(text).not.toContain("Very secret name");
    expect(slot.left()?.inputs).toEqual({ companyId: "c1" });
  });

  it(`removes records older than ${STALE_AFTER_DAYS} days when the stack's journal is opened`, () => {
    const dir = mkdtempSync(join(tmpdir(), "journal-test-"));
    new CreateJournal(dir).slot(resource, PLATFORM).write(record());
    const old = new Date(Date.now() - (STALE_AFTER_DAYS + 1) * 24 * 3600 * 1000);
    for (const path of files(dir)) utimesSync(path, old, old);
    expect(new CreateJournal(dir).slot(resource, PLATFORM).left()).toBeUndefined();
    expect(files(dir)).toEqual([]);
  });

  it("names a file that is not a record, and the way out", () => {
    const journal = journalIn();
    const slot = journal.slot(resource, PLATFORM);
    slot.write(record());
    const [file] = files(journal.dir);
    writeFileSync(file as string, JSON.stringify({ hello: "world" }));
    expect(() => slot.left()).toThrow(/is not a record of a create in flight.*reconcile/);
  });
});
