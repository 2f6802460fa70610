/**
 * Starts the sandbox in the browser (config.sandbox): the msw service worker, registered
 * under the app's base path, plays the provider's services. Requests it has no handler for
 * (the app's own assets, config.json, packs) go to the network untouched.
 */
import { setupWorker } from 'msw/browser';
import type { JsonValue } from '../rules/index';
import { createSandboxHandlers } from './handlers';

export { fragmentFromContent } from './fragments';

export interface StartSandboxOptions {
  baseUrl: string;
  apiBaseUrl: string;
  contentBaseUrl: string;
  loggingUrl: string;
  quiet: boolean;
}

let fragmentSource: ((key: string) => JsonValue | undefined) | undefined;

/** The app's own copy, served as content fragments once the documents are loaded. */
export function setSandboxFragments(source: (key: string) => JsonValue | undefined): void {
  fragmentSource = source;
}

export async function startSandbox(options: StartSandboxOptions): Promise<void> {
  const worker = setupWorker(
    ...createSandboxHandlers({
      apiBaseUrl: options.apiBaseUrl,
      contentBaseUrl: options.contentBaseUrl,
      loggingUrl: options.loggingUrl,
      origin: window.location.origin,
      fragment: (key) => fragmentSource?.(key),
    }),
  );
  await worker.start({
    serviceWorker: { url: `${options.baseUrl}mockServiceWorker.js`, options: { scope: options.baseUrl } },
    onUnhandledRequest: 'bypass',
    quiet: options.quiet,
  });
}
