/**
 * The test routes (ROUTE-18), outside production only: /task-entry (start a flow afresh),
 * /theme-test-panel (the template's parts), /fake-end-panel (where the flow's end lands
 * instead of leaving the app), /data-fake-panel (the state a reload keeps) and /trap-door
 * (the trap milestone). None of them moves the flow.
 */
import type { ReactNode } from 'react';
import { MilestoneScreen } from '../ui/screens/MilestoneScreen';
import { ProgressBar } from '../ui/template/ProgressBar';
import { Interstitial } from '../ui/template/Interstitial';
import { orderedDisclosures } from '../ui/template/disclosures';
import { Disclosures } from '../ui/template/Disclosures';
import { useApp, useFlow, useShell } from './context';
import { useFocusOnMount } from './StepHost';
import { destinationUrl } from '../services/navigation';
import { pathOf, type TestRoute as TestRouteName } from './routes';
import { redactPersonal } from './persist';

/** Where the flow's end lands outside production (production leaves for the destination). */
export function EndPage() {
  const app = useApp();
  const destination = app.session.getString('gotoURL') ?? destinationUrl(app.flow.product.destinationURL, app.flow.productId) ?? app.config.homeUrl;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="mu-screen" data-screen="@end" data-variant="self">
      <h1 className="mu-heading" tabIndex={-1} ref={heading}>
        {app.content.text('app.end.heading')}
      </h1>
      <p className="mu-subhead">{app.content.text('app.end.body', { destination })}</p>
    </section>
  );
}

function BackToFlow() {
  const app = useApp();
  const { history } = useShell();
  return (
    <div className="mu-actions">
      <button type="button" className="mu-button mu-button--secondary" data-action="back-to-flow" onClick={() => history.replace(pathOf(app.flow, app.store.view, { testRoutes: true }), { depth: app.store.depth, base: app.store.depth })}>
        {app.content.text('app.test.back')}
      </button>
    </div>
  );
}

function Page({ name, heading, body, children }: { name: string; heading: string; body: string; children?: ReactNode }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section className="mu-screen" data-test-route={name}>
      <h1 className="mu-heading" tabIndex={-1} ref={ref}>
        {heading}
      </h1>
      <p className="mu-subhead">{body}</p>
      {children}
    </section>
  );
}

export function TestRoute({ name }: { name: TestRouteName }) {
  const app = useApp();
  const snap = useFlow(app.store);
  const { content, flow } = app;
  switch (name) {
    case 'fake-end-panel':
      return snap.view.kind === 'end' ? (
        <EndPage />
      ) : (
        <Page name={name} heading={content.text('app.end.heading')} body={content.text('app.end.body', { destination: '-' })}>
          <BackToFlow />
        </Page>
      );
    case 'task-entry': {
      const productName = flow.product.config?.productName ? content.text(flow.product.config.productName) : flow.productId;
      return (
        <Page name={name} heading={content.text('app.test.taskEntry.heading')} body={content.text('app.test.taskEntry.body')}>
          <div className="mu-actions">
            <button type="button" className="mu-button mu-button--primary" data-action="start" onClick={() => app.env.leave(`${app.env.baseUrl}?product=${encodeURIComponent(flow.productId)}`)}>
              {content.text('app.test.taskEntry.start', { product: productName })}
            </button>
          </div>
          <BackToFlow />
        </Page>
      );
    }
    case 'theme-test-panel':
      return (
        <Page name={name} heading={content.text('app.test.theme.heading')} body={content.text('app.test.theme.body')}>
          <ProgressBar step={2} total={5} percent={25} sections={flow.product.progressBar?.sections ?? []} current={0} content={content} />
          <Interstitial messages={content.list('app.interstitial.profile')} />
          <Disclosures items={orderedDisclosures(flow.product, content, false)} label={content.text('app.disclosures.label')} />
          <BackToFlow />
        </Page>
      );
    case 'data-fake-panel':
      return (
        <Page name={name} heading={content.text('app.test.data.heading')} body={content.text('app.test.data.body')}>
          <pre className="mu-data">{JSON.stringify(redactPersonal(snap.state), null, 2)}</pre>
          <BackToFlow />
        </Page>
      );
    case 'trap-door': {
      const errorModule = flow.extraModules.get(flow.errorRoute.module);
      const trap = Object.entries(errorModule?.graph.steps ?? {}).find(([, s]) => s.kind === 'milestone' && s.next === undefined);
      const [step, def] = trap ?? ['trap-door', undefined];
      return (
        <MilestoneScreen
          view={{ kind: 'milestone', position: -1, module: flow.errorRoute.module, step, variant: 'self' }}
          content={content}
          telemetry={app.telemetry}
          canGoBack={false}
          onPrevious={() => undefined}
          contentKey={def?.content ?? step}
          milestone={def?.milestone ?? step}
          showOnContentFailure
          onPrimary={() => undefined}
          onContentFailure={() => undefined}
        />
      );
    }
  }
}
