/**
 * A checker for the relative links of Markdown files: every link to a file must name a file that
 * exists below the checked root, and a `#fragment` into a Markdown file must name one of its
 * headings (GitHub's and npm's heading anchors). Links that leave the root, such as
 * `../shared/...` from the repository's top level, are dead too: they work on one machine only.
 * Used by `test/unit/docs-links.test.ts` over the repository and over the unpacked tarball.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** A link that does not resolve. */
export interface DeadLink {
  /** The Markdown file, relative to the root. */
  file: string;
  /** The link target as written. */
  target: string;
  /** Why it is dead. */
  reason: string;
}

/** The Markdown files below `root` (README.md, CHANGELOG.md, docs/**, examples/**), sorted. */
export function markdownFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".md")) found.push(relative(root, path).split(sep).join("/"));
    }
  };
  for (const top of ["README.md", "CHANGELOG.md"]) if (existsSync(join(root, top))) found.push(top);
  for (const dir of ["docs", "examples"]) if (existsSync(join(root, dir))) walk(join(root, dir));
  return found.sort();
}

/** Inline links `[text](target)` and reference definitions `[id]: target`, outside code. */
export function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "``");
  const targets: string[] = [];
  for (const match of prose.matchAll(/\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)) {
    targets.push(match[1] ?? match[2] ?? "");
  }
  for (const match of prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm))
    targets.push(match[1] ?? "");
  return targets.filter((target) => target !== "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown file's headings, numbered as GitHub numbers repeats. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const match of prose.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = headingAnchor(match[1] ?? "");
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** The dead relative links of `files` (paths relative to `root`). */
export function deadLinks(root: string, files: readonly string[]): DeadLink[] {
  const dead: DeadLink[] = [];
  const absoluteRoot = resolve(root);
  for (const file of files) {
    const source = join(absoluteRoot, file);
    const markdown = readFileSync(source, "utf8");
    for (const target of linkTargets(markdown)) {
      if (EXTERNAL.test(target)) continue;
      const [pathPart = "", fragment] = target.split("#", 2);
      const path = decodeURIComponent(pathPart);
      if (path.startsWith("/")) {
        dead.push({ file, target, reason: "absolute path; use a relative link" });
        continue;
      }
      const resolved = path === "" ? source : resolve(dirname(source), path);
      const inside = relative(absoluteRoot, resolved);
      if (inside.startsWith("..") || resolve(absoluteRoot, inside) !== resolved) {
        dead.push({ file, target, reason: "points outside the package" });
        continue;
      }
      if (!existsSync(resolved)) {
        dead.push({ file, target, reason: "no such file" });
        continue;
      }
      if (
        fragment !== undefined &&
        fragment !== "" &&
        statSync(resolved).isFile() &&
        resolved.endsWith(".md")
      ) {
        if (!anchorsOf(readFileSync(resolved, "utf8")).has(fragment.toLowerCase())) {
          dead.push({ file, target, reason: `no heading with anchor #${fragment}` });
        }
      }
    }
  }
  return dead;
}
