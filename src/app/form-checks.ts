/**
 * A form panel's `checks` as the form screen runs them (FormScreenProps.checkForm): the same
 * pure function simulate and the tests use (src/engine/form-check.ts), given the application
 * state and today at the moment the applicant continues. Loaded with the form screen.
 */
import { checkForm, type FieldError } from '../engine/form-check';
import type { FormPanel } from '../engine/formats.generated';
import type { JsonObject } from '../engine/state';
import type { AppInstance } from './boot';

/** The checker of `panel`, or undefined when it has no checks. A failing rule is logged by code and field only (no values). */
export function panelChecker(app: Pick<AppInstance, 'flow' | 'store' | 'telemetry'>, panel: FormPanel): ((data: JsonObject) => FieldError[]) | undefined {
  if (panel.checks === undefined || panel.checks.length === 0) return undefined;
  return (data) =>
    checkForm(app.flow.docs, panel, data, app.store.getSnapshot().state, app.store.context(), {
      onRuleError: (check, error) => app.telemetry.log('error', 'form check failed', { panel: panel.id, field: check.field, code: error.code }),
    });
}

export { panelSuppressed } from './form-suppressed';
