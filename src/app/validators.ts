/**
 * The form panels' validator loader (src/ui/contract.ts PanelValidatorLoader), loaded on
 * demand: rjsf's precompiled-validator runtime and the generated validators arrive with the
 * first form panel, never with a question screen. A refused validator (missing, or compiled
 * from another schema) is reported so the app can take the applicant to the trap.
 *
 * Under `vite serve` the generated validators (CommonJS) cannot be imported, so development
 * validates the same schema with rjsf's Ajv validator compiled at run time (src/app/dev-server.ts).
 */
import type { ValidatorType } from '@rjsf/utils';
import type { PanelValidatorLoader } from '../ui/contract';
import { DEV_SERVER } from './dev-server';
import { loadChunk } from '../ui/load-chunk';

function devLoader(): Promise<PanelValidatorLoader> {
  return import('@rjsf/validator-ajv8').then((m) => {
    const validator = m.customizeValidator();
    return (_panelId: string) => Promise.resolve(validator as ValidatorType);
  });
}

function precompiledLoader(): Promise<PanelValidatorLoader> {
  return Promise.all([loadChunk(() => import('../ui/screens/form/validators')), loadChunk(() => import('../generated/panel-validators/index'))]).then(([v, g]) => v.createPanelValidatorLoader(g.panelValidators));
}

export function lazyValidatorLoader(onRefused: (panelId: string, reason: string) => void): PanelValidatorLoader {
  let loader: Promise<PanelValidatorLoader> | undefined;
  return async (panelId, schema): Promise<ValidatorType> => {
    try {
      loader ??= DEV_SERVER ? devLoader() : precompiledLoader();
      return await (await loader)(panelId, schema);
    } catch (err) {
      loader = undefined; // a chunk that could not load is asked for again next time
      const code = err !== null && typeof err === 'object' && 'code' in err && typeof err.code === 'string' ? err.code : 'VALIDATOR_REFUSED';
      onRefused(panelId, code);
      throw err;
    }
  };
}
