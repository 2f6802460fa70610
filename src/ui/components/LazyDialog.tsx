/** The modal dialog (src/ui/components/Dialog.tsx), loaded the first time one opens (load-when-open.tsx). */
import type { DialogProps } from './Dialog';
import { loadWhenOpen } from './load-when-open';

export type { DialogAction, DialogProps } from './Dialog';

export const Dialog = loadWhenOpen<DialogProps>(() => import('./Dialog').then((m) => m.Dialog));
