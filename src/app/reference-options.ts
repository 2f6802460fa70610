/**
 * Reference data in the app (REF-01..REF-22): one TanStack Query client per app (the lists are
 * cached for the session and shared between panels), the form screen's OptionsLoader (requests
 * resolved from flows/option-sources.json with the state's conditions, fetched by the
 * reference-data service once the services are up), and the review's option labels.
 *
 * Loaded with the form screen's chunk (FormStep, ReviewStep): TanStack Query stays out of the
 * first screen's bundle.
 */
import { QueryClient } from '@tanstack/react-query';
import { evaluateCondition } from '../engine/flow';
import { resolveOptions, toOptions, type FieldOptions, type OptionItem, type OptionSource } from '../engine/option-sources';
import type { FormPanel } from '../engine/formats.generated';
import { getPath, type JsonObject } from '../engine/state';
import type { OptionLabel, OptionsLoader } from '../ui/contract';
import { referenceQueryKey } from '../ui/screens/form/options';
import { createReferenceDataService, type ReferenceDataService } from '../services/reference-data';
import type { AppInstance } from './boot';

/** What the loader needs of the app (tests pass a part of one). */
export type ReferenceApp = Pick<AppInstance, 'config' | 'flow' | 'store' | 'content' | 'servicesReady'>;

const clients = new WeakMap<object, QueryClient>();
const services = new WeakMap<object, ReferenceDataService>();

/**
 * The app's query client: lists never go stale in a session (staleTime Infinity) and stay cached
 * (gcTime Infinity); no retry of its own, the service's REF-21 policy is the one retry policy.
 */
export function createReferenceQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    },
  });
}

export function referenceQueryClient(app: object): QueryClient {
  let client = clients.get(app);
  if (!client) {
    client = createReferenceQueryClient();
    clients.set(app, client);
  }
  return client;
}

function sourcesOf(app: ReferenceApp): Readonly<Record<string, OptionSource>> {
  return app.flow.docs.optionSources?.value.sources ?? {};
}

export function createOptionsLoader(app: ReferenceApp, service?: ReferenceDataService): OptionsLoader {
  const fetcher = (): ReferenceDataService => {
    if (service) return service;
    let s = services.get(app);
    if (!s) {
      s = createReferenceDataService(app.config.apiBaseUrl);
      services.set(app, s);
    }
    return s;
  };
  return {
    resolve(field: FieldOptions, formData: JsonObject) {
      const state = app.store.state;
      const ctx = app.store.context();
      return resolveOptions(field.source, sourcesOf(app)[field.source], field, formData, (condition) => evaluateCondition(app.flow, condition, state, ctx));
    },
    async load(request, signal): Promise<OptionItem[]> {
      await app.servicesReady();
      const body = await fetcher().fetchList(request, signal);
      const source = sourcesOf(app)[request.source];
      if (!source) throw new Error(`unknown option source "${request.source}"`);
      return toOptions(request.source, source, body, (key) => app.content.text(key));
    },
    keep(field: FieldOptions, options: readonly OptionItem[], formData: JsonObject): OptionItem[] {
      const showWhen = field.showWhen;
      if (showWhen === undefined) return [...options];
      const state = { ...app.store.state, form: formData };
      const ctx = app.store.context();
      try {
        return options.filter((o) => evaluateCondition(app.flow, showWhen, { ...state, option: { value: o.value, label: o.label } }, ctx));
      } catch {
        // A filter whose rule fails offers the whole list: the eligibility rules still judge the answer (fail open for the offer only).
        return [...options];
      }
    },
    offered(field: FieldOptions, values: readonly string[]): void {
      const at = field.offeredAt;
      if (at === undefined) return;
      const now = getPath(app.store.state, at);
      if (Array.isArray(now) && now.length === values.length && now.every((v, i) => v === values[i])) return;
      app.store.patch({ [at]: [...values] });
    },
  };
}

/**
 * The label a panel's list gave a value (the review shows 'Army', not 'A'), from the lists already
 * cached; undefined when the list is not cached or does not hold the value.
 */
export function createOptionLabel(app: ReferenceApp, client: QueryClient = referenceQueryClient(app)): OptionLabel {
  const loader = createOptionsLoader(app);
  return (panel: FormPanel, field: string, value: string, data: JsonObject) => {
    const spec = panel.options?.[field];
    if (!spec) return undefined;
    try {
      const resolved = loader.resolve(spec, data);
      if (resolved.kind !== 'ready') return undefined;
      const list = client.getQueryData<OptionItem[]>(referenceQueryKey(resolved.request.key));
      return list?.find((o) => o.value === value)?.label;
    } catch {
      return undefined;
    }
  };
}
