/**
 * Development only (`vite serve`, see src/app/load.ts): the same loader and checks as
 * src/app/documents.ts, with the format schemas compiled by Ajv at run time.
 */
import stateSchema from '../../schemas/state.schema.json';
import { formatDiagnostic, hasErrors } from '../engine/diagnostics';
import { resolveFlow, type Flow } from '../engine/flow';
import { loadDocuments, type DocumentSet } from '../engine/loader';
import type { ProductPack } from '../engine/pack';
import { createAjvFormatValidator, type FormatSchemas } from '../engine/validate-ajv';
import { createStateContract } from '../engine/state-contract';
import { DocumentLoadError } from './documents-error';

const files = import.meta.glob<object>('../../schemas/formats/*.schema.json', { eager: true, import: 'default' });
const schemas = Object.fromEntries(Object.entries(files).map(([path, schema]) => [path.replace(/^.*\//, '').replace('.schema.json', ''), schema])) as FormatSchemas;
const validator = createAjvFormatValidator(schemas);
const contract = createStateContract(stateSchema);

export function flowFromPack(pack: ProductPack, sequenceId?: string): { flow: Flow; docs: DocumentSet } {
  const docs = loadDocuments(pack.files, { validator, contract });
  if (hasErrors(docs.diagnostics)) {
    const errors = docs.diagnostics.filter((d) => d.severity === 'error');
    throw new DocumentLoadError(`documents of ${pack.productId} failed their checks: ${errors.map(formatDiagnostic).join('; ')}`, errors);
  }
  const { flow, diagnostics } = resolveFlow(docs, pack.productId, sequenceId);
  if (!flow) throw new DocumentLoadError(`flow ${pack.productId} does not resolve: ${diagnostics.map(formatDiagnostic).join('; ')}`, diagnostics);
  return { flow, docs };
}
