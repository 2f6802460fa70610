// @vitest-environment jsdom
/**
 * loadWhenOpen (src/ui/components/load-when-open.tsx): nothing is loaded until the first open;
 * a load that fails is asked for once more, and a second failure throws ChunkLoadError into the
 * error boundary around it (the shell routes it, issue 13), and the next open tries again; once
 * loaded, the component renders with its props.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOpen } from '../../src/ui/components/load-when-open';
import { ScreenBoundary } from '../../src/ui/template/ScreenBoundary';

afterEach(cleanup);

function Shown({ open, label }: { open: boolean; label: string }) {
  return open ? <p>{label}</p> : null;
}

describe('loadWhenOpen', () => {
  it('loads on the first open, not before, and renders the loaded component', async () => {
    const load = vi.fn(() => Promise.resolve(Shown));
    const Lazy = loadWhenOpen(load);
    const { rerender } = render(<Lazy open={false} label="Hello" />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Lazy open label="Hello" />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    rerender(<Lazy open={false} label="Hello" />);
    rerender(<Lazy open label="Again" />);
    expect(screen.getByText('Again')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks once more when the code cannot be loaded (loadChunk), and renders it when the second try succeeds', async () => {
    const load = vi.fn<() => Promise<typeof Shown>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Shown);
    const Lazy = loadWhenOpen(load);
    render(<Lazy open label="Hello" />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('throws ChunkLoadError into the error boundary around it after a second failure (issue 13), and the next open tries again', async () => {
    const load = vi.fn<() => Promise<typeof Shown>>().mockRejectedValueOnce(new Error('offline')).mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Shown);
    const Lazy = loadWhenOpen(load);
    const onError = vi.fn();
    const view = (open: boolean) => (
      <ScreenBoundary resetKey={open} fallback={<p>fallback</p>} onError={onError}>
        <Lazy open={open} label="Hello" />
      </ScreenBoundary>
    );
    const { rerender } = render(view(true));
    expect(await screen.findByText('fallback')).toBeTruthy();
    expect(onError).toHaveBeenCalledTimes(1);
    expect((onError.mock.calls[0]?.[0] as Error).name).toBe('ChunkLoadError');
    expect(load).toHaveBeenCalledTimes(2);
    rerender(view(false));
    rerender(view(true));
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('preloads on demand, once', async () => {
    const load = vi.fn(() => Promise.resolve(Shown));
    const Lazy = loadWhenOpen(load);
    await Lazy.preload();
    await Lazy.preload();
    render(<Lazy open label="Ready" />);
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
