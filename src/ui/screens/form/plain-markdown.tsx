/**
 * Stands in for `markdown-to-jsx/react` in the browser build (vite.config.ts `resolve.alias`).
 * rjsf renders Markdown only where a UI schema asks for it (`enableMarkdownInDescription`,
 * `enableMarkdownInHelp`) and in its own developer error for a broken object schema; Muster's
 * panels never ask for it (copy is content, and rich copy goes through the sanitiser), so the
 * form chunk does not carry a Markdown parser (about 9 KiB gzip). The text shows as plain text.
 */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode; options?: unknown }): ReactNode {
  return children ?? null;
}

export default Markdown;
