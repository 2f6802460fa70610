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

/** A fetch that hands out each early response once, to the request for its URL (boot asks by URL string). */
export function earlyFetch(baseUrl: string, early: EarlyRequests = {}, fetcher: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const url = String(input);
    const { config, pack } = early;
    if (config && url === `${baseUrl}config.json`) {
      delete early.config;
      return config;
    }
    if (pack && url === `${baseUrl}packs/${encodeURIComponent(pack.product)}.json`) {
      delete early.pack;
      return pack.response;
    }
    return fetcher(input, init);
  };
}
