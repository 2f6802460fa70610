/**
 * /auth-callback/ (ROUTE-02, AUTH-10, AUTH-14): React Router's lazy route. While the code is
 * exchanged the page says so (a heading that takes focus, a status line); then the applicant is
 * back on the step they left, with their answers (what a reload keeps: docs/decisions.md), signed
 * in or, after an error, anonymous. Never a dead end.
 */
import { useEffect, useRef } from 'react';
import { useApp, useShell } from '../context';
import { useFocusOnMount } from '../StepHost';
import { pathOf } from '../routes';

const started = new WeakSet<object>();

export function AuthCallback() {
  const app = useApp();
  const { history } = useShell();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const href = useRef(window.location.href);

  useEffect(() => {
    // One exchange per landing, even under StrictMode's double effects (a code is good once).
    if (started.has(app)) return;
    started.add(app);
    const back = (): void => history.replace(pathOf(app.flow, app.store.view, { testRoutes: app.testRoutes }), { depth: app.store.depth, base: app.store.depth });
    void import('./oidc')
      .then((m) => m.completeSignIn(app, href.current))
      .catch((err: unknown) => {
        app.telemetry.log('error', 'auth callback failed', { code: 'AUTH_CALLBACK_ERROR', reason: err instanceof Error ? err.message.slice(0, 120) : 'unknown' });
      })
      .finally(back);
  }, [app, history]);

  return (
    <section className="mu-screen" data-screen="auth-callback" data-variant="self">
      <h1 className="mu-heading" tabIndex={-1} ref={heading}>
        {app.content.text('app.auth.signingIn')}
      </h1>
      <p className="mu-processing" role="status">
        <span className="mu-spinner" aria-hidden="true" />
        {app.content.text('app.auth.wait')}
      </p>
    </section>
  );
}

export default AuthCallback;
