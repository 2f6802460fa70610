/**
 * The names of the registered form widgets: the one registry is src/ui/screens/form/widgets.ts
 * (name -> component); the names live here too, with no React, so lint can check every
 * `ui:widget` a panel's uiSchema names (a test keeps the two lists equal).
 */
export const WIDGET_NAMES = ['DateWidget', 'OptionsSelect', 'RadioWidget', 'SsnWidget', 'TextareaWidget', 'CheckboxWidget', 'SelectWidget', 'TextWidget', 'EmailWidget'] as const;

export type WidgetName = (typeof WIDGET_NAMES)[number];

export function isWidgetName(name: string): name is WidgetName {
  return (WIDGET_NAMES as readonly string[]).includes(name);
}
