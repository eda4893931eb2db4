/** Counted nouns for messages. */

/** "1 legal entity", "2 legal entities": for deletion guards and refusals. */
export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
