/**
 * Reference data for component tests: an OptionsLoader over the sandbox's lists (no network)
 * and flows/option-sources.json, with failures on demand, and a fresh TanStack Query client
 * around what is rendered (as src/app/FormStep.tsx provides it).
 */
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { resolveOptions, toOptions, type OptionsRequest } from '../../src/engine/option-sources';
import type { OptionSources } from '../../src/engine/formats.generated';
import { referenceAnswer } from '../../src/sandbox/reference-data';
import { REFERENCE_PREFIX } from '../../src/sandbox/reference-handlers';
import { createReferenceQueryClient } from '../../src/app/reference-options';
import type { OptionsLoader } from '../../src/ui/contract';
import { readProjectJson } from './helpers';

export const OPTION_SOURCES = readProjectJson<OptionSources>('flows/option-sources.json').sources;

export interface TestOptionsLoader extends OptionsLoader {
  load: ReturnType<typeof vi.fn<OptionsLoader['load']>>;
  /** Make the next `times` loads of a source fail. */
  failNext(source: string, times?: number): void;
  /** Hold loads until `release()` (to see the loading state). */
  hold(): () => void;
}

/** The sandbox's lists through the real resolution and option rules; `holds` answers the sources' state conditions. */
export function sandboxOptionsLoader(holds: (condition: unknown) => boolean = () => false, label: (key: string) => string = (k) => (k === 'reference.unitedStates' ? 'United States' : k)): TestOptionsLoader {
  const failing = new Map<string, number>();
  let gate: Promise<void> | undefined;
  const load = vi.fn<OptionsLoader['load']>(async (request: OptionsRequest) => {
    if (gate) await gate;
    const left = failing.get(request.source) ?? 0;
    if (left > 0) {
      failing.set(request.source, left - 1);
      throw Object.assign(new Error(`reference list ${request.path}: HTTP 503`), { name: 'ReferenceDataError', failure: { status: 503 } });
    }
    const source = OPTION_SOURCES[request.source];
    const answer = referenceAnswer(request.path.slice(REFERENCE_PREFIX.length), new URLSearchParams(request.query));
    if (!source || answer === undefined) throw new Error(`no list ${request.path}`);
    return toOptions(request.source, source, answer, label);
  });
  return {
    resolve: (field, data) => resolveOptions(field.source, OPTION_SOURCES[field.source], field, data, holds),
    load,
    failNext(source, times = 1) {
      failing.set(source, times);
    },
    hold() {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
  };
}

/** `ui` inside a QueryClientProvider (a fresh client unless one is given: the cache is per test). */
export function withQueryClient(ui: ReactElement, client: QueryClient = createReferenceQueryClient()): ReactElement {
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}
