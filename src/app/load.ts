/**
 * Loading a product's documents in the browser: one request for its pack, then the engine's
 * loader resolves every reference (modules, steps, panels, rules, content keys, commands) and
 * the flow. A finding sends the applicant to the trap with the findings logged.
 *
 * The format check (each document against its JSON Schema, the precompiled validators of
 * src/app/documents.ts) runs right after the first screen is shown, not before it: the build
 * already refused documents with findings, so in production it is a second line, and its
 * 27 KiB of validator code stay off the first screen's path. A finding still ends on the trap.
 *
 * Under `vite serve` the generated validators cannot be imported (they are CommonJS, and Vite
 * serves sources as ES modules only), so development checks the same documents against the
 * same schemas with Ajv compiled at run time (src/app/documents-dev.ts); the production build
 * never contains that path.
 */
import stateSchema from '../../schemas/state.schema.json';
import type { Diagnostic } from '../engine/diagnostics';
import type { Flow } from '../engine/flow';
import type { DocumentSet } from '../engine/loader';
import type { ProductPack } from '../engine/pack';
import { createStateContract } from '../engine/state-contract';
import { checkedFlow, DocumentLoadError } from './documents-error';

/** Vite dev server (not the production build, not Vitest). */
export const DEV_SERVER = import.meta.env.DEV && import.meta.env.MODE !== 'test';

const contract = createStateContract(stateSchema);

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

/** Loads the pack's documents, resolves every reference and the flow; a finding (or a document too broken to read) throws PackLoadError. */
export function loadFlow(pack: ProductPack, sequenceId?: string): { flow: Flow; docs: DocumentSet } {
  try {
    // The format check comes after the first screen (verifyPack); references are checked now.
    return checkedFlow(pack, { validator: () => [], contract }, sequenceId);
  } catch (err) {
    if (err instanceof DocumentLoadError) throw new PackLoadError(err.message, undefined, err.diagnostics);
    // A document whose shape is too far off for the reference checks: the format check would name it.
    throw new PackLoadError(`documents of ${String(pack.productId)} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The full check, format included (the same loader as lint): the error findings, [] when clean. */
export async function verifyPack(pack: ProductPack, sequenceId?: string): Promise<Diagnostic[]> {
  const mod = DEV_SERVER ? await import('./documents-dev') : await import('./documents');
  try {
    mod.flowFromPack(pack, sequenceId);
    return [];
  } catch (err) {
    const diagnostics = err !== null && typeof err === 'object' && 'diagnostics' in err && Array.isArray(err.diagnostics) ? (err.diagnostics as Diagnostic[]) : [];
    return diagnostics.length > 0 ? diagnostics : [{ file: '', pointer: '', line: 1, col: 1, severity: 'error', message: err instanceof Error ? err.message : String(err), check: 'load' }];
  }
}
