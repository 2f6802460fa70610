/**
 * Where a leave goes (EXIT-09, DEST-*): a product's `destinationURL` or a named page of config.json
 * `destinations`, `{productId}` filled. Pure: the browser's leaveApp command and `simulate` use it.
 */
export type Destination = string | { path: string; query?: Record<string, string> };

/** A product destination (PROD flow `destinationURL`): a path with optional query, `{productId}` replaced. */
export function destinationUrl(destination: Destination | undefined, productId: string): string | undefined {
  if (destination === undefined) return undefined;
  const fill = (s: string): string => s.replace(/\{productId\}/g, encodeURIComponent(productId));
  if (typeof destination === 'string') return fill(destination);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(destination.query ?? {})) query.set(k, v.replace(/\{productId\}/g, productId));
  const q = query.toString();
  return q ? `${fill(destination.path)}${destination.path.includes('?') ? '&' : '?'}${q}` : fill(destination.path);
}
