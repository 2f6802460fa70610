/**
 * What the documents are refused for: one function for `npm run lint:content`, `npm run build`
 * (tools/vite-plugin-muster.ts) and the browser's full check (src/app/documents-error.ts), so
 * the three refuse the same documents in the same words. Pure: no fs, no DOM.
 *
 * The findings are the loader's (formats, references, rules), the graph analysis's
 * (src/engine/analysis.ts: unreachable steps, dead ends, shadowed edges, unhandled answers and
 * outcomes, unused documents), every product's flow for each of its sequences, and every
 * product-level module override, and the URLs of the documents and of config.json
 * (src/engine/urls.ts), and the patterns of form schemas (src/engine/schema-patterns.ts). Any
 * `error` among them refuses the documents. Before all of it, the size limits
 * (src/engine/document-limits.ts): a document over one is refused, and nothing else is read.
 */
import { analyzeDocuments, analyzeOverrides } from './analysis';
import { formatDiagnostic, type Diagnostic } from './diagnostics';
import { DEFAULT_SEQUENCE, resolveFlow } from './flow';
import { loadDocuments, type DocumentSet, type LoadOptions, type SourceFile } from './loader';
import { buildPack, type ProductPack } from './pack';
import { checkPayloadMapping } from './payload';
import { parseJsonWithPositions } from './json-parse';
import { CONFIG_PATH, checkConfigFile, documentUrlFindings } from './urls';
import { documentLimitFindings } from './document-limits';
import { schemaPatternFindings } from './schema-patterns';

export interface CheckOptions extends LoadOptions {
  /**
   * The runtime configuration, whose URLs are checked and whose `allowedHosts` the documents'
   * `https:` URLs may name: the browser passes the config.json it runs with. When absent, the
   * config.json among the files (CONFIG_PATH: lint and the build read public/config.json); with
   * neither, no host is allowed.
   */
  config?: SourceFile;
}

export interface CheckResult {
  docs: DocumentSet;
  /**
   * Every finding, each once: the loader's first (a file that does not parse comes before what
   * it breaks), then the graph's, the flows' and the overrides'. Errors refuse the documents;
   * warnings do not. Lint sorts them by file:line:col to print them.
   */
  findings: Diagnostic[];
}

/** The same finding reached twice (two sequences of one product) kept once, the first. */
function unique(findings: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return findings.filter((d) => {
    const key = formatDiagnostic(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every finding of a set of documents (a project, or one product's pack). config.json, when it is
 * among the files (CONFIG_PATH), is not a document: its URLs are checked and its allowed hosts
 * used for the documents'.
 */
export function checkDocuments(files: readonly SourceFile[], options: CheckOptions): CheckResult {
  // Issue 22: documents over a size limit are refused before anything expensive reads them.
  const oversized = documentLimitFindings(options.config ? [...files, options.config] : files);
  if (oversized.length > 0) return { docs: loadDocuments([], options), findings: oversized };
  const configFile = options.config ?? files.find((f) => f.path === CONFIG_PATH);
  const config = configFile ? checkConfigFile(configFile, parseJsonWithPositions) : undefined;
  const hosts = config?.hosts ?? [];
  const docs = loadDocuments(files, options);
  const findings: Diagnostic[] = [...docs.diagnostics, ...(config?.findings ?? []), ...documentUrlFindings(docs, hosts), ...schemaPatternFindings(docs), ...analyzeDocuments(docs), ...checkPayloadMapping(docs)];
  // Every product's flow (each of its sequences).
  for (const [id, doc] of docs.products) {
    if (doc.value.abstract === true) continue;
    for (const sequence of [DEFAULT_SEQUENCE, ...Object.keys(doc.value.sequences ?? {})]) {
      try {
        findings.push(...resolveFlow(docs, id, sequence).diagnostics);
      } catch (err) {
        findings.push({ file: doc.file, pointer: '', line: 1, col: 1, severity: 'error', message: `the flow of ${id} cannot be resolved: ${err instanceof Error ? err.message : String(err)}`, check: 'flow' });
      }
    }
  }
  findings.push(...analyzeOverrides(docs, options.validator));
  return { docs, findings: unique(findings) };
}

/**
 * A product's pack checked on its own, as the browser's full check runs it (src/app/documents-error.ts)
 * and as lint and the build check each product's pack: `checkDocuments` on its files, told which
 * modules the pack leaves out because the product does not run them (`modulesNotRun`: a review
 * section may name them, FLOW-29).
 */
export function checkPack(pack: ProductPack, options: CheckOptions): CheckResult {
  return checkDocuments(pack.files, { ...options, modulesNotRun: pack.modulesNotRun });
}

/**
 * The project's check, as lint and the build run it: `checkDocuments` on every document, then,
 * when that finds no error, each product's pack (the documents the browser loads for it,
 * src/engine/pack.ts) checked on its own, as the browser's full check will: an error only the
 * pack has (a document the pack leaves out) is reported too, so nothing the build lets through
 * is refused in the browser.
 */
export function checkProject(files: readonly SourceFile[], options: CheckOptions): CheckResult {
  const config = options.config ?? files.find((f) => f.path === CONFIG_PATH);
  const result = checkDocuments(files, options);
  if (result.findings.some((d) => d.severity === 'error')) return result;
  const known = new Set(result.findings.map(formatDiagnostic));
  const extra: Diagnostic[] = [];
  for (const doc of result.docs.products.values()) {
    if (doc.value.abstract === true) continue;
    let pack: ProductPack;
    try {
      pack = buildPack(result.docs, files, doc.value.id);
    } catch (err) {
      extra.push({ file: doc.file, pointer: '', line: 1, col: 1, severity: 'error', message: `the pack of ${doc.value.id} cannot be built: ${err instanceof Error ? err.message : String(err)}`, check: 'pack' });
      continue;
    }
    for (const d of checkPack(pack, { ...options, config }).findings) {
      if (d.severity !== 'error' || known.has(formatDiagnostic(d))) continue;
      extra.push({ ...d, message: `in the pack of ${doc.value.id} (the documents the browser loads for it, src/engine/pack.ts): ${d.message}`, check: 'pack' });
    }
  }
  return extra.length > 0 ? { docs: result.docs, findings: unique([...result.findings, ...extra]) } : result;
}
