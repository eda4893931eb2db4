/**
 * A bounded journal of applied option-group PATCHes (which names each one carried), served at
 * `GET /_emulator/option-group-patches`. The request log records routes and statuses, not
 * bodies; this shows what a patch carried, so tests can assert a provider sent exactly its diff.
 */

/** One applied option-group PATCH. */
export interface OptionPatchEntry {
  seq: number;
  atMs: number;
  optionGroupId: string;
  /** Names of the `toUpdate` entries, in request order. */
  toUpdate: string[];
  /** Names of the `toDelete` entries, in request order. */
  toDelete: string[];
}

const MAX_ENTRIES = 1000;

/** The journal of one emulator. */
export class OptionPatchJournal {
  private entries: OptionPatchEntry[] = [];
  private seq = 0;

  add(entry: Omit<OptionPatchEntry, "seq">): void {
    this.entries.push({ ...entry, seq: ++this.seq });
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
  }

  /** Entries with a sequence number above `afterSeq`. */
  list(afterSeq = 0): OptionPatchEntry[] {
    return this.entries.filter((entry) => entry.seq > afterSeq);
  }
}
