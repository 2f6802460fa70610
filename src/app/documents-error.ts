import type { Diagnostic } from '../engine/diagnostics';

/** The documents failed to load or check (development loader; the build's is in documents.ts). */
export class DocumentLoadError extends Error {
  constructor(
    message: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(message);
    this.name = 'DocumentLoadError';
  }
}
