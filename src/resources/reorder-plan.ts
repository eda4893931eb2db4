/**
 * Plans the reorder calls that put declared custom fields into the declared relative order. The
 * longest run of fields already in order stays put; every gap between two of its members (or
 * before its first) is filled by one call that moves the gap's fields, in order, next to an
 * anchor that does not move. So a list already in order needs no call, and one moved field one.
 */

/** One `POST .../custom-fields/reorder` call. */
export interface ReorderCall {
  targetFieldId: string;
  direction: "BEFORE" | "AFTER";
  fieldIdsToMove: string[];
}

/** Indexes of a longest strictly increasing subsequence of `values`. */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(values.length).fill(-1);
  values.forEach((value, index) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((values[tails[mid] as number] as number) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[index] = tails[low - 1] as number;
    tails[low] = index;
  });
  const out: number[] = [];
  for (let at = tails[tails.length - 1] ?? -1; at >= 0; at = previous[at] as number) out.unshift(at);
  return out;
}

/**
 * The calls that make `desired` (field ids, all present in `current`) appear in that relative
 * order within `current` (the platform's order, which may hold other fields).
 */
export function planReorder(current: readonly string[], desired: readonly string[]): ReorderCall[] {
  const position = new Map(current.map((id, index) => [id, index]));
  const positions = desired.map((id) => {
    const at = position.get(id);
    if (at === undefined) throw new Error(`custom field ${id} is not in the company's list`);
    return at;
  });
  const keep = new Set(longestIncreasing(positions));
  const calls: ReorderCall[] = [];
  let gap: string[] = [];
  let anchor: string | undefined;
  desired.forEach((id, index) => {
    if (!keep.has(index)) {
      gap.push(id);
      return;
    }
    if (gap.length > 0)
      calls.push(
        anchor === undefined
          ? { targetFieldId: id, direction: "BEFORE", fieldIdsToMove: gap }
          : { targetFieldId: anchor, direction: "AFTER", fieldIdsToMove: gap },
      );
    gap = [];
    anchor = id;
  });
  if (gap.length > 0 && anchor !== undefined)
    calls.push({ targetFieldId: anchor, direction: "AFTER", fieldIdsToMove: gap });
  return calls;
}
