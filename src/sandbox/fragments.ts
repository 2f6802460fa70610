/**
 * The sandbox's content service (src/sandbox/handlers.ts) serves the app's own milestone copy in
 * the service's shape, so a sandboxed milestone shows what the documents say.
 */
import type { JsonObject } from '../engine/state';
import type { JsonValue } from '../rules/index';
import type { AppContent } from '../ui/content';

/** The content fragment the sandbox serves for a milestone key: the app's own copy in the service's shape. */
export function fragmentFromContent(content: AppContent, key: string): JsonValue | undefined {
  const k = (part: string): string => `milestones.${key}.${part}`;
  if (!content.has(k('heading'))) return undefined;
  const out: JsonObject = {};
  for (const part of ['heading', 'subheading', 'button1', 'button2', 'logon']) if (content.has(k(part))) out[part] = content.text(k(part));
  if (content.has(k('list'))) out.list = content.list(k('list'));
  return out;
}
