import { Dialog } from '../components/Dialog';
import type { ContentApi } from '../contract';
import { keepPhonesWhole } from '../keep-phones';

/** PROD-09 (suggested default): the help button opens the provider's help, here a dialog with the phone number; the flow is untouched. */
export function HelpDialog({ open, content, onClose }: { open: boolean; content: ContentApi; onClose(): void }) {
  const phone = content.has('placeholders.phone') ? content.text('placeholders.phone') : content.text('app.help.phone');
  const close = content.text('app.help.close');
  return (
    <Dialog open={open} title={content.text('app.help.title')} onClose={onClose} closeLabel={close} dataDialog="help" actions={[{ label: close, onClick: onClose, variant: 'primary' }]}>
      <p>{keepPhonesWhole(content.text('app.help.body', { phone }))}</p>
    </Dialog>
  );
}
