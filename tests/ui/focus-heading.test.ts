// @vitest-environment jsdom
// UI-17: a new screen's heading takes focus; on a page just loaded, without the focus ring.
import { describe, expect, it, vi } from 'vitest';

async function fresh() {
  vi.resetModules();
  return (await import('../../src/ui/focus-heading')).focusHeading;
}

function heading() {
  const h = document.createElement('h1');
  h.tabIndex = -1;
  return { h, focus: vi.spyOn(h, 'focus') };
}

describe('focusHeading (UI-17)', () => {
  it('focuses without the ring before any key or pointer on the page', async () => {
    const focusHeading = await fresh();
    const { h, focus } = heading();
    focusHeading(h);
    expect(focus).toHaveBeenCalledWith({ preventScroll: false, focusVisible: false });
  });

  it.each([
    ['a key', () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }))],
    ['a pointer', () => window.dispatchEvent(new Event('pointerdown'))],
  ])("after %s, leaves the ring to the browser's own choice", async (_what, act) => {
    const focusHeading = await fresh();
    act();
    const { h, focus } = heading();
    focusHeading(h);
    expect(focus).toHaveBeenCalledWith({ preventScroll: false });
  });

  it('does nothing without a heading', async () => {
    const focusHeading = await fresh();
    expect(() => focusHeading(null)).not.toThrow();
  });
});
