/**
 * The products' disclaimer texts from the content mapper (CONT-01..CONT-07), loaded once the
 * first screen is painted (never one of its requests). The local copy shows until the answer
 * arrives; the mapper's texts then replace the keys it names. On failure (after 3 attempts) the
 * error `disclaimers` is recorded (logged, CONTENT_MAPPER_ERROR) and the flow goes on with the
 * local copy (CONT-07): it is not an error of the flow, so it never leads to the trap.
 */
import type { AppInstance } from './boot';

export async function loadDisclaimers(app: Pick<AppInstance, 'config' | 'servicesReady' | 'telemetry'>): Promise<ReadonlyMap<string, string> | undefined> {
  await app.servicesReady();
  const { fetchContentMapper } = await import('../services/content-mapper');
  try {
    const { texts, skipped } = await fetchContentMapper(app.config.apiBaseUrl);
    if (skipped.length > 0) app.telemetry.log('warn', 'content mapper sections not read', { sections: skipped.join(',') });
    return texts;
  } catch (err) {
    const failure = (err as { failure?: { status?: number; timeout?: boolean } }).failure;
    app.telemetry.log('error', 'CONTENT_MAPPER_ERROR', { error: 'disclaimers', ...(failure?.status !== undefined ? { status: failure.status } : {}), timeout: failure?.timeout === true });
    return undefined;
  }
}
