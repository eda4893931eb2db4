/**
 * Yes/no questions on stderr, answered on stdin (a terminal or a pipe). Lines are queued, so
 * piped answers to several questions are not lost; end of input answers "no".
 */
import { createInterface, type Interface } from "node:readline/promises";

/** Asks questions; create one per command run and {@link Prompter.close} it. */
export class Prompter {
  private rl: Interface | undefined;
  private readonly lines: string[] = [];
  private waiting: ((line: string | undefined) => void) | undefined;
  private ended = false;

  constructor(
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stderr,
  ) {}

  /** Asks `question`; true only for an answer of y or yes. */
  async confirm(question: string): Promise<boolean> {
    this.open();
    this.output.write(`${question} [y/N] `);
    const answer = await this.nextLine();
    if (answer === undefined) this.output.write("\n");
    return /^y(es)?$/i.test(answer?.trim() ?? "");
  }

  /** Stops reading stdin, so the process can exit. */
  close(): void {
    this.rl?.close();
  }

  private open(): void {
    if (this.rl) return;
    const rl = createInterface({ input: this.input, terminal: false });
    rl.on("line", (line) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      if (waiting) waiting(line);
      else this.lines.push(line);
    });
    rl.on("close", () => {
      this.ended = true;
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.(undefined);
    });
    this.rl = rl;
  }

  private nextLine(): Promise<string | undefined> {
    const queued = this.lines.shift();
    if (queued !== undefined || this.ended) return Promise.resolve(queued);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}
