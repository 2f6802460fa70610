/**
 * Development only (`vite serve`, see src/app/load.ts): the same loader and checks as
 * src/app/documents.ts, with the format schemas compiled by Ajv at run time.
 */
// The state contract without its prose (written by npm run pack: src/generated/state-contract.json), smaller than the schema.
import stateSchema from '../generated/state-contract.json';
import type { Flow } from '../engine/flow';
import type { DocumentSet } from '../engine/loader';
import type { ProductPack } from '../engine/pack';
import { createAjvFormatValidator, type FormatSchemas } from '../engine/validate-ajv';
import { createStateContract } from '../engine/state-contract';
import { checkedFlow, configSource } from './documents-error';

const files = import.meta.glob<object>('../../schemas/formats/*.schema.json', { eager: true, import: 'default' });
const schemas = Object.fromEntries(Object.entries(files).map(([path, schema]) => [path.replace(/^.*\//, '').replace('.schema.json', ''), schema])) as FormatSchemas;
const validator = createAjvFormatValidator(schemas);
const contract = createStateContract(stateSchema);

export function flowFromPack(pack: ProductPack, sequenceId?: string, config?: object): { flow: Flow; docs: DocumentSet } {
  return checkedFlow(pack, { validator, contract, config: configSource(config) }, sequenceId);
}
