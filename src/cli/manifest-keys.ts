/**
 * Manifest keys for exported objects: a lowercase slug of the externalId (or else the name), unique
 * within its section, and stable: the same objects always get the same keys, whatever order the
 * platform lists them in (clashes are numbered in the order of the platform ids).
 */

/** Longest manifest key (`manifestKeySchema`). */
const MAX_KEY = 63;

/** `Acme US Inc.` -> `acme-us-inc`; empty when nothing usable is left. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_KEY)
    .replace(/-+$/, "");
}

/** `LegalEntity` -> `legal-entity`. */
export function kebabCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/** The key of each object by id; `stem` (such as `cost-center`) keys those with nothing usable. */
export function manifestKeys(
  objects: readonly { id: string; name?: unknown; externalId?: unknown }[],
  stem: string,
): Map<string, string> {
  const based = objects.map((object) => {
    const source = [object.externalId, object.name].find(
      (value): value is string => typeof value === "string" && slug(value) !== "",
    );
    return { id: object.id, base: source === undefined ? stem : slug(source) };
  });
  based.sort((a, b) =>
    a.base === b.base ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.base < b.base ? -1 : 1,
  );
  const taken = new Set(based.map((entry) => entry.base));
  const used = new Set<string>();
  const keys = new Map<string, string>();
  for (const { id, base } of based) {
    let key = base;
    // A numbered key must not take another object's plain key either.
    for (let n = 2; used.has(key) || (key !== base && taken.has(key)); n++) {
      const suffix = `-${n}`;
      key = `${base.slice(0, MAX_KEY - suffix.length).replace(/-+$/, "")}${suffix}`;
    }
    used.add(key);
    keys.set(id, key);
  }
  return keys;
}
