/**
 * The browser's driver of the one command runner (src/engine/provider/io.ts): each request goes
 * through the one HTTP client (src/services/http.ts) with its service's policy (timeout, retries:
 * src/services/endpoints.ts POLICIES), cancelled by the command's AbortSignal; pauses are real
 * timers that the signal ends; the clock is Date.now(). A request that gets no answer (a timeout,
 * a network error) is answered as a failure for the command to judge; a cancelled one throws into
 * the command, which is given up.
 */
import { isCancel, type AxiosInstance } from 'axios';
import type { Driver, Effect, ProviderAnswer, ProviderService } from '../engine/provider/io';
import { abortableDelay, createClient, failureOf } from './http';
import { POLICIES, type RequestPolicy } from './endpoints';

export interface TransportOptions {
  /** A client per service (tests pass short timeouts); by default the service's policy. */
  clients?: Partial<Record<ProviderService, AxiosInstance>>;
  /** A policy for every service instead of each one's own (tests). */
  policy?: RequestPolicy | number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

export function createTransport(apiBaseUrl: string, options: TransportOptions = {}): Driver {
  const clients = new Map<ProviderService, AxiosInstance>();
  const clientFor = (service: ProviderService): AxiosInstance => {
    let client = options.clients?.[service] ?? clients.get(service);
    if (!client) {
      client = createClient(apiBaseUrl, options.policy ?? POLICIES[service]);
      clients.set(service, client);
    }
    return client;
  };
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => abortableDelay(ms, signal, () => signal?.reason));
  const now = options.now ?? (() => Date.now());
  return {
    async perform(effect: Effect, signal?: AbortSignal): Promise<unknown> {
      if (effect.kind === 'now') return now();
      if (effect.kind === 'id') return crypto.randomUUID();
      if (effect.kind === 'sleep') return sleep(effect.ms, signal);
      const r = effect.request;
      try {
        const answer = await clientFor(r.service).request({ method: r.method, url: r.path, data: r.body, headers: r.headers, signal });
        const location = (answer.headers as Record<string, unknown> | undefined)?.location;
        return { kind: 'answer', status: answer.status, body: answer.data, ...(typeof location === 'string' ? { location } : {}) } satisfies ProviderAnswer;
      } catch (err) {
        if (isCancel(err) || signal?.aborted) throw err;
        return { kind: 'failure', ...failureOf(err) } satisfies ProviderAnswer;
      }
    },
  };
}
