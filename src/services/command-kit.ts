/**
 * What every command handler reads the same way (src/services/commands.ts and the sponsor
 * commands): a status that is a success, a non-empty string in the state, a step argument (its
 * JSON-Logic evaluated on the state), the product id and the prospect's customer id.
 */
import type { JsonValue } from '../rules/index';
import { getPath, type AppState, type JsonObject } from '../engine/state';
import type { RuleEngine } from '../rules/index';
import type { SessionPort } from '../shared/ports';

/** The parts of a command's context these helpers read. */
export interface CommandKitContext {
  args: JsonObject;
  state: AppState;
  today: string;
  flow: { productId: string; docs: { ruleEngine: RuleEngine } };
  session: Pick<SessionPort, 'getString'>;
}

export const ok = (status: number): boolean => status >= 200 && status < 300;

/** A non-empty string at `path` of the state. */
export function str(state: AppState, path: string): string | undefined {
  const v = getPath(state, path);
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** A step argument: JSON-Logic evaluated on the state (a plain string or number evaluates to itself). */
export function arg(ctx: CommandKitContext, name: string): JsonValue | undefined {
  if (!Object.prototype.hasOwnProperty.call(ctx.args, name)) return undefined;
  return ctx.flow.docs.ruleEngine.evaluate(ctx.args[name] as JsonValue, ctx.state, { today: ctx.today });
}

export function productIdOf(ctx: CommandKitContext): string {
  return str(ctx.state, 'session.productId') ?? ctx.flow.productId;
}

/** The prospect's customer id: the state's, else the session's (a resumed session). */
export function guidOf(ctx: CommandKitContext): string | undefined {
  return str(ctx.state, 'individuals.guid') ?? ctx.session.getString('potentialCustomerGuid');
}
