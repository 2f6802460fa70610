/**
 * Turning a pack into a checked flow: shared by the build's loader (documents.ts, precompiled
 * validators) and the development server's (documents-dev.ts, Ajv at run time), so both refuse
 * the same documents in the same words, and with the function lint:content and the build
 * refuse documents with (src/engine/check.ts checkPack: loader, graph analysis, flows, on the pack).
 */
import { checkPack } from '../engine/check';
import { formatDiagnostic, type Diagnostic } from '../engine/diagnostics';
import type { FormatValidator } from '../engine/format-validator';
import { resolveFlow, type Flow } from '../engine/flow';
import type { DocumentSet, SourceFile } from '../engine/loader';
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

/**
 * The config.json the app runs with, as the full check reads it (its URLs and allowed hosts,
 * src/engine/urls.ts): the parsed config written out, so a finding's line:col is in that text.
 */
export function configSource(config: object | undefined): SourceFile | undefined {
  return config === undefined ? undefined : { path: 'config.json', text: `${JSON.stringify(config, null, 2)}\n` };
}

export function checkedFlow(
  pack: ProductPack,
  options: { validator: FormatValidator; contract: StateContract; config?: SourceFile },
  sequenceId?: string,
): { flow: Flow; docs: DocumentSet } {
  // What lint:content and the build refuse (src/engine/check.ts), on the pack's documents: the same function lint and the build check each pack with.
  const { docs, findings } = checkPack(pack, options);
  const errors = findings.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new DocumentLoadError(`documents of ${pack.productId} failed their checks: ${errors.map(formatDiagnostic).join('; ')}`, errors);
  }
  const { flow, diagnostics } = resolveFlow(docs, pack.productId, sequenceId);
  if (!flow) throw new DocumentLoadError(`flow ${pack.productId} does not resolve: ${diagnostics.map(formatDiagnostic).join('; ')}`, diagnostics);
  return { flow, docs };
}
