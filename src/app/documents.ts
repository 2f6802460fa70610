/**
 * Loads a product's documents in the browser: one request for the product's pack, then the
 * same loader and checks as lint, with the format validators precompiled (no eval, so the
 * strict CSP holds). A document that fails to load or check sends the applicant to the
 * trap with the findings logged (issue 4, "Blocking pages").
 */
import formatValidators from '../generated/format-validators.cjs';
import stateSchema from '../../schemas/state.schema.json';
import { formatDiagnostic, hasErrors, type Diagnostic } from '../engine/diagnostics';
import { validatorName, type FormatValidator } from '../engine/format-validator';
import { resolveFlow, type Flow } from '../engine/flow';
import { loadDocuments, type DocumentSet } from '../engine/loader';
import type { ProductPack } from '../engine/pack';
import { explainErrors } from '../engine/schema-errors';
import { createStateContract } from '../engine/state-contract';

export const precompiledFormatValidator: FormatValidator = (kind, value) => {
  const validate = (formatValidators as Partial<Record<string, (typeof formatValidators)[keyof typeof formatValidators]>>)[validatorName(kind, value)];
  if (!validate) return [{ pointer: '', message: `${kind} documents are not loaded in the browser` }];
  if (validate(value)) return [];
  return explainErrors(validate.errors ?? [], value);
};

export const stateContract = createStateContract(stateSchema);

export class DocumentLoadError extends Error {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(message);
    this.name = 'DocumentLoadError';
  }
}

export function flowFromPack(pack: ProductPack, sequenceId?: string): { flow: Flow; docs: DocumentSet } {
  const docs = loadDocuments(pack.files, { validator: precompiledFormatValidator, contract: stateContract });
  if (hasErrors(docs.diagnostics)) {
    const errors = docs.diagnostics.filter((d) => d.severity === 'error');
    throw new DocumentLoadError(`documents of ${pack.productId} failed their checks: ${errors.map(formatDiagnostic).join('; ')}`, errors);
  }
  const { flow, diagnostics } = resolveFlow(docs, pack.productId, sequenceId);
  if (!flow) throw new DocumentLoadError(`flow ${pack.productId} does not resolve: ${diagnostics.map(formatDiagnostic).join('; ')}`, diagnostics);
  return { flow, docs };
}

/** GET {base}packs/{product}.json: one request per product. */
export async function fetchPack(baseUrl: string, productId: string, fetcher: typeof fetch = fetch): Promise<ProductPack> {
  const response = await fetcher(`${baseUrl}packs/${encodeURIComponent(productId)}.json`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new DocumentLoadError(`pack for ${productId}: HTTP ${response.status}`, []);
  return (await response.json()) as ProductPack;
}
