/**
 * Each form panel's validator, precompiled when the documents are packed (`npm run pack`
 * writes src/generated/panel-validators/), so form validation needs no run-time code
 * generation and the strict CSP holds (no 'unsafe-eval'). A panel whose validator is missing,
 * or was compiled from another schema than the one shown, is refused: the screen shows an
 * error and the shell sends the applicant to the trap.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { stableHash } from '../../../engine/hash';
import type { JsonValue } from '../../../rules/index';
import type { PanelValidatorLoader } from '../../contract';
import { loadChunk } from '../../load-chunk';

export interface PanelValidatorEntry {
  /** stableHash of the schema the validator was compiled from. */
  hash: string;
  load: () => Promise<ValidatorFunctions | { default: ValidatorFunctions }>;
}
export type PanelValidatorRegistry = Record<string, PanelValidatorEntry>;
type Schema = { [key: string]: JsonValue };

export class PanelValidatorError extends Error {
  constructor(
    message: string,
    readonly panelId: string,
    readonly code: 'VALIDATOR_MISSING' | 'VALIDATOR_STALE' | 'VALIDATOR_BROKEN' | 'SCHEMA_MISSING',
  ) {
    super(message);
    this.name = 'PanelValidatorError';
  }
}

/**
 * rjsf's precompiled-validator factory, loaded with the first form: the shell may import this
 * file on the first screen, which must not carry rjsf (issue 4 budget). The module itself, not
 * the package index, which also builds the run-time (eval-based) Ajv validator.
 */
async function loadFactory() {
  return (await import('@rjsf/validator-ajv8/lib/createPrecompiledValidator.js')).default;
}

function functionsOf(mod: ValidatorFunctions | { default: ValidatorFunctions }): ValidatorFunctions {
  // A CommonJS module imported as ESM comes as { default: exports }; a validator function is never an object.
  const candidate = (mod as { default?: unknown }).default;
  return candidate !== null && typeof candidate === 'object' ? (candidate as ValidatorFunctions) : (mod as ValidatorFunctions);
}

/**
 * A loader for the panel validators in `registry` (the generated `panelValidators`). The
 * loader is called with the panel id and the schema the screen renders; `schemaOf` finds a
 * schema by panel id for callers that pass only the id.
 */
export function createPanelValidatorLoader(registry: PanelValidatorRegistry, schemaOf?: (panelId: string) => Schema | undefined): PanelValidatorLoader {
  const cache = new Map<string, Promise<ValidatorType>>();
  return (panelId: string, schema?: Schema): Promise<ValidatorType> => {
    const shown = schema ?? schemaOf?.(panelId);
    if (shown === undefined) return Promise.reject(new PanelValidatorError(`form panel "${panelId}": no schema to check its validator against`, panelId, 'SCHEMA_MISSING'));
    const entry = Object.prototype.hasOwnProperty.call(registry, panelId) ? registry[panelId] : undefined;
    if (!entry) {
      return Promise.reject(new PanelValidatorError(`form panel "${panelId}" has no precompiled validator (run npm run pack)`, panelId, 'VALIDATOR_MISSING'));
    }
    const hash = stableHash(shown);
    if (hash !== entry.hash) {
      return Promise.reject(
        new PanelValidatorError(`form panel "${panelId}": its precompiled validator was built from another schema (${entry.hash}, shown ${hash}); run npm run pack`, panelId, 'VALIDATOR_STALE'),
      );
    }
    const cacheKey = `${panelId}@${hash}`;
    let pending = cache.get(cacheKey);
    if (!pending) {
      pending = Promise.all([loadChunk(entry.load), loadChunk(loadFactory)]).then(
        ([mod, createPrecompiledValidator]) => {
          try {
            return createPrecompiledValidator(functionsOf(mod), shown as RJSFSchema);
          } catch (error) {
            throw new PanelValidatorError(`form panel "${panelId}": its precompiled validator does not fit its schema (${error instanceof Error ? error.message : String(error)})`, panelId, 'VALIDATOR_BROKEN');
          }
        },
        (error: unknown) => {
          throw new PanelValidatorError(`form panel "${panelId}": its precompiled validator failed to load (${error instanceof Error ? error.message : String(error)})`, panelId, 'VALIDATOR_MISSING');
        },
      );
      pending.catch(() => cache.delete(cacheKey));
      cache.set(cacheKey, pending);
    }
    return pending;
  };
}
