/**
 * The transactional page template (PROD-08, doc 1 §1): a skip link, the demo banner, the
 * header (brand, help, exit), the progress bar, the screen, and the footnotes and disclosures.
 * Its styles, and those of every first screen, are in index.html (vite.config.ts
 * FIRST_SCREEN_STYLES): they apply as the page arrives and are not part of the first screen's JS.
 */
import { useState, type ReactNode } from 'react';
import type { ContentApi } from '../contract';
import { Header } from './Header';
import { loadWhenOpen } from '../components/load-when-open';
import type { ProgressBarProps } from './ProgressBar';
import { ScreenBoundary } from './ScreenBoundary';
import { Disclosures } from './Disclosures';
import type { DisclosureItem } from './disclosures';
import type { ProgressModel } from '../../app/progress';

const HelpDialog = loadWhenOpen(() => import('./HelpDialog').then((m) => m.HelpDialog));
/**
 * The progress bar is not on a question or milestone first screen (UI-23 hides it there): its
 * code loads when the first screen that shows it renders. It lives in the `form-first` chunk
 * (vite.config.ts), so a product that opens on a form gets it with the form's first paint, in
 * one request (issue 11).
 */
const ProgressBar = loadWhenOpen<ProgressBarProps & { open: boolean }>(() => import('./ProgressBar').then((m) => m.ProgressBar));

export interface TemplateProps {
  content: ContentApi;
  brand: string;
  productId: string;
  /** Signed in or not (AUTH-01): `data-auth` on the app's root, for tests and analytics. */
  auth?: 'signed-in' | 'anonymous';
  theme?: string;
  demo: boolean;
  progress?: ProgressModel;
  disclosures: DisclosureItem[];
  onExit?: () => void;
  /** The help dialog failed to render (its chunk could not load, issue 13): the shell takes the error route. */
  onDialogError?: (error: unknown, info: { componentStack?: string | null }) => void;
  children: ReactNode;
}

export function Template({ content, brand, productId, auth = 'anonymous', theme, demo, progress, disclosures, onExit, onDialogError, children }: TemplateProps) {
  const [help, setHelp] = useState(false);
  const banner = demo ? content.text('app.demo.banner') : '';
  const withProgress = progress?.visible === true;
  return (
    <div className={`mu-app mu-theme-${theme ?? 'grey'}`} data-product={productId} data-auth={auth} data-demo={demo ? 'true' : undefined}>
      <a className="mu-skip" href="#mu-main">
        {content.text('app.skipLink')}
      </a>
      {banner !== '' && (
        <p className="mu-demo-banner" data-part="demo-banner">
          {banner}
        </p>
      )}
      <Header
        brand={brand}
        label={content.text('app.header.label')}
        help={{ label: content.text('app.header.help'), onClick: () => setHelp(true) }}
        {...(onExit ? { exit: { label: content.text('app.header.exit'), onClick: onExit } } : {})}
      />
      <div className={withProgress ? 'mu-body mu-body--progress' : 'mu-body'}>
        {withProgress && progress && (
          // The progress bar only tells where the applicant is: if its code cannot load, the screen goes on without it (issue 13).
          <ScreenBoundary resetKey={progress.step} fallback={null} onError={() => undefined}>
            <ProgressBar open step={progress.step} total={progress.total} percent={progress.percent} sections={progress.sections} {...(progress.current !== undefined ? { current: progress.current } : {})} content={content} />
          </ScreenBoundary>
        )}
        <main id="mu-main" className="mu-main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <Disclosures items={disclosures} label={content.text('app.disclosures.label')} />
      <ScreenBoundary resetKey={help} fallback={null} onError={(error, info) => onDialogError?.(error, info)}>
        <HelpDialog open={help} content={content} onClose={() => setHelp(false)} />
      </ScreenBoundary>
    </div>
  );
}
