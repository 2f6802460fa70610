// @vitest-environment jsdom
/**
 * loadWhenOpen (src/ui/components/load-when-open.tsx): nothing is loaded until the first open;
 * a load that fails renders nothing (never a blank page or a thrown error) and the next open
 * tries again; once loaded, the component renders with its props.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOpen } from '../../src/ui/components/load-when-open';

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

  it('renders nothing when the code cannot be loaded, and tries again on the next open', async () => {
    const load = vi.fn<() => Promise<typeof Shown>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Shown);
    const Lazy = loadWhenOpen(load);
    const { rerender, container } = render(<Lazy open label="Hello" />);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(container.innerHTML).toBe('');
    rerender(<Lazy open={false} label="Hello" />);
    rerender(<Lazy open label="Hello" />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
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
