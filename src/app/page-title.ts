/**
 * The page title (WCAG 2.4.2, PROD-12, PROD-13): the screen's name first, then the product and
 * the brand, e.g. 'Your military service - Join Now | Brand'. The screen's name is the copy its
 * heading shows: a panel's title after its variant and per-form copy (CONT-22), a milestone's
 * local heading, the trap's or the end page's heading. Pure; docs/decisions.md "Forms and
 * accessibility (issue 9)" records the format.
 */
import type { StepView } from '../engine/flow';
import { copyKeys, formCopyKeys } from '../ui/screens/copy';
import type { ContentApi } from '../ui/contract';

/** Content keys of the pages that are not documents (content/en/shell.json, app.json). */
const PAGE_HEADINGS = { error: 'app.trap.heading', end: 'app.end.heading' } as const;

/** The content key of the heading a step shows, or undefined (a command step has no screen of its own). */
export function screenHeadingKey(view: StepView, content: ContentApi): string | undefined {
  switch (view.kind) {
    case 'panel': {
      const panel = view.panel;
      if (!panel) return PAGE_HEADINGS.error;
      if (panel.kind === 'question') return copyKeys(panel, view.variant).title;
      if (panel.kind === 'form') return formCopyKeys(panel, view.variant, content).title;
      return (panel as { title: string }).title; // other kinds (review): their own title
    }
    case 'milestone':
      return `milestones.${view.content ?? view.step}.heading`;
    case 'error':
      return PAGE_HEADINGS.error;
    case 'end':
      return PAGE_HEADINGS.end;
    case 'command':
      return undefined;
  }
}

/** The screen's name as the applicant reads it, or undefined when there is none. */
export function screenName(view: StepView, content: ContentApi): string | undefined {
  const key = screenHeadingKey(view, content);
  if (key === undefined || !content.has(key)) return undefined;
  const text = content.text(key).replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/**
 * The document title: `app.title.screen` ('{screen} - {product} | {brand}') when both are known;
 * `app.title` ('{product} | {brand}') with the screen or the product alone; the brand alone last.
 */
export function pageTitle(content: ContentApi, parts: { screen?: string | undefined; product: string; brand: string }): string {
  const { screen, product, brand } = parts;
  if (screen && product) return content.text('app.title.screen', { screen, product, brand });
  const one = screen || product;
  return one ? content.text('app.title', { product: one, brand }) : brand;
}
