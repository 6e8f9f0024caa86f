// The limits within which one file's metadata is read (decision 18). Text is counted across
// all of a file's texts, inflated or not, so no number of chunks multiplies the work; the
// reading is cut into steps with a yield to the event loop between them, so other requests
// keep being answered; and a deadline ends the reading. What was read by then is kept.
import { yieldToEventLoop } from '#core/yield.ts';

/** Text read from one file, all texts together (real files carry well under 100 KB). */
export const FILE_TEXT_BUDGET = 8 * 1024 * 1024;
/** Wall time for reading one file's metadata, yields included. */
export const FILE_TIME_BUDGET_MS = 2000;
/** Work (in bytes looked at) between two yields: about 1 MB keeps each step to a few ms. */
const STEP_WORK = 1024 * 1024;

export class ReadBudget {
  private textLeft: number;
  private readonly deadline: number;
  private workSinceYield = 0;

  constructor(textBytes = FILE_TEXT_BUDGET, timeMs = FILE_TIME_BUDGET_MS) {
    this.textLeft = textBytes;
    this.deadline = performance.now() + timeMs;
  }

  /** Text taken so far is never more than the budget: a take that would pass it fails and takes nothing. */
  take(bytes: number): boolean {
    if (bytes > this.textLeft) {
      this.textLeft = 0;
      return false;
    }
    this.textLeft -= bytes;
    return true;
  }

  /** True once the text or the time is spent: readers then stop with what they have. */
  get spent(): boolean {
    return this.textLeft <= 0 || this.outOfTime;
  }

  /** The clock moves in workerd only between steps (at I/O), so this is checked after yields. */
  get outOfTime(): boolean {
    return performance.now() >= this.deadline;
  }

  /** Counts work done; yields to the event loop once a step's worth has accumulated. */
  async pace(work: number): Promise<void> {
    this.workSinceYield += work;
    if (this.workSinceYield >= STEP_WORK) await this.step();
  }

  /** Ends a step now (before a parse that runs in one go, such as JSON.parse). */
  async step(): Promise<void> {
    this.workSinceYield = 0;
    await yieldToEventLoop();
  }
}
