/**
 * Start-up (issue 4, doc 1 §4 "Session start"): runtime config, storage check, session start
 * rules, the product's documents, the flow state (new, resumed, or restored after a reload),
 * the sandbox. Returns what the page shows: the app, a blocking page, or the trap.
 *
 * A session starts at the entry URL (the base path, with the entry query). A step URL with a
 * stored flow snapshot continues that session: that is a reload, or a return within the
 * session, and it lands on the same step with the same (non-personal) answers.
 */
// Only its strings: the named import leaves the file's description out of the script.
import { strings as shellStrings } from '../../content/en/shell.json';
import { newSessionSlices } from '../engine/session-start';
import { startFlow, DEFAULT_PRODUCT, DEFAULT_SEQUENCE, type Flow, type StepView } from '../engine/flow';
import type { DocumentSet } from '../engine/loader';
import type { AppState, JsonObject } from '../engine/state';
import type { JsonValue } from '../rules/index';
import { createContent, createContentFor, bundleSource, contentSource, type AppContent } from '../ui/content';
import { createTelemetry, type AppTelemetry } from '../ui/telemetry';
import { afterPaint } from '../ui/after-paint';
import { loadChunk, setChunkTimeout } from '../ui/load-chunk';
import { fetchConfig, isProduction, type RuntimeConfig } from './config';
import { fetchProductPack, loadFlow, PackLoadError, verifyPack } from './load';
import type { Diagnostic } from '../engine/diagnostics';
import type { ProductPack } from '../engine/pack';
import { FlowStore } from './flow-store';
import { askAgain, isAskedAgain } from '../engine/answers';
import { isSnapshotRecord, personalValues, redactPersonal } from './persist';
import { appPath, BASENAME } from './routes';
import { canResume, parseEntryQuery, referrerRedirect, type EntryQuery } from './session';
import { SessionStore, storageAvailable, type SessionValues } from './storage';
import type { Leave } from '../services/navigation';
import { createFragmentService } from '../services/fragments';
import type { EarlyRequests } from './early';
import { untilAborted } from './timeouts';
import { AuthState } from './auth/auth-state';

// PROD-16: the build's feature flags are the engine's (shared with simulate).
export { BUILD_FLAGS } from '../engine/session-start';

export interface BootEnv {
  /** The app's base URL, e.g. /join/get-started/ (Vite's BASE_URL). */
  baseUrl: string;
  location: Pick<Location, 'pathname' | 'search' | 'origin' | 'href'>;
  referrer: string;
  storage: () => Storage | undefined;
  fetch: typeof fetch;
  today: () => string;
  leave: Leave;
  console?: Pick<Console, 'info' | 'warn' | 'error' | 'debug'>;
  /** The question screens' auto-advance delay (tests pass 0); default the screens' 500 ms (UI-02). */
  autoAdvanceMs?: number;
  /** config.json and the pack, already requested by index.html (src/app/early.ts). */
  early?: EarlyRequests | undefined;
  /**
   * Loads the code of the screen that shows `view` when it is not in the entry (a question, a
   * form's first paint: src/app/StepHost.tsx preloadScreen), started as soon as the first step is
   * known; boot is ready once it has arrived (or failed: the screen then tries again), so the
   * first screen renders at once, with no loading line before it.
   */
  firstScreen?: (view: StepView) => Promise<unknown>;
}

export interface AppInstance {
  config: RuntimeConfig;
  flow: Flow;
  docs: DocumentSet;
  store: FlowStore;
  session: SessionStore;
  content: AppContent;
  telemetry: AppTelemetry;
  demo: boolean;
  /** Test routes and the panel override exist outside production only (ROUTE-07, ROUTE-18). */
  testRoutes: boolean;
  /**
   * Resolves when the services can be called. With the sandbox on, the first call starts the
   * msw worker: its code is loaded on demand, never before the first question screen.
   */
  servicesReady(): Promise<void>;
  env: BootEnv;
  /** Stops writing to session storage (the applicant is leaving); `last`, when given, is saved first (the state to come back to). */
  stopPersisting(last?: AppState): void;
  /** Signed in or anonymous (issue 12, src/app/auth/): the sign-in code itself loads on demand. */
  auth: AuthState;
  /**
   * The full check of the documents (src/app/load.ts: formats and references, as lint checks
   * them), run once the applicant is on the first panel: resolves with the findings ([] when
   * clean); findings are logged here, the caller shows the trap.
   */
  verifyDocuments(): Promise<Diagnostic[]>;
  /**
   * The first screen's milestone content (CONT-08, unauthenticated), requested by boot as soon as
   * its key is known (before the first render): the screen's first anonymous call for that key
   * takes it; any other call gets undefined and makes its own request.
   */
  takeFirstFragment(key: string): Promise<JsonValue> | undefined;
}

export type BootResult =
  | { kind: 'ready'; app: AppInstance }
  | { kind: 'blocked'; reason: 'private' | 'support'; content: AppContent; telemetry: AppTelemetry; brand: string }
  /** An entry URL naming a version the product does not declare (SESS-06): the version page, with a link to the same entry without it. */
  | { kind: 'blocked'; reason: 'version'; content: AppContent; telemetry: AppTelemetry; brand: string; restartUrl: string }
  | { kind: 'failed'; reason: string; content: AppContent; telemetry: AppTelemetry; brand: string }
  | { kind: 'redirected'; url: string };

/** The shell's own copy, bundled (content/en/shell.json): blocking pages and the load-failure trap need it before (or without) the documents. */
export function shellContent(telemetry?: AppTelemetry): AppContent {
  return createContent(bundleSource({ strings: shellStrings }), telemetry);
}

export function localToday(now: Date = new Date()): string {
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

function str(v: JsonValue | undefined): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export async function boot(env: BootEnv): Promise<BootResult> {
  const out = env.console ?? console;
  const early = createTelemetry({ environment: 'development', console: out });
  const storageOk = storageAvailable(env.storage);
  const session = new SessionStore(storageOk ? env.storage() : undefined, { log: (...a) => telemetryRef.current.log(...a) });
  const telemetryRef: { current: AppTelemetry } = { current: early };

  const path = appPath(env.location.pathname, BASENAME);
  const stored: SessionValues = storageOk ? session.read() : {};
  const snapshot = isSnapshotRecord(stored.flowState) ? stored.flowState : undefined;
  const rawQuery = parseEntryQuery(env.location.search, true);
  const isEntry = path === '' || snapshot === undefined;
  const resuming = isEntry && canResume(stored, rawQuery.action);
  const requested = !isEntry && snapshot ? snapshot.productId : resuming ? (str(stored.productId) ?? DEFAULT_PRODUCT) : (rawQuery.product ?? DEFAULT_PRODUCT);

  // The config and the product's documents are fetched together: two requests, in parallel,
  // usually already under way from index.html (src/app/early.ts).
  const started = env.early ?? {};
  const fetcher: typeof fetch = (url, init) => {
    const response = started[String(url)];
    started[String(url)] = undefined;
    if (!response) return env.fetch(url, init);
    // A request index.html started has no timeout of its own: the caller's (src/app/timeouts.ts) still ends it.
    return untilAborted(response, init?.signal);
  };
  const packPromise = fetchProductPack(env.baseUrl, requested, fetcher).then(
    (pack) => ({ pack }),
    (error: unknown) => ({ error }),
  );
  let config: RuntimeConfig;
  try {
    config = await fetchConfig(env.baseUrl, fetcher);
  } catch (err) {
    early.log('error', 'runtime config failed to load', { reason: err instanceof Error ? err.message : 'unknown' });
    return { kind: 'failed', reason: 'config', content: shellContent(early), telemetry: early, brand: 'muster' };
  }
  const telemetry = createTelemetry({ environment: config.environment, loggingUrl: config.loggingUrl, console: out });
  telemetryRef.current = telemetry;
  if (config.chunkTimeoutMs && !isProduction(config)) setChunkTimeout(config.chunkTimeoutMs);
  const fallback = shellContent(telemetry);

  // SESS-12: no session storage, no app.
  if (!storageOk) {
    telemetry.log('error', 'sessionStorage unavailable', { code: 'CONTENT_ERROR' });
    return { kind: 'blocked', reason: 'private', content: fallback, telemetry, brand: config.brand };
  }

  const nonProduction = !isProduction(config);
  const query: EntryQuery = { ...rawQuery };
  if (!nonProduction) {
    delete query.panel;
    delete query.demo;
  }

  if (isEntry) {
    // SESS-10: the referrer check, once per session.
    const redirect = referrerRedirect({
      expected: config.referrer?.expected,
      redirectTo: config.referrer?.redirectTo,
      referrer: env.referrer,
      resuming,
      alreadyRedirected: stored.referrerRedirect === true,
      entryUrl: env.location.href,
    });
    // SESS-05: a new session clears the namespace (a resumed one keeps it).
    if (!resuming) {
      session.clear();
      // Issue 22: the key of a create whose answer never came survives Start again, so the create sent again is the same one.
      const createKey = str(stored.createKey);
      if (createKey) session.set({ createKey });
    }
    if (redirect) {
      session.set({ referrerRedirect: true });
      env.leave(redirect);
      return { kind: 'redirected', url: redirect };
    }
    if (stored.referrerRedirect === true && !resuming) session.set({ referrerRedirect: true });
  }

  // AUTH-18: the support variant needs a caller chosen in the portal.
  const caller = query.caller ?? session.getString('callerId');
  if (config.support && !caller) {
    telemetry.log('error', 'MSR: no caller selected');
    return { kind: 'blocked', reason: 'support', content: fallback, telemetry, brand: config.brand };
  }

  // The documents: an unknown product falls back to the default join (FLOW-01, SESS-07).
  let loaded = await packPromise;
  let productValid = true;
  if ('error' in loaded && loaded.error instanceof PackLoadError && loaded.error.status === 404 && requested !== DEFAULT_PRODUCT) {
    productValid = false;
    telemetry.log('warn', 'unknown product: the default flow is used', { product: requested });
    loaded = await fetchProductPack(env.baseUrl, DEFAULT_PRODUCT, env.fetch).then(
      (pack) => ({ pack }),
      (error: unknown) => ({ error }),
    );
  }
  const sequenceId = !isEntry && snapshot ? snapshot.sequenceId : resuming ? (str(stored.moduleSequenceId) ?? DEFAULT_SEQUENCE) : DEFAULT_SEQUENCE;
  let flow: Flow;
  let docs: DocumentSet;
  let pack: ProductPack;
  try {
    if ('error' in loaded) throw loaded.error;
    pack = loaded.pack;
    ({ flow, docs } = await loadFlow(pack, sequenceId, config));
  } catch (err) {
    const diagnostics = err instanceof PackLoadError ? err.diagnostics : [];
    telemetry.log('error', `documents failed to load: ${err instanceof Error ? err.message : String(err)}`.slice(0, 2000), {
      product: requested,
      findings: diagnostics.length,
      ...(diagnostics[0] ? { file: diagnostics[0].file, line: diagnostics[0].line, check: diagnostics[0].check } : {}),
    });
    return { kind: 'failed', reason: 'documents', content: fallback, telemetry, brand: config.brand };
  }

  const demo = config.demo || query.demo === true || (!isEntry && stored.demo === true) || (resuming && stored.demo === true);
  // The copy is prepared while the flow starts (and the first screen's content is requested).
  const contentReady = createContentFor(contentSource(docs.content, docs.demoContent, demo), telemetry);
  const productId = flow.productId;
  const ctx = { today: env.today() };

  // SESS-06: the versions the product declares (product.schema.json), the last its current one.
  const versions = flow.product.versions ?? ['1'];
  const currentVersion = versions[versions.length - 1] as string;
  const prefillEntry = resuming && rawQuery.action === 'prefill';

  // A saved session comes back: a reload (a step URL with a snapshot), or an entry with
  // action=resume/prefill and a complete stored session (SESS-03) whose snapshot is of this
  // product and sequence. It lands on the same step, or on the start of its module when the
  // documents changed under it (src/engine/restore.ts). A product that starts on prefill
  // (FLOW-11, `startOnPrefill`) starts at its start position on a prefill entry instead.
  const restoreFrom =
    snapshot && snapshot.productId === productId && snapshot.sequenceId === flow.sequenceId && (!isEntry || (resuming && !(prefillEntry && flow.product.startOnPrefill === true)))
      ? snapshot
      : undefined;
  let state: AppState | undefined;
  let prefilled: AppState = {};
  if (restoreFrom || (resuming && stored.prefillDetails !== undefined)) {
    ({ state, prefilled } = (await loadChunk(() => import('./resume'))).resumeState({ flow, docs, today: ctx.today, telemetry, saved: restoreFrom, currentVersion, resuming, stored }));
    // Prefill details are personal: read into memory, never kept at rest (src/app/prefill.ts).
    if (stored.prefillDetails !== undefined) session.remove('prefillDetails');
  }
  // SESS-06: a new session's version must be one the product declares; another is refused
  // with the version page (docs/decisions.md), whose link starts the same entry without it.
  if (!state && !resuming && isEntry && query.version !== undefined && !versions.includes(query.version)) {
    telemetry.log('warn', 'unknown version', { product: productId, version: query.version });
    const restart = new URL(env.location.href);
    restart.searchParams.delete('version');
    // Its copy is the product's (content/en/ui.json), not the shell's: the pack is loaded by now.
    return { kind: 'blocked', reason: 'version', content: await contentReady, telemetry, brand: config.brand, restartUrl: restart.href };
  }
  const newSession = state === undefined;
  if (!state) {
    const given = isEntry ? query : {};
    const version = given.version && versions.includes(given.version) ? given.version : undefined;
    // SESS-08: goto only when no valid product is given, and only past the safety check.
    // The check's code loads only when a goto is given (the first screen's budget).
    const goto = given.goto !== undefined && !(given.product && productValid) ? (await loadChunk(() => import('./goto'))).safeGoto(given.goto, env.location.origin) : undefined;
    const kept = resuming ? { prefillStatus: str(stored.prefillStatus) ?? '', promotionCd: str(stored.promotionCd), utmSource: str(stored.utmSource), citizenshipLocationCode: str(stored.citizenshipLocationCode), sponsorTypeCd: str(stored.sponsorTypeCd) } : undefined;
    const slices = newSessionSlices(flow, { version, action: given.action, promotionCode: given.promotionCode, utmSource: given.utmSource, citizenshipLocationCode: given.citizenshipLocationCode }, kept);
    const promotion = str(slices.session.promotionCd);
    const utm = str(slices.session.utmSource);
    const ctzn = str(slices.session.citizenshipLocationCode);
    // SESS-03: the stored position; FLOW-11: a product that starts on prefill takes its start rules on a prefill entry.
    const position = resuming && !(prefillEntry && flow.product.startOnPrefill === true) ? Number(stored.modulePositionIndex) : undefined;
    state = startFlow(flow, ctx, {
      initial: { ...prefilled, ...slices },
      ...(position !== undefined && Number.isInteger(position) && position >= 0 && position < flow.modules.length ? { position } : {}),
      ...(nonProduction && given.panel ? { panel: given.panel } : {}),
    });
    session.set({
      productId,
      moduleSequenceId: flow.sequenceId,
      ...(version ? { version } : {}),
      ...(promotion ? { promotionCd: promotion } : {}),
      ...(utm ? { utmSource: utm } : {}),
      ...(ctzn ? { citizenshipLocationCode: ctzn } : {}),
      ...(goto ? { gotoURL: goto } : {}),
      ...(demo ? { demo: true } : {}),
      ...(caller ? { callerId: caller } : {}),
    });
  }
  // Every state here is on a step of this flow: a new one from startFlow (which routes its own
  // errors), a restored one from restoreSession (its step, its module's start, or the flow's start).

  let persisting = true;
  const persist = (s: AppState): void => {
    if (!persisting) return;
    const position = typeof (s.flow as JsonObject | undefined)?.position === 'number' ? ((s.flow as JsonObject).position as number) : 0;
    const variant = str((s.triage as JsonObject | undefined)?.variant);
    session.set({
      flowState: { productId, sequenceId: flow.sequenceId, version: currentVersion, state: redactPersonal(s) },
      modulePositionIndex: Math.max(0, position),
      ...(variant ? { variant } : {}),
    });
  };
  const store = new FlowStore({ flow, state, today: env.today, telemetry, onChange: persist, askAgain, isAskedAgain });
  let sandbox: Promise<void> | undefined;
  const servicesReady = (): Promise<void> => {
    if (!config.sandbox) return Promise.resolve();
    sandbox ??= contentReady.then((c) => startSandboxFor(env, config, c)).catch((err: unknown) => {
      telemetry.log('error', 'sandbox failed to start', { reason: err instanceof Error ? err.message : 'unknown' });
    });
    return sandbox;
  };
  // The content service's calls (CONT-08), once the services can be called. The first screen's
  // milestone content is requested now that its key is known, before the copy is prepared and the
  // screen rendered; the screen's first attempt for that key takes it.
  // Signed in (a reload in a member's session), the screen asks for the member's content instead.
  const auth = signInState(config, env);
  const fetchFragment = createFragmentService(config.contentBaseUrl, telemetry);
  const firstView = store.view;
  const firstKey = firstView.content ?? firstView.step;
  let firstFragment =
    firstView.kind === 'milestone' && auth.getSnapshot().status !== 'signed-in'
      ? { key: firstKey, promise: servicesReady().then(() => fetchFragment(firstKey, { authenticated: false })) }
      : undefined;
  firstFragment?.promise.catch(() => undefined); // the screen handles a failure (CONT-12..CONT-14)
  const firstScreenCode = env.firstScreen?.(firstView).catch(() => undefined);
  const content = await contentReady;
  await firstScreenCode;
  telemetry.setPersonalValues(() => [...personalValues(store.state), ...store.draftValues()]);
  persist(state);
  // The analytics events of doc 2 §9 come from the flow's state changes (src/app/analytics.ts); their
  // code loads once the applicant's first move is painted, so no first screen requests it. The
  // same chunk writes the page's marketing visitor ids into the session slice (PAY-02, visitor-ids.ts).
  const firstState = store.state;
  const unwatch = store.subscribe(() => {
    unwatch();
    // Analytics that cannot load are logged, never a stop (issue 13).
    afterPaint(
      () =>
        void loadChunk(() => import('./analytics')).then(
          (m) => {
            m.observeFlow(store, telemetry, { newSession, since: firstState });
            m.watchVisitorIds(store);
          },
          () => telemetry.log('warn', 'analytics failed to load'),
        ),
    );
  });

  let verified: Promise<Diagnostic[]> | undefined;

  // A first screen that calls a service (a milestone's content, a command) starts the sandbox now,
  // alongside the first render; a first question screen leaves it for later.
  if (store.view.kind === 'milestone' || store.view.kind === 'command') void servicesReady();

  return {
    kind: 'ready',
    app: {
      config,
      flow,
      docs,
      store,
      session,
      content,
      telemetry,
      demo,
      testRoutes: nonProduction,
      servicesReady,
      env,
      stopPersisting: (last?: AppState) => {
        if (last) persist(last);
        persisting = false;
      },
      auth,
      takeFirstFragment: (key) => {
        if (firstFragment?.key !== key) return undefined;
        const { promise } = firstFragment;
        firstFragment = undefined;
        return promise;
      },
      verifyDocuments: () => {
        verified ??= verifyPack(pack, sequenceId, config).then((findings) => {
          if (findings.length > 0) {
            const first = findings[0] as Diagnostic;
            telemetry.log('error', `documents failed their check: ${findings.length} finding(s); first: ${first.file}:${first.line}:${first.col} ${first.message}`.slice(0, 2000), { product: productId, findings: findings.length, file: first.file, check: first.check });
          }
          return findings;
        });
        return verified;
      },
    },
  };
}

/** The sign-in's state: a user oidc-client-ts kept in this tab (a reload while signed in) is read back. */
function signInState(config: RuntimeConfig, env: BootEnv): AuthState {
  const auth = new AuthState(config.auth);
  auth.restore(env.storage(), env.location.href);
  return auth;
}

/** Starts the sandbox (msw) with its content service serving the app's own milestone copy; its code loads on demand. */
async function startSandboxFor(env: BootEnv, config: RuntimeConfig, content: AppContent): Promise<void> {
  const m = await import('../sandbox/worker');
  m.setSandboxFragments((key) => m.fragmentFromContent(content, key));
  await m.startSandbox({
    baseUrl: env.baseUrl,
    apiBaseUrl: config.apiBaseUrl,
    contentBaseUrl: config.contentBaseUrl,
    loggingUrl: config.loggingUrl,
    quiet: config.environment !== 'development',
  });
}
