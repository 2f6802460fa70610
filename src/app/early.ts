/**
 * The first requests (docs/architecture.md, "The first requests"; issue 11): index.html's one
 * inline script starts `config.json` and the product's pack while the app's script is still
 * downloading, and leaves the two responses in `window.__musterEarly`, keyed by the URL boot will
 * ask for (`<base>config.json`, `<base>packs/<product>.json`). Boot's fetch hands each out once,
 * to the request for exactly that URL, and sends everything else to the network. The inline
 * script guesses the product as boot chooses it (a reload's snapshot, a complete resume, the
 * query, the default); when it guessed otherwise its pack is simply not used.
 */
export type EarlyRequests = Record<string, Promise<Response> | undefined>;
