/**
 * The exit dialog's wording (EXIT-01..EXIT-03): the product's `config.exitDialog` keys, else
 * 'Do you want to leave?' / 'Your progress won't be saved.' with Leave and Continue Questions.
 * A product chooses other wording by pointing exitDialog at other keys: the quote flows' Yes, Exit and
 * No, Continue Quote (app.exit.quote.*, flows/products/insurance-quote.json), or the 'Ready to leave?'
 * variant (app.exit.ready.*); its summary's `{outcome}` reads
 * 'saved' when the prospect exists (a guid) and 'lost' otherwise.
 */
import type { Config } from '../../engine/formats.generated';
import type { ContentApi } from '../contract';

export const DEFAULT_EXIT_KEYS = { title: 'app.exit.title', summary: 'app.exit.summary', exitBtn: 'app.exit.leave', continueBtn: 'app.exit.continue' } as const;

export interface ExitCopy {
  title: string;
  summary: string;
  leave: string;
  stay: string;
}

export function exitCopy(config: Config | undefined, content: ContentApi, hasGuid: boolean): ExitCopy {
  const keys = { ...DEFAULT_EXIT_KEYS, ...(config?.exitDialog ?? {}) };
  const outcome = content.text(hasGuid ? 'app.exit.saved' : 'app.exit.lost');
  return {
    title: content.text(keys.title),
    summary: content.text(keys.summary, { outcome }),
    leave: content.text(keys.exitBtn),
    stay: content.text(keys.continueBtn),
  };
}
