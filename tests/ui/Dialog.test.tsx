// @vitest-environment jsdom
/** The modal dialog: named by its title, Escape closes, Tab stays inside, page behind inert, focus returns to the opener. */
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogAction } from '../../src/ui/components/Dialog';
import { AXE_OPTIONS } from './helpers';

function Harness({ actions, onClose, closeLabel }: { actions?: DialogAction[]; onClose?: () => void; closeLabel?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <h1>Page</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Exit
      </button>
      <Dialog
        open={open}
        title="Do you want to leave?"
        closeLabel={closeLabel}
        actions={actions}
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <p>Your progress won&apos;t be saved.</p>
      </Dialog>
    </main>
  );
}

afterEach(cleanup);

function openDialog(): { opener: HTMLElement; dialog: HTMLElement } {
  const opener = screen.getByRole('button', { name: 'Exit' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by its title and described by its body, and takes focus', () => {
    render(<Harness actions={[{ label: 'Leave', onClick: vi.fn(), variant: 'primary' }]} />);
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Do you want to leave?' })).toBe(dialog);
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe("Your progress won't be saved.");
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} actions={[{ label: 'Leave', onClick: vi.fn() }]} />);
    const { opener, dialog } = openDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('runs its actions (at most two) and its close button', () => {
    const leave = vi.fn();
    const stay = vi.fn();
    const onClose = vi.fn();
    render(
      <Harness
        onClose={onClose}
        closeLabel="Close"
        actions={[
          { label: 'Leave', onClick: leave, variant: 'primary' },
          { label: 'Continue Questions', onClick: stay },
          { label: 'A third', onClick: vi.fn() },
        ]}
      />,
    );
    openDialog();
    expect(screen.queryByRole('button', { name: 'A third' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue Questions' }));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(stay).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Leave' }).className).toContain('mu-button--primary');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog', () => {
    render(<Harness closeLabel="Close" actions={[{ label: 'Leave', onClick: vi.fn() }, { label: 'Stay', onClick: vi.fn() }]} />);
    const { dialog } = openDialog();
    const close = screen.getByRole('button', { name: 'Close' });
    const stay = screen.getByRole('button', { name: 'Stay' });
    stay.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(stay);
  });

  it('makes the page behind inert while open, and not after', () => {
    const { container } = render(<Harness actions={[{ label: 'Leave', onClick: vi.fn() }]} />);
    const { dialog } = openDialog();
    expect(container.hasAttribute('inert')).toBe(true);
    expect(dialog.closest('[inert]')).toBeNull();
    expect(document.body.classList.contains('mu-dialog-open')).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(container.hasAttribute('inert')).toBe(false);
    expect(document.body.classList.contains('mu-dialog-open')).toBe(false);
  });

  it('closes when the backdrop is pressed, not when the box is', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const { dialog } = openDialog();
    fireEvent.mouseDown(dialog);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.mouseDown(dialog.parentElement as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations when open', async () => {
    render(<Harness closeLabel="Close" actions={[{ label: 'Leave', onClick: vi.fn() }]} />);
    const { dialog } = openDialog();
    const results = await axe.run(dialog.parentElement as HTMLElement, AXE_OPTIONS);
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
