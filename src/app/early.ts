/**
 * The first requests (docs/architecture.md, "The first requests"; issue 11): index.html's one
 * inline script starts `config.json` and the product's pack while the app's script is still
 * downloading, and leaves the two promises in `window.__musterEarly`. Boot fetches through
 * `earlyFetch`, which answers the first request for exactly that URL with the early response and
 * sends everything else (and a second request for it) to the network. The inline script guesses
 * the product as boot chooses it (entry query, resume, reload); when it guessed otherwise the
 * early pack is simply not used.
 */
export interface EarlyRequests {
  config?: Promise<Response>;
  pack?: { product: string; response: Promise<Response> };
}

/** A fetch that hands out each early response once, to the request for its URL. */
export function earlyFetch(baseUrl: string, early: EarlyRequests | undefined, fetcher: typeof fetch): typeof fetch {
  if (!early) return fetcher;
  const waiting = new Map<string, Promise<Response>>();
  if (early.config) waiting.set(`${baseUrl}config.json`, early.config);
  if (early.pack) waiting.set(`${baseUrl}packs/${encodeURIComponent(early.pack.product)}.json`, early.pack.response);
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const found = waiting.get(url);
    if (!found) return fetcher(input, init);
    waiting.delete(url);
    return found;
  };
}
