/** The keys the engine or the dynamic provider adds to a resource's props (`__provider`, ...). */

/** True for a key the engine or the dynamic provider adds to props (`__provider`, ...). */
export function isInternalKey(key: string): boolean {
  return key.startsWith("__");
}

/** A copy of `props` without engine-internal keys. */
export function stripInternal(props: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props ?? {})) if (!isInternalKey(key)) out[key] = value;
  return out;
}
