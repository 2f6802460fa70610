/** What a form panel does not ask of this person (VAL-16): the form's first paint and the full form. */
import { suppressedFields } from '../engine/form-suppress';
import type { FormPanel } from '../engine/formats.generated';
import type { AppInstance } from './boot';

/** The fields the panel does not ask of this person now (VAL-16), from the state as it is. */
export function panelSuppressed(app: Pick<AppInstance, 'flow' | 'store'>, panel: FormPanel): string[] {
  return suppressedFields(app.flow.docs, panel, app.store.getSnapshot().state, app.store.context());
}
