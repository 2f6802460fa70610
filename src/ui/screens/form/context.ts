/** What Muster's rjsf templates and widgets need from the form screen. */
import { createContext } from 'react';
import type { ContentApi } from '../../contract';

export interface FormUi {
  content: ContentApi;
  /** Counts submits that found errors: the error summary takes focus each time it changes. */
  attempt: number;
  /** A field's label by dotted path. */
  labelOf: (field: string) => string;
  /** A field's place in the form (the error summary lists errors in the order of the fields). */
  orderOf: (field: string) => number;
}

export const FormUiContext = createContext<FormUi | null>(null);
