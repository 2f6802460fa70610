/** Leaving the app: a full page navigation. A seam, so tests can see where the app went. */
export type Leave = (url: string) => void;

export const leaveApp: Leave = (url) => {
  window.location.assign(url);
};

/** A product destination (PROD flow `destinationURL`): a path with optional query, `{productId}` replaced. */
export function destinationUrl(destination: string | { path: string; query?: Record<string, string> } | undefined, productId: string): string | undefined {
  if (destination === undefined) return undefined;
  const fill = (s: string): string => s.replace(/\{productId\}/g, encodeURIComponent(productId));
  if (typeof destination === 'string') return fill(destination);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(destination.query ?? {})) query.set(k, v.replace(/\{productId\}/g, productId));
  const q = query.toString();
  return q ? `${fill(destination.path)}${destination.path.includes('?') ? '&' : '?'}${q}` : fill(destination.path);
}
