// The editor's autosave (docs/product.md, Never losing a word): the working copy goes to the server
// a short pause after typing stops, one request at a time, and the newest text always wins: an
// answer for older text never marks newer text saved. Offline or signed out, it waits (the text
// stays on the device) until `resume()`: back online, or signed in again.
import { ApiError } from '#lib/api-client.ts';

export interface WorkingText {
  title: string;
  content: string;
}

export type AutosaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; savedAt: string }
  | { kind: 'offline' }
  | { kind: 'signed-out' }
  | { kind: 'failed'; message: string };

export interface AutosaveOptions {
  send(text: WorkingText): Promise<{ saved_at: string }>;
  onState(state: AutosaveState): void;
  /** The server holds exactly this text (the newest): the device's copy can go. */
  onSaved(text: WorkingText): void;
  /** A 401: resolves once signed in again (then the text is sent), rejects when the author gives up. */
  signInAgain(): Promise<void>;
  isOnline(): boolean;
  /** The pause after typing before the text is sent. */
  delayMs?: number;
  /** A server that did not answer is asked again after this long, online or not. */
  retryMs?: number;
}

export const AUTOSAVE_DELAY_MS = 2000;
const RETRY_MS = 15_000;

export class AutosaveScheduler {
  private latest: WorkingText | null = null;
  /** Counts changes: the text of version N is `latest` while `version` is N. */
  private version = 0;
  private savedVersion = 0;
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private state: AutosaveState = { kind: 'idle' };
  private disposed = false;
  /** A 401 came: nothing is sent until signed in again (resume), so closing the dialog is respected. */
  private signedOut = false;

  private readonly options: AutosaveOptions;

  constructor(options: AutosaveOptions) {
    this.options = options;
  }

  /** The author changed the text: it is sent after the pause (a later change restarts the wait). */
  change(text: WorkingText): void {
    this.latest = text;
    this.version++;
    // A known problem stays on the status line until it is over; otherwise the change is on its way.
    if (!this.waiting()) this.setState({ kind: 'saving' });
    this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** Back online or signed in again: send what is waiting now. */
  resume(): void {
    this.signedOut = false;
    if (this.hasUnsent()) this.flush();
  }

  /** Sends waiting text now, without the pause (the page is being hidden). */
  sendNow(): void {
    this.flush();
  }

  /** Opens the sign-in dialog again (the author closed it earlier); the text is sent once signed in. */
  signIn(): void {
    this.options.signInAgain().then(
      () => this.resume(),
      () => {}, // still signed out: the text waits on the device for the next attempt
    );
  }

  /**
   * The server's chapter now holds `text` (the author saved it, or a revision was restored):
   * nothing waits to be sent for it. `replaced`: the editor's text was replaced by it, else it
   * counts only when it is the newest text here.
   */
  serverHas(text: WorkingText, savedAt: string, replaced = false): void {
    if (!replaced && this.latest && !sameText(this.latest, text)) return;
    clearTimeout(this.timer);
    this.latest = text;
    this.version++;
    // An autosave on its way may land after the chapter's save: this text then follows it, so the
    // server's working copy is never older than the chapter.
    if (!this.inFlight) this.savedVersion = this.version;
    this.setState({ kind: 'saved', savedAt });
  }

  /** Whether text typed here has not reached the server yet. */
  hasUnsent(): boolean {
    return this.version !== this.savedVersion;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private waiting(): boolean {
    return this.state.kind === 'offline' || this.state.kind === 'signed-out';
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ms);
  }

  private flush(): void {
    clearTimeout(this.timer);
    const text = this.latest;
    if (this.disposed || this.inFlight || this.signedOut || !text || !this.hasUnsent()) return;
    if (!this.options.isOnline()) {
      this.setState({ kind: 'offline' });
      return;
    }
    const version = this.version;
    this.inFlight = true;
    this.setState({ kind: 'saving' });
    this.options.send(text).then(
      ({ saved_at }) => {
        this.inFlight = false;
        if (this.disposed) return;
        this.savedVersion = Math.max(this.savedVersion, version);
        if (version !== this.version) {
          this.flush(); // newer text came meanwhile: it goes next, and only its answer says "Saved"
          return;
        }
        this.setState({ kind: 'saved', savedAt: saved_at });
        this.options.onSaved(text);
      },
      (error: unknown) => {
        this.inFlight = false;
        if (!this.disposed) this.failed(error);
      },
    );
  }

  private failed(error: unknown): void {
    if (error instanceof ApiError && error.status === 401) {
      this.signedOut = true;
      this.setState({ kind: 'signed-out' });
      this.signIn();
    } else if (error instanceof ApiError) {
      this.setState({ kind: 'failed', message: error.message });
    } else {
      // No answer: offline, or the server is down (then asked again after a while).
      this.setState(this.options.isOnline() ? { kind: 'failed', message: 'no answer from the server' } : { kind: 'offline' });
      this.schedule(this.options.retryMs ?? RETRY_MS);
    }
  }

  private setState(state: AutosaveState): void {
    // Typing on while saving changes nothing to say: no new state on every keystroke.
    if (state.kind === 'saving' && this.state.kind === 'saving') return;
    this.state = state;
    this.options.onState(state);
  }
}

export const sameText = (a: WorkingText, b: WorkingText) => a.title === b.title && a.content === b.content;
