import { Dialog } from '../components/Dialog';
import type { ExitCopy } from './exit-copy';

export interface ExitDialogProps {
  open: boolean;
  copy: ExitCopy;
  onLeave(): void;
  onStay(): void;
}

/** EXIT-01..EXIT-03: the leave confirmation. Continue is the first (safe) choice. */
export function ExitDialog({ open, copy, onLeave, onStay }: ExitDialogProps) {
  return (
    <Dialog
      open={open}
      title={copy.title}
      onClose={onStay}
      dataDialog="exit"
      actions={[
        { label: copy.leave, onClick: onLeave, variant: 'secondary' },
        { label: copy.stay, onClick: onStay, variant: 'primary' },
      ]}
    >
      <p>{copy.summary}</p>
    </Dialog>
  );
}
