/**
 * Loading a product's documents in the browser: one request for its pack, then two readings.
 *
 * - **Before the first screen:** the documents are read with JSON.parse, registered, and the
 *   flow resolved (src/engine/document-set.ts, src/engine/flow.ts): what the engine needs to
 *   start, and no more. The build already refused documents with findings (the same loader as
 *   lint), so in production this is the only work on the first screen's path.
 * - **Just after it (`verifyPack`):** the full check, the loader lint uses: positions, each
 *   document against its JSON Schema (precompiled validators, src/app/documents.ts), every
 *   reference. Its code (loader, parser with positions, validators: about 20 KiB gzip) loads
 *   in its own chunk. A finding ends on the trap, logged as file:line:col.
 *
 * If the first reading fails, the full check runs at once to name each finding by
 * file:line:col before the trap shows.
 *
 * The state contract the rules' variables are checked against comes with the pack (the shape
 * the build checked the documents with, src/engine/pack.ts), not in this script: the first
 * reading uses it when its fingerprint is this build's own contract's
 * (src/generated/state-contract-hash.json). A pack built against another contract is read by
 * the full check, which checks it against this build's contract and runs it when it finds nothing.
 *
 * Under `vite serve` the generated validators cannot be imported (they are CommonJS, and Vite
 * serves sources as ES modules only), so development checks the same documents against the
 * same schemas with Ajv compiled at run time (src/app/documents-dev.ts); the production build
 * never contains that path.
 */
import { hash as CONTRACT_HASH } from '../generated/state-contract-hash.json';
import type { Diagnostic } from '../engine/diagnostics';
import { formatDiagnostic } from '../engine/diagnostics';
import { indexDocuments, type DocumentSet } from '../engine/document-set';
import { resolveFlow, type Flow } from '../engine/flow';
import type { ParsedJson } from '../engine/json-source';
import type { ProductPack } from '../engine/pack';
import { createStateContract } from '../engine/state-contract';
import type { JsonValue } from '../rules/index';
import { DEV_SERVER } from './dev-server';
import { PACK_TIMEOUT_MS, timed, untilAborted } from './timeouts';
import { loadChunk } from '../ui/load-chunk';


/** JSON.parse as the document index reads: no positions (a finding's position comes from the full check). */
function readJson(text: string): ParsedJson {
  return { value: JSON.parse(text) as JsonValue, positions: new Map(), duplicateKeys: [] };
}

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

/** GET {base}packs/{product}.json (the Vite plugin serves it in development and emits it into the build), within PACK_TIMEOUT_MS. */
export async function fetchProductPack(baseUrl: string, productId: string, fetcher: typeof fetch): Promise<ProductPack> {
  const init = timed(PACK_TIMEOUT_MS, { headers: { Accept: 'application/json' } });
  let response: Response;
  try {
    response = await fetcher(`${baseUrl}packs/${encodeURIComponent(productId)}.json`, init);
  } catch (err) {
    throw new PackLoadError(`pack for ${productId}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!response.ok) throw new PackLoadError(`pack for ${productId}: HTTP ${response.status}`, response.status);
  try {
    return (await untilAborted(response.json(), init.signal)) as ProductPack;
  } catch {
    throw new PackLoadError(`pack for ${productId}: not JSON, or not in time`);
  }
}

/**
 * The first reading: JSON.parse, register, resolve the flow. Throws on anything it cannot read.
 * It mirrors documents-error.ts's checkedFlow rather than calling it: that module belongs to the
 * full check's chunk, and sharing it with the entry makes Rolldown split engine modules out of
 * the entry into chunks of their own (rolldown#10731; tests/e2e/build-output.e2e.test.ts).
 */
export function readFlow(pack: ProductPack, sequenceId?: string): { flow: Flow; docs: DocumentSet } {
  if (pack.contractHash !== CONTRACT_HASH || typeof pack.contract !== 'object' || pack.contract === null) throw new ContractMismatch(pack.contractHash);
  const { set } = indexDocuments(pack.files, { parse: readJson, validator: () => [], contract: createStateContract(pack.contract) });
  const errors = set.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map(formatDiagnostic).join('; '));
  const { flow, diagnostics } = resolveFlow(set, pack.productId, sequenceId);
  if (!flow) throw new Error(diagnostics.map(formatDiagnostic).join('; '));
  return { flow, docs: set };
}

/** A pack checked against another state contract than this build's (an older or newer build's). */
class ContractMismatch extends Error {
  constructor(hash: unknown) {
    super(`the pack was checked against state contract ${String(hash)}, this build's is ${CONTRACT_HASH}`);
    this.name = 'ContractMismatch';
  }
}

/**
 * The documents for the first screen (`readFlow`). When they cannot be read, the full check
 * says why, by file:line:col: PackLoadError carries its findings. A pack checked against another
 * state contract runs on the full check's reading when that finds nothing.
 */
export async function loadFlow(pack: ProductPack, sequenceId?: string, config?: object): Promise<{ flow: Flow; docs: DocumentSet }> {
  try {
    return readFlow(pack, sequenceId);
  } catch (err) {
    if (err instanceof ContractMismatch) {
      const full = await fullReading(pack, sequenceId, config);
      if ('flow' in full) return full;
    }
    const findings = await verifyPack(pack, sequenceId, config);
    const reason = findings.length > 0 ? findings.map(formatDiagnostic).join('; ') : err instanceof Error ? err.message : String(err);
    throw new PackLoadError(`documents of ${String(pack.productId)} failed their checks: ${reason}`, undefined, findings);
  }
}

/** The full reading (the same loader as lint: positions, formats, references, this build's state contract): the flow, or the error findings. */
async function fullReading(pack: ProductPack, sequenceId: string | undefined, config: object | undefined): Promise<{ flow: Flow; docs: DocumentSet } | { findings: Diagnostic[] }> {
  const mod = DEV_SERVER ? await import('./documents-dev') : await loadChunk(() => import('./documents'));
  try {
    return mod.flowFromPack(pack, sequenceId, config);
  } catch (err) {
    const diagnostics = err !== null && typeof err === 'object' && 'diagnostics' in err && Array.isArray(err.diagnostics) ? (err.diagnostics as Diagnostic[]) : [];
    return { findings: diagnostics.length > 0 ? diagnostics : [{ file: '', pointer: '', line: 1, col: 1, severity: 'error', message: err instanceof Error ? err.message : String(err), check: 'load' }] };
  }
}

/** The full check: the error findings, [] when clean. `config`: the config.json the app runs with, checked with the documents (src/engine/urls.ts). */
export async function verifyPack(pack: ProductPack, sequenceId?: string, config?: object): Promise<Diagnostic[]> {
  const full = await fullReading(pack, sequenceId, config);
  return 'flow' in full ? [] : full.findings;
}
