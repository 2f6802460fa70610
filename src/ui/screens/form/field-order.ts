/** The form's field order: the full form (its error summary) and the form's first paint, which carries nothing more of uiSchema.ts. */
import type { JsonValue } from '../../../rules/index';
import type { FormPanel } from '../../../engine/formats.generated';

type UiNode = { [key: string]: JsonValue };

function isNode(v: JsonValue | undefined): v is UiNode {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * The order the form shows its top-level fields in: the UI schema's `ui:order` (with `*` for
 * the rest) or the schema's property order. A nested field sorts with its top-level field.
 */
export function fieldOrder(panel: FormPanel): (field: string) => number {
  const props = Object.keys(isNode(panel.schema.properties) ? panel.schema.properties : {});
  const order = panel.uiSchema?.['ui:order'];
  let sequence = props;
  if (Array.isArray(order)) {
    const named = order.filter((x): x is string => typeof x === 'string' && x !== '*');
    const rest = props.filter((p) => !named.includes(p));
    const star = order.indexOf('*');
    sequence = star < 0 ? [...named, ...rest] : [...named.slice(0, star), ...rest, ...named.slice(star)];
  }
  return (field: string) => {
    const top = field.split('.')[0] ?? '';
    const i = sequence.indexOf(top);
    return i < 0 ? sequence.length : i;
  };
}
