/**
 * Loading a product's documents in the browser: one request for its pack, then the loader
 * and checks of src/app/documents.ts (the precompiled format validators, so the strict CSP
 * holds). Under `vite serve` the generated validators cannot be imported (they are CommonJS,
 * and Vite serves sources as ES modules only), so development checks the same documents
 * against the same schemas with Ajv compiled at run time (src/app/documents-dev.ts); the
 * production build never contains that path.
 */
import type { Diagnostic } from '../engine/diagnostics';
import type { Flow } from '../engine/flow';
import type { DocumentSet } from '../engine/loader';
import type { ProductPack } from '../engine/pack';

/** Vite dev server (not the production build, not Vitest). */
export const DEV_SERVER = import.meta.env.DEV && import.meta.env.MODE !== 'test';

export class PackLoadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super(message);
    this.name = 'PackLoadError';
  }
}

/** GET {base}packs/{product}.json (the Vite plugin serves it in development and emits it into the build). */
export async function fetchProductPack(baseUrl: string, productId: string, fetcher: typeof fetch): Promise<ProductPack> {
  let response: Response;
  try {
    response = await fetcher(`${baseUrl}packs/${encodeURIComponent(productId)}.json`, { headers: { Accept: 'application/json' } });
  } catch (err) {
    throw new PackLoadError(`pack for ${productId}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!response.ok) throw new PackLoadError(`pack for ${productId}: HTTP ${response.status}`, response.status);
  try {
    return (await response.json()) as ProductPack;
  } catch {
    throw new PackLoadError(`pack for ${productId}: not JSON`);
  }
}

/** Loads and checks the pack's documents and resolves the flow; a finding throws PackLoadError with the diagnostics. */
export async function loadFlow(pack: ProductPack, sequenceId?: string): Promise<{ flow: Flow; docs: DocumentSet }> {
  const mod = DEV_SERVER ? await import('./documents-dev') : await import('./documents');
  try {
    return mod.flowFromPack(pack, sequenceId);
  } catch (err) {
    const diagnostics = err !== null && typeof err === 'object' && 'diagnostics' in err && Array.isArray(err.diagnostics) ? (err.diagnostics as Diagnostic[]) : [];
    throw new PackLoadError(err instanceof Error ? err.message : String(err), undefined, diagnostics);
  }
}
