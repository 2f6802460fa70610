/**
 * Turning a pack into a checked flow: shared by the build's loader (documents.ts, precompiled
 * validators) and the development server's (documents-dev.ts, Ajv at run time), so both refuse
 * the same documents in the same words.
 */
import { formatDiagnostic, hasErrors, type Diagnostic } from '../engine/diagnostics';
import type { FormatValidator } from '../engine/format-validator';
import { resolveFlow, type Flow } from '../engine/flow';
import { loadDocuments, type DocumentSet } from '../engine/loader';
import type { ProductPack } from '../engine/pack';
import type { StateContract } from '../engine/state-contract';

/** The documents failed to load or check. */
export class DocumentLoadError extends Error {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(message);
    this.name = 'DocumentLoadError';
  }
}

export function checkedFlow(
  pack: ProductPack,
  options: { validator: FormatValidator; contract: StateContract },
  sequenceId?: string,
): { flow: Flow; docs: DocumentSet } {
  const docs = loadDocuments(pack.files, options);
  if (hasErrors(docs.diagnostics)) {
    const errors = docs.diagnostics.filter((d) => d.severity === 'error');
    throw new DocumentLoadError(`documents of ${pack.productId} failed their checks: ${errors.map(formatDiagnostic).join('; ')}`, errors);
  }
  const { flow, diagnostics } = resolveFlow(docs, pack.productId, sequenceId);
  if (!flow) throw new DocumentLoadError(`flow ${pack.productId} does not resolve: ${diagnostics.map(formatDiagnostic).join('; ')}`, diagnostics);
  return { flow, docs };
}
