/** Phone numbers in copy rendered as text stay whole (phone-numbers.ts says why and how). */
import type { ReactNode } from 'react';
import { PHONE_CLASS, phoneRuns } from './phone-numbers';

/** Copy as React children: the text itself, or its runs with each phone number in a span that does not wrap. */
export function keepPhonesWhole(text: string): ReactNode {
  const runs = phoneRuns(text);
  if (runs.length === 1) return text;
  return runs.map((run, i) =>
    i % 2 === 1 ? (
      <span key={i} className={PHONE_CLASS}>
        {run}
      </span>
    ) : (
      run
    ),
  );
}
