/**
 * The browser entry: boot (config, session, documents), then the app, a blocking page, or the
 * trap. Nothing here decides the flow.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreen } from './app/StepHost';
import { boot, localToday, shellContent } from './app/boot';
import { BlockingPage } from './ui/template/BlockingPage';
import { leaveApp } from './services/navigation';
import type { EarlyRequests } from './app/early';
import { isSilentRenewalFrame } from './app/silent-frame';
import { afterPaint } from './ui/after-paint';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const root = createRoot(container);

/** Runs `work` once a screen (`[data-screen]`, not a loading line) is on the page and painted. */
function whenScreenShown(within: HTMLElement, work: () => void): void {
  const shown = (): boolean => within.querySelector('[data-screen]') !== null;
  if (shown()) return afterPaint(work);
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    afterPaint(work);
  });
  observer.observe(within, { childList: true, subtree: true });
}

// The silent renewal's hidden frame (AUTH-05) boots nothing: it hands its URL to the page that opened it.
void (isSilentRenewalFrame(window.location.pathname) ? import('./app/auth/silent').then((m) => m.completeSilentRenewal(window.location.href)) : boot({
  baseUrl: import.meta.env.BASE_URL,
  location: window.location,
  referrer: document.referrer,
  storage: () => window.sessionStorage,
  fetch: (input, init) => window.fetch(input, init),
  today: () => localToday(),
  leave: leaveApp,
  // config.json and the pack, requested by index.html's inline script (src/app/early.ts).
  early: (window as { __musterEarly?: EarlyRequests }).__musterEarly,
  firstScreen: preloadScreen,
})).then(
  (result) => {
    switch (result.kind) {
      case 'ready': {
        const app = result.app;
        // Session storage is written once each new screen is painted; a reload or a tab closed
        // within that frame still keeps the step (pagehide comes before the page goes).
        window.addEventListener('pagehide', () => app.store.flushChanges());
        root.render(
          <StrictMode>
            <App app={app} />
          </StrictMode>,
        );
        // The documents' full check (src/app/load.ts) runs once the applicant is on the first
        // panel (question or form), when the browser is idle: off the path to the first question.
        // Findings end on the trap.
        const verify = (): void => {
          void app.verifyDocuments().then(
            (findings) => {
              if (findings.length > 0) {
                app.stopPersisting();
                root.render(<BlockingPage kind="trap" content={shellContent(app.telemetry)} brand={app.config.brand} />);
              }
            },
            // The check's code could not load: the documents passed the first reading and the build's check (issue 13).
            () => app.telemetry.log('warn', 'documents check failed to load'),
          );
        };
        const whenIdle = (work: () => void, timeout: number): void => {
          if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(work, { timeout });
          else window.setTimeout(work, 200);
        };
        // The rules are checked and compiled while the applicant reads the first screen, so the
        // first answer does not wait for it.
        whenIdle(() => app.docs.ruleEngine.prepareAll(), 1000);
        // On the screen, not before it: a form's first paint waits for its chunk, and the check
        // must not take that wait's idle time (the first screen's budget, issue 11).
        const whenPanelShown = (): void =>
          whenScreenShown(container, () => {
            if (app.store.view.kind === 'panel') whenIdle(verify, 2000);
            else {
              const stop = app.store.subscribe(() => {
                if (app.store.view.kind !== 'panel') return;
                stop();
                whenIdle(verify, 2000);
              });
            }
          });
        whenPanelShown();
        break;
      }
      case 'blocked':
        root.render(<BlockingPage kind={result.reason} content={result.content} brand={result.brand} restartUrl={'restartUrl' in result ? result.restartUrl : undefined} />);
        break;
      case 'failed':
        root.render(<BlockingPage kind="trap" content={result.content} brand={result.brand} />);
        break;
      case 'redirected':
        break;
    }
  },
  (err: unknown) => {
    // Never a blank page (issue 13): the load-failure trap, with the phone number and Try again.
    console.error('[error] the app failed to start', err instanceof Error ? err.name : 'unknown');
    root.render(<BlockingPage kind="trap" content={shellContent()} brand="muster" />);
  },
);
