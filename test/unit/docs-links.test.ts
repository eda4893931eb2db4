/**
 * The README and docs travel with the package: no relative link is dead, neither in the
 * repository nor inside the unpacked `npm pack` tarball, and the tarball holds every page.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anchorsOf,
  deadLinks,
  FORBIDDEN_IN_GENERATED,
  forbiddenText,
  linkTargets,
  markdownFiles,
} from "../../scripts/markdown-links";

const ROOT = resolve(__dirname, "..", "..");

describe("the link checker", () => {
  it("finds links in prose and ignores code", () => {
    const markdown = [
      "See [a](docs/a.md#x) and [b](<b c.md>), [web](https://example.com).",
      "`[not](code.md)`",
      "```",
      "[not](fenced.md)",
      "```",
      "[ref]: ../up.md",
    ].join("\n");
    expect(linkTargets(markdown)).toEqual(["docs/a.md#x", "b c.md", "https://example.com", "../up.md"]);
  });

  it("numbers repeated heading anchors as GitHub does", () => {
    expect([...anchorsOf("# API decisions\n## `car trips`\n## Errors\n## Errors\n")]).toEqual([
      "api-decisions",
      "car-trips",
      "errors",
      "errors-1",
    ]);
  });

  it("reports a missing file, a missing anchor and a link out of the root", () => {
    const dead = deadLinks(ROOT, ["test/unit/fixtures/dead-links.md"]);
    expect(dead.map((link) => [link.target, link.reason])).toEqual([
      ["missing.md", "no such file"],
      ["../../../README.md#no-such-heading", "no heading with anchor #no-such-heading"],
      ["../../../../shared/reference/api-spec.md", "points outside the package"],
    ]);
  });
});

describe("the generated-page check", () => {
  it('fails on each of `{@link`, `__schema` and "No example yet" in a generated page', () => {
    const found = forbiddenText(ROOT, ["test/unit/fixtures/forbidden-text.md"]);
    expect(found).toEqual([
      { file: "test/unit/fixtures/forbidden-text.md", line: 5, text: "{@link" },
      { file: "test/unit/fixtures/forbidden-text.md", line: 9, text: "__schema" },
      { file: "test/unit/fixtures/forbidden-text.md", line: 11, text: "No example yet" },
    ]);
    expect(found.map((f) => f.text)).toEqual([...FORBIDDEN_IN_GENERATED]);
  });

  it("leaves pages that npm run docs did not write alone", () => {
    expect(forbiddenText(ROOT, ["test/unit/fixtures/hand-written.md"])).toEqual([]);
  });
});

describe("README and docs", () => {
  it("have no dead relative link in the repository", () => {
    const files = markdownFiles(ROOT);
    expect(files).toContain("README.md");
    expect(files).toContain("docs/api-decisions.md");
    expect(deadLinks(ROOT, files)).toEqual([]);
  });

  it("have no unresolved link, generated type name or missing example in a generated page", () => {
    const files = markdownFiles(ROOT);
    expect(files).toContain("docs/resources/api-user.md");
    expect(forbiddenText(ROOT, files)).toEqual([]);
  });

  describe("inside the packed tarball", () => {
    let dir = "";
    let unpacked = "";
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), "pulumi-travel-pack-"));
      const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], {
        cwd: ROOT,
        encoding: "utf8",
      })
        .trim()
        .split("\n")
        .pop();
      if (!tarball) throw new Error("npm pack printed no tarball name");
      execFileSync("tar", ["-xzf", join(dir, tarball), "-C", dir]);
      unpacked = join(dir, "package");
    }, 120_000);
    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("holds every Markdown page of the repository", () => {
      expect(markdownFiles(unpacked)).toEqual(markdownFiles(ROOT));
    });

    it("has no dead relative link and no forbidden text in a generated page", () => {
      expect(deadLinks(unpacked, markdownFiles(unpacked))).toEqual([]);
      expect(forbiddenText(unpacked, markdownFiles(unpacked))).toEqual([]);
    });
  });
});
