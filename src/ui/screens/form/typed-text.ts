/**
 * A control whose text on screen is not the value the form stores (the date typed MM/dd/yyyy,
 * stored yyyy-MM-dd; the SSN typed with dashes, stored as digits): the text stays as typed, the
 * form gets what it means, and a value changed from outside (a reset, prefill, a Change link)
 * replaces the text unless the text already means it.
 */
import { useState, type ChangeEvent } from 'react';

export function useTypedText(value: unknown, stored: (text: string) => string | undefined, shown: (value: unknown) => string, onChange: (value: unknown) => void, emptyValue: unknown) {
  const [text, setText] = useState(() => shown(value));
  const [seen, setSeen] = useState<unknown>(value);
  if (value !== seen) {
    setSeen(value);
    if (stored(text) !== value) setText(shown(value));
  }
  const change = (event: ChangeEvent<HTMLInputElement>): void => {
    const next = event.target.value;
    const meant = stored(next);
    setText(next);
    setSeen(meant);
    onChange(meant ?? emptyValue);
  };
  return { text, change };
}
