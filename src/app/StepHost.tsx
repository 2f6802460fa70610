/**
 * Renders the engine's current step with the screen for it (src/ui/contract.ts) and runs
 * command steps through the registry (ROUTE-19): a command has no UI; the last screen stays
 * frozen under it, and the interstitial shows if the wait passes a second.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { availableAnswers, bindPath, answerPath, evaluateCondition, type StepView } from '../engine/flow';
import { getPath, isObject, withoutNulls, type JsonObject } from '../engine/state';
import type { QuestionPanel } from '../engine/formats.generated';
import { QuestionScreen } from '../ui/screens/QuestionScreen';
import { MilestoneScreen } from '../ui/screens/MilestoneScreen';
import { Transition } from '../ui/template/Transition';
import { loadWhenOpen } from '../ui/components/load-when-open';
import { preloadable } from '../ui/components/preloadable';
import { useFocusOnMount } from '../ui/focus-heading';
import { loadChunk } from '../ui/load-chunk';
import { keepPhonesWhole } from '../ui/keep-phones';
import type { InterstitialProps } from '../ui/template/Interstitial';
import { useApp, useFlow, useShell } from './context';
import type { AppInstance } from './boot';
import type { FirstFormStepProps, FullForm } from './FirstFormStep';
import type { FormHandover } from '../ui/contract';
import type { FlowStore } from './flow-store';
import { destinationUrl } from '../services/navigation';
import { createFragmentService } from '../services/fragments';
import type { JsonValue } from '../rules/index';

// The callback's and the test routes' pages take it from here: imported from src/ui directly, it
// made Rolldown split React and the rules engine out of the entry (the build's check refuses that).
export { useFocusOnMount };

// A chunk that cannot load (one retry, the 120 s timeout: loadChunk) throws into the screen's error boundary: the error route.
// The first form panel of a session paints without rjsf, then hands over to the full form (FirstFormStep.tsx).
const FirstFormStep = preloadable<FirstFormStepProps>(() => import('./FirstFormStep').then((m) => m.default));
/** The full form's module, once it has loaded: every later form panel shows it at once. */
let fullForm: FullForm | undefined;
const ReviewStep = lazy(() => loadChunk(() => import('./ReviewStep')));
const EndPage = lazy(() => loadChunk(() => import('./TestRoutes')).then((m) => ({ default: m.EndPage })));
/** The interstitial shows only when a command's wait passes a second; its code loads as the command starts. */
const Interstitial = loadWhenOpen<InterstitialProps & { open: boolean }>(() => import('../ui/template/Interstitial').then((m) => m.Interstitial));


/**
 * Loads the code of the screen that shows `view` when the entry does not hold it (a form's first
 * paint), for boot to wait on before the first render (BootEnv.firstScreen).
 */
export function preloadScreen(view: StepView): Promise<unknown> {
  return view.kind === 'panel' && view.panel?.kind === 'form' && !fullForm ? FirstFormStep.preload() : Promise.resolve();
}

/** The notice on a panel the applicant was sent back to because its answers were not kept across a reload (content/en/app.json). */
const ASKED_AGAIN_NOTICE = 'app.askAgain.reload';

/** One command run per arrival on a command step (the store's move count), even under StrictMode's double effects. */
const commandsStarted = new WeakMap<FlowStore, number>();

type Shown = { key: string; element: ReactElement };

function screenKey(app: AppInstance, view: StepView): string {
  return `${app.store.depth}:${view.position}:${view.module}:${view.step}:${view.variant}`;
}

/**
 * A fragment loader per app: the content service, once the services are up (the sandbox, when
 * on). Signed in, fragments come from `objects/{key}` with the access token (CONT-08, CONT-21,
 * AUTH-03); anonymous, from `public/objects/{key}`. A new loader when that changes, so the
 * milestone shows the member's content.
 */
function useFragmentLoader(app: AppInstance): (key: string) => Promise<JsonValue> {
  const auth = useSyncExternalStore(app.auth.subscribe, app.auth.getSnapshot, app.auth.getSnapshot);
  const signedIn = auth.status === 'signed-in';
  return useMemo(() => {
    const fetchFragment = createFragmentService(app.config.contentBaseUrl, app.telemetry);
    return async (key: string) => {
      const token = app.auth.getSnapshot().accessToken;
      if (signedIn && token) {
        await app.servicesReady();
        return fetchFragment(key, { authenticated: true, accessToken: token });
      }
      // The first screen's content, anonymous, is already under way (boot requested it).
      const first = app.takeFirstFragment(key);
      if (first) return first;
      await app.servicesReady();
      return fetchFragment(key, { authenticated: false });
    };
  }, [app, signedIn]);
}

/** The logon link (UI-16): the sign-in code loads now, then the browser goes to the provider. */
function logon(app: AppInstance): void {
  void import('./auth/oidc')
    .then((m) => m.signIn(app))
    .catch((err: unknown) => {
      app.telemetry.log('error', 'sign-in could not start', { code: 'AUTH_START_ERROR', reason: err instanceof Error ? err.message.slice(0, 120) : 'unknown' });
    });
}

/** Start again (issue 10, "Failures"): a new session of the same product at the app's entry; a new session clears the old one (SESS-05). */
function startAgainUrl(app: AppInstance): string {
  return `${app.env.baseUrl}?${new URLSearchParams({ productId: app.flow.productId }).toString()}`;
}

function startAgain(app: AppInstance): void {
  app.stopPersisting();
  app.env.leave(startAgainUrl(app));
}

/** The trap when no screen can be shown: the provider's phone number (content `placeholders.phone`) and a way to start again, never a dead end. */
export function TrapFallback() {
  const app = useApp();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="mu-screen" data-screen="trap-door" data-variant="self" data-milestone="trap-door">
      <h1 className="mu-heading" tabIndex={-1} ref={heading}>
        {app.content.text('app.trap.heading')}
      </h1>
      <p className="mu-subhead">{keepPhonesWhole(app.content.text('app.trap.help'))}</p>
      <div className="mu-actions mu-actions--milestone">
        <a
          className="mu-button mu-button--primary"
          data-action="start-again"
          href={startAgainUrl(app)}
          onClick={(event) => {
            event.preventDefault();
            startAgain(app);
          }}
        >
          {app.content.text('app.trap.startAgain')}
        </a>
      </div>
    </section>
  );
}

export function StepHost() {
  const app = useApp();
  const shell = useShell();
  const snap = useFlow(app.store);
  const { view, state } = snap;
  const { store, flow, content, telemetry } = app;
  const last = useRef<Shown | undefined>(undefined);
  const [interstitial, setInterstitial] = useState<{ visible: boolean; kind: 'processing' | 'profile' }>({ visible: false, kind: 'processing' });
  const loadFragment = useFragmentLoader(app);
  const onValidatorRefused = useCallback((panelId: string, code: string) => store.fail(`FORM_VALIDATOR_ERROR|${code}|${panelId}`), [store]);
  // FLOW-21; the trap ends a failed flow (FLOW-14), so it offers no way back into it.
  const canGoBack = store.depth > 1 && view.position >= 0;
  const onPrevious = shell.previous;
  const onAnswer = useCallback((value: string) => store.answer(value), [store]);
  const onSubmit = useCallback((data: JsonObject) => store.submit(data), [store]);
  // Only while this panel is the current step: a form left frozen under a command (or unmounting) must not write over its own answers.
  const onDraft = useCallback(
    (data: JsonObject) => {
      const now = store.view;
      if (now.kind === 'panel' && now.position === view.position && now.module === view.module && now.step === view.step && now.variant === view.variant) store.keepDraft(view, data);
    },
    [store, view],
  );
  // What the form's first paint handed over, for the screen it was painted on.
  const [handover, setHandover] = useState<{ key: string; value: FormHandover }>();

  // Commands: run once per arrival on a command step.
  useEffect(() => {
    if (view.kind !== 'command' || !view.command) return;
    // A patch (the exit's abandon status, a content failure) changes the state, not the step:
    // the command is not started again, and its result still counts.
    const started = snap.moves;
    if (commandsStarted.get(store) === started) return;
    commandsStarted.set(store, started);
    const command = view.command;
    const startedAt = Date.now();
    const stillHere = (): boolean => store.getSnapshot().moves === started;
    void Interstitial.preload().catch(() => undefined);
    void loadChunk(() => import('./command-step'))
      .then((m) => m.runCommandStep({ app, view, command, startedAt, stillHere, setInterstitial: (change) => setInterstitial((s) => ({ ...s, ...change })) }))
      .catch((err: unknown) => {
        if (!stillHere()) return;
        const reason = `COMMAND_ERROR|${command}|${err instanceof Error ? err.message : String(err)}`;
        // On the error route already (its detour cannot run either): the trap, without looping (issue 13).
        if (view.position < 0) store.stop(reason);
        else store.fail(reason);
      });
  }, [view, snap.moves, store, app]);

  // The end of the flow in production: hand the applicant over (goto, else the product's destination).
  useEffect(() => {
    if (view.kind !== 'end' || app.testRoutes) return;
    const url = app.session.getString('gotoURL') ?? destinationUrl(flow.product.destinationURL, flow.productId) ?? app.config.homeUrl;
    app.stopPersisting();
    app.auth.forget(app.env); // the journey ends: no tokens left behind (issue 22)
    app.env.leave(url);
  }, [view.kind, app, flow]);

  let element: ReactElement | undefined;
  let failure: string | undefined;
  try {
    element = renderScreen();
  } catch (err) {
    // A rule that fails while preparing a screen (an answer filter) is a flow error.
    failure = err instanceof Error ? err.message : 'unknown';
    element = undefined;
  }
  useEffect(() => {
    if (failure === undefined || store.getSnapshot().version !== snap.version) return;
    telemetry.log('error', 'screen could not be prepared', { step: view.step, reason: failure });
    store.fail(`FLOW_ERROR|SCREEN|${failure}`);
  }, [failure, snap.version, store, telemetry, view.step]);

  function renderScreen(): ReactElement | undefined {
    const ctx = store.context();
    const base = { view, content, telemetry, canGoBack, onPrevious };
    switch (view.kind) {
      case 'panel': {
        const panel = view.panel;
        if (!panel) return <TrapFallback />;
        if (panel.kind === 'question') {
          const q = panel as QuestionPanel;
          const selected = getPath(state, answerPath(q, view.variant));
          return (
            <QuestionScreen
              {...base}
              panel={q}
              answers={availableAnswers(flow, q, state, ctx)}
              linkButtons={(q.linkButtons ?? []).filter((b) => evaluateCondition(flow, b.showWhen, state, ctx))}
              {...(typeof selected === 'string' ? { selected } : {})}
              {...(app.env.autoAdvanceMs !== undefined ? { autoAdvanceMs: app.env.autoAdvanceMs } : {})}
              onAnswer={onAnswer}
            />
          );
        }
        if (panel.kind === 'review') {
          return (
            <Suspense fallback={<Loading />}>
              <ReviewStep {...base} panel={panel} flow={flow} state={state} ctx={ctx} />
            </Suspense>
          );
        }
        const data = getPath(state, bindPath(panel, view.variant));
        // A held error the panel declares (UI-21: the prefill failure), while its condition holds; of a list, the first that holds (ADDR-19).
        const held = [panel.heldError ?? []].flat().find((h) => evaluateCondition(flow, h.when, state, ctx))?.message;
        // What the applicant typed here and did not send (Back then Forward, issue 20) over what the state holds.
        const formData = { ...(isObject(data) ? withoutNulls(data) : {}), ...(store.draftOf(view) ?? {}) };
        // Sent back here because these answers were lost on a reload (src/engine/answers.ts): say why.
        const notice = store.askedAgain ? ASKED_AGAIN_NOTICE : undefined;
        // What the form's first paint and the full form both draw from.
        const form = { ...base, panel, formData, onDraft, ...(held ? { heldErrorKey: held } : {}), ...(notice ? { noticeKey: notice } : {}) };
        // This arrival on the step only: back on it later, the form starts from the state, never from an old handover.
        const key = `${screenKey(app, view)}#${snap.moves}`;
        if (!fullForm) {
          return (
            <Suspense fallback={<Loading />}>
              <FirstFormStep
                {...form}
                onReady={(value, full) => {
                  fullForm = full;
                  setHandover({ key, value });
                }}
              />
            </Suspense>
          );
        }
        const FormStep = fullForm.default;
        return (
          <Suspense fallback={<Loading />}>
            <FormStep
              {...form}
              onValidatorRefused={onValidatorRefused}
              onSubmit={onSubmit}
              {...(handover?.key === key ? { handover: handover.value } : {})}
            />
          </Suspense>
        );
      }
      case 'milestone': {
        const instance = view.position >= 0 ? flow.modules[view.position] : undefined;
        // CONT-13/14: the module says whether its milestones show on a content failure; the error route's trap always does.
        const tolerant = view.position < 0 || instance?.graph.milestoneContentFailure === 'show';
        const m = flow.product.config?.modals;
        const modals = [
          ...(m?.modalOneKey ? [{ key: m.modalOneKey, ...(m.modalOneTitle ? { title: m.modalOneTitle } : {}) }] : []),
          ...(m?.modalTwoKey ? [{ key: m.modalTwoKey, ...(m.modalTwoTitle ? { title: m.modalTwoTitle } : {}) }] : []),
        ].slice(0, flow.product.config?.singleModalEntryMilestone === true && view.milestone === 'entry' ? 1 : 2);
        return (
          <MilestoneScreen
            {...base}
            contentKey={view.content ?? view.step}
            milestone={view.milestone ?? view.step}
            layout={flow.product.milestones?.layout}
            modals={modals}
            loadFragment={loadFragment}
            showOnContentFailure={tolerant}
            // A milestone with no way on (the error route's trap) starts again: never a dead end (issue 10).
            onPrimary={(instance ?? flow.extraModules.get(view.module))?.graph.steps[view.step]?.next?.length ? () => store.next() : () => startAgain(app)}
            onSecondary={shell.openExit}
            {...(app.config.auth && app.auth.getSnapshot().status !== 'signed-in' ? { onLogon: () => logon(app) } : {})}
            onContentFailure={(reason) => {
              telemetry.log('error', 'milestone content failure: going on', { reason: reason.slice(0, 200) });
              store.patch({ 'error.reason': reason.slice(0, 200) });
              store.next();
            }}
          />
        );
      }
      case 'end':
        // Production leaves (the effect above); the developers' end page is a test route's, in its chunk.
        return app.testRoutes ? (
          <Suspense fallback={<Loading />}>
            <EndPage />
          </Suspense>
        ) : (
          <div className="mu-waiting" aria-busy="true" />
        );
      case 'error':
        return <TrapFallback />;
      case 'command':
        return undefined;
    }
  }

  if (view.kind === 'command') {
    if (interstitial.visible) {
      const messages = interstitial.kind === 'profile' ? content.list('app.interstitial.profile') : [content.text('app.interstitial.processing')];
      return <Interstitial open key={interstitial.kind} messages={messages} />;
    }
    const frozen = last.current;
    return frozen ? (
      <Transition key={frozen.key} direction="none" busy>
        {frozen.element}
      </Transition>
    ) : (
      <div className="mu-waiting" aria-busy="true" />
    );
  }
  if (!element) return <div className="mu-waiting" aria-busy="true" />;
  const key = screenKey(app, view);
  last.current = { key, element };
  return (
    <Transition key={key} direction={snap.direction}>
      {element}
    </Transition>
  );
}

function Loading() {
  const app = useApp();
  return (
    <p className="mu-processing mu-screen" role="status">
      {app.content.text('app.loading')}
    </p>
  );
}
