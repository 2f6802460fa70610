/**
 * The browser's side of the one command runner (ROUTE-19, issue 19): the orchestration of every
 * command is the engine's (src/engine/provider/commands.ts, shared with `npm run simulate`); here
 * it runs over the one HTTP client (src/services/transport.ts), with the command's AbortSignal.
 */
import type { ServiceConfig } from '../shared/ports';
import type { Driver } from '../engine/provider/io';
import { runAsync } from '../engine/provider/io';
import { commandRegistry, handlerOf, runCommand as runStep, sendAbandon, type CommandHandler, type CommandOutcome, type RunContext } from '../engine/provider/commands';
import { createTransport, type TransportOptions } from './transport';

export { commandRegistry, handlerOf, type CommandHandler, type CommandOutcome };

/** The provider's services, as the runner calls them: the one HTTP client behind the runner's seam. */
export type Services = Driver;

export function createServices(config: Pick<ServiceConfig, 'apiBaseUrl'>, options: TransportOptions = {}): Services {
  return createTransport(config.apiBaseUrl, options);
}

export interface CommandContext extends RunContext {
  services: Services;
  /** Aborted when the flow has moved on from the command step: its requests are given up (issue 10, Failures). */
  signal?: AbortSignal;
}

/** Runs the current command step with the browser's services. Never throws: a failure is `{ kind: 'error' }`. */
export function runCommand(registry: Readonly<Record<string, CommandHandler>>, ctx: CommandContext): Promise<CommandOutcome> {
  return runAsync(runStep(registry, ctx), ctx.services, ctx.signal).catch((err: unknown) => ({ kind: 'error' as const, reason: `COMMAND_ERROR|${ctx.command}|${err instanceof Error ? err.message : String(err)}` }));
}

/** Exit's abandon status (EXIT-05..EXIT-08), through the same runner. */
export function runAbandon(ctx: Omit<CommandContext, 'command' | 'args'>): Promise<{ sent: boolean; status?: number }> {
  return runAsync(sendAbandon({ ...ctx, command: 'abandon', args: {} }), ctx.services, ctx.signal);
}
