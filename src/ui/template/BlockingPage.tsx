import { useEffect } from 'react';
import type { ContentApi } from '../contract';
import { Header } from './Header';
import { keepPhonesWhole } from '../keep-phones';
import { useFocusOnMount } from '../focus-heading';

export type BlockingKind = 'private' | 'support' | 'version' | 'trap';

/**
 * Pages that stop the app (issue 4 "Blocking pages"): no session storage (SESS-12), the support
 * variant without a caller (AUTH-18), an entry URL naming a version the product does not
 * declare (SESS-06: with a link to the same entry without it), and the configuration or
 * documents that fail to load or check, or a shell that fails to render (the trap: the
 * provider's phone number and Try again, which loads the page again, issue 13).
 */
export function BlockingPage({ kind, content, brand, restartUrl }: { kind: BlockingKind; content: ContentApi; brand: string; restartUrl?: string | undefined }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const copy =
    kind === 'private'
      ? { heading: content.text('app.blocked.private') }
      : kind === 'support' || kind === 'version'
        ? { heading: content.text(`app.blocked.${kind}.heading`), body: content.text(`app.blocked.${kind}.body`) }
        : { heading: content.text('app.trap.heading'), body: content.text('app.trap.body') };
  const brandName = content.has(`app.brand.${brand}`) ? content.text(`app.brand.${brand}`) : content.text('app.brand.muster');
  useEffect(() => {
    document.title = brandName;
  }, [brandName]);
  return (
    <div className="mu-app">
      <Header brand={brandName} label={content.text('app.header.label')} />
      <main id="mu-main" className="mu-main mu-blocked" data-blocked={kind} {...(kind === 'trap' ? { 'data-milestone': 'trap-door', 'data-screen': 'trap-door', 'data-variant': 'self' } : {})}>
        <div className="mu-screen">
          <h1 ref={heading} tabIndex={-1} className="mu-heading">
            {keepPhonesWhole(copy.heading)}
          </h1>
          {copy.body !== undefined && <p className="mu-subhead">{keepPhonesWhole(copy.body)}</p>}
          {restartUrl !== undefined && (
            <p className="mu-actions">
              <a className="mu-button mu-button--primary" href={restartUrl}>
                {content.text(`app.blocked.${kind}.link`)}
              </a>
            </p>
          )}
          {kind === 'trap' && (
            <div className="mu-actions mu-actions--milestone">
              {/* The page's own address: the browser loads it again. */}
              <a className="mu-button mu-button--primary" data-action="retry" href="">
                {content.text('app.trap.retry')}
              </a>
            </div>
          )}
        </div>
      </main>
    </div>
  );
}
