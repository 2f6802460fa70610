/**
 * The one widget registry: name -> component, given to rjsf by the form screen. A panel's
 * `ui:widget` names one of these; the names are also listed in src/engine/widgets.ts
 * (WIDGET_NAMES, no React) so lint can check `ui:widget`, and tests/ui/widgets.test.tsx keeps the
 * two lists equal. RadioWidget, CheckboxWidget and SelectWidget replace rjsf's own (radios,
 * booleans, enums); TextWidget and EmailWidget are rjsf's, through Muster's BaseInputTemplate.
 * Keep this a plain object literal, one entry a line.
 */
import { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType, Widget } from '@rjsf/utils';
import { CheckboxWidget } from './CheckboxWidget';
import { DateWidget } from './DateWidget';
import { OptionsSelect } from './OptionsSelect';
import { RadioWidget } from './RadioWidget';
import { SelectWidget } from './SelectWidget';
import { SsnWidget } from './SsnWidget';
import { TextareaWidget } from './TextareaWidget';

/** One of rjsf's own widgets, under its own name. */
function rjsfWidget(name: string): Widget {
  const widget = getDefaultRegistry().widgets[name];
  if (!widget) throw new Error(`rjsf has no widget ${name}`);
  return widget;
}

export const widgets: RegistryWidgetsType = {
  DateWidget,
  OptionsSelect,
  RadioWidget,
  SsnWidget,
  TextareaWidget,
  CheckboxWidget,
  SelectWidget,
  TextWidget: rjsfWidget('TextWidget'),
  EmailWidget: rjsfWidget('EmailWidget'),
};
