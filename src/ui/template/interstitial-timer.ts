/**
 * The interstitial's timing (UI-19, doc 1 §9): it opens only when the wait passes 1000 ms, and
 * once open it stays at least 2000 ms, so a quick answer never flashes it. `finish()` resolves
 * when the flow may move on (at once if it never opened).
 */
export const INTERSTITIAL_TIMING = { openDelayMs: 1000, minOpenMs: 2000, messageEveryMs: 3000 } as const;

export class InterstitialTimer {
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private shownAt: number | undefined;
  private closing: (() => void) | undefined;

  constructor(
    private readonly onChange: (visible: boolean) => void,
    private readonly timing: { openDelayMs: number; minOpenMs: number } = INTERSTITIAL_TIMING,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get visible(): boolean {
    return this.shownAt !== undefined;
  }

  /** The wait begins (or began `alreadyWaitedMs` ago: the delay counts from then). */
  start(alreadyWaitedMs = 0): void {
    if (this.openTimer !== undefined || this.shownAt !== undefined) return;
    this.openTimer = setTimeout(
      () => {
        this.openTimer = undefined;
        this.shownAt = this.now();
        this.onChange(true);
      },
      Math.max(0, this.timing.openDelayMs - alreadyWaitedMs),
    );
  }

  /** The wait is over: resolves when the interstitial has closed (or never opened). */
  finish(): Promise<void> {
    if (this.openTimer !== undefined) {
      clearTimeout(this.openTimer);
      this.openTimer = undefined;
      return Promise.resolve();
    }
    if (this.shownAt === undefined) return Promise.resolve();
    const remaining = Math.max(0, this.timing.minOpenMs - (this.now() - this.shownAt));
    return new Promise<void>((resolve) => {
      this.closing = resolve;
      this.closeTimer = setTimeout(() => {
        this.closeTimer = undefined;
        this.shownAt = undefined;
        this.closing = undefined;
        this.onChange(false);
        resolve();
      }, remaining);
    });
  }

  dispose(): void {
    if (this.openTimer !== undefined) clearTimeout(this.openTimer);
    if (this.closeTimer !== undefined) clearTimeout(this.closeTimer);
    this.openTimer = undefined;
    this.closeTimer = undefined;
    this.shownAt = undefined;
    this.closing?.();
    this.closing = undefined;
  }
}
