/**
 * Loads a product's documents in the browser: one request for the product's pack, then the
 * same loader and checks as lint, with the format validators precompiled (no eval, so the
 * strict CSP holds). A document that fails to load or check sends the applicant to the
 * trap with the findings logged (issue 4, "Blocking pages").
 */
import formatValidators from '../generated/format-validators.cjs';
// The state contract without its prose (written by npm run pack: src/generated/state-contract.json), smaller than the schema.
import stateSchema from '../generated/state-contract.json';
import { validatorName, type FormatValidator } from '../engine/format-validator';
import type { Flow } from '../engine/flow';
import type { DocumentSet } from '../engine/loader';
import type { ProductPack } from '../engine/pack';
import { explainErrors } from '../engine/schema-errors';
import { createStateContract } from '../engine/state-contract';
import { checkedFlow, configSource, DocumentLoadError } from './documents-error';

export { DocumentLoadError };

export const precompiledFormatValidator: FormatValidator = (kind, value) => {
  const validate = (formatValidators as Partial<Record<string, (typeof formatValidators)[keyof typeof formatValidators]>>)[validatorName(kind, value)];
  if (!validate) return [{ pointer: '', message: `${kind} documents are not loaded in the browser` }];
  if (validate(value)) return [];
  return explainErrors(validate.errors ?? [], value);
};

export const stateContract = createStateContract(stateSchema);

export function flowFromPack(pack: ProductPack, sequenceId?: string, config?: object): { flow: Flow; docs: DocumentSet } {
  return checkedFlow(pack, { validator: precompiledFormatValidator, contract: stateContract, config: configSource(config) }, sequenceId);
}
