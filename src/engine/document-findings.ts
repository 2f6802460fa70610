/**
 * What the full reading finds while it reads and registers the documents (src/engine/loader.ts
 * passes it to `indexDocuments`): malformed JSON, duplicate keys, each document against its
 * format, ids that are not their file's name, duplicate rule and content ids, rule areas, command
 * outcomes. The browser's first reading registers the same documents the same way without it
 * (src/app/load.ts): the build refused documents with findings, and the full check that follows
 * the first screen reports any by file:line:col.
 */
import type { JsonValue } from '../rules/index';
import type { Diagnostic } from './diagnostics';
import type { Doc, DocumentSet, ReadingFindings, Report, SourceFile } from './document-set';
import type { DocumentKind, FormatValidator } from './format-validator';
import type { CommandCatalog, ContentBundle, RuleSet } from './formats.generated';
import { JsonSyntaxError, pointerOf, positionOf, type ParsedJson } from './json-source';

export function readingFindings(options: { parse: (text: string) => ParsedJson; validator: FormatValidator }): (set: DocumentSet) => ReadingFindings {
  return (set) => {
    const diagnostics: Diagnostic[] = set.diagnostics;
    const report: Report = (doc, pointer, severity, check, message, preferKey = false) => {
      const d = typeof doc === 'string' ? set.files.get(doc) : doc;
      const file = typeof doc === 'string' ? doc : doc.file;
      const pos = d ? positionOf(d.parsed, pointer, preferKey) : { line: 1, col: 1 };
      diagnostics.push({ file, pointer, line: pos.line, col: pos.col, severity, message, check });
    };
    // Files that failed to parse or to match their format: references to them are not
    // reported again (the file's own finding says what to fix).
    const failedFiles = new Set<string>();
    // The first rule and content key of each id (the one registered), to name it in a duplicate's finding.
    const rules = new Map<string, string>();
    const content = { app: new Map<string, string>(), demo: new Map<string, string>() };

    const read = (source: SourceFile, kind: DocumentKind): Doc<JsonValue> | undefined => {
      let parsed: ParsedJson;
      try {
        parsed = options.parse(source.text);
      } catch (err) {
        if (err instanceof JsonSyntaxError) {
          failedFiles.add(source.path);
          diagnostics.push({
            file: source.path,
            pointer: '',
            line: err.position.line,
            col: err.position.col,
            severity: 'error',
            message: `malformed JSON: ${err.message}`,
            check: 'json-syntax',
          });
          return undefined;
        }
        throw err;
      }
      const doc: Doc<JsonValue> = { file: source.path, kind, value: parsed.value, parsed };
      set.files.set(source.path, doc);
      for (const dup of parsed.duplicateKeys) {
        diagnostics.push({
          file: source.path,
          pointer: dup.pointer,
          line: dup.position.line,
          col: dup.position.col,
          severity: 'error',
          message: `duplicate key "${dup.pointer.split('/').pop() ?? ''}": the later one silently replaces the earlier; keep one`,
          check: 'duplicate-key',
        });
      }
      const issues = options.validator(kind, parsed.value);
      for (const issue of issues) report(doc, issue.pointer, 'error', 'format', `${kind} format: ${issue.message}`, true);
      if (issues.length > 0) {
        failedFiles.add(source.path);
        return undefined;
      }
      return doc;
    };

    const registering = (doc: Doc<JsonValue>, demo: boolean): void => {
      switch (doc.kind) {
        case 'product':
        case 'module':
        case 'panel':
        case 'fields': {
          // Registered by id, which must be the file's name.
          const id = (doc.value as { id: string }).id;
          const base = doc.file.replace(/^.*\//, '').replace(/\.json$/, '');
          if (base !== id) report(doc, '/id', 'error', 'file-name', `id "${id}" must match the file name "${base}.json"`);
          break;
        }
        case 'rules': {
          const d = doc as unknown as Doc<RuleSet>;
          d.value.rules.forEach((rule, i) => {
            const pointer = `/rules/${i}`;
            const existing = rules.get(rule.id);
            if (existing !== undefined) {
              report(d, `${pointer}/id`, 'error', 'duplicate-id', `rule "${rule.id}" is already defined in ${existing}`);
              return;
            }
            rules.set(rule.id, d.file);
            if (!rule.id.startsWith(`${d.value.area}.`)) {
              report(d, `${pointer}/id`, 'error', 'rule-area', `rule "${rule.id}" must start with its area "${d.value.area}."`);
            }
          });
          break;
        }
        case 'content': {
          const d = doc as unknown as Doc<ContentBundle>;
          const seen = demo ? content.demo : content.app;
          for (const key of Object.keys(d.value.strings)) {
            const existing = seen.get(key);
            if (existing !== undefined) report(d, pointerOf(['strings', key]), 'error', 'duplicate-id', `content key "${key}" is already defined in ${existing}`, true);
            else seen.set(key, d.file);
          }
          break;
        }
        case 'commands': {
          const d = doc as unknown as Doc<CommandCatalog>;
          for (const [name, command] of Object.entries(d.value.commands)) {
            if (!command.outcomes.includes(command.success)) {
              report(d, `${pointerOf(['commands', name])}/success`, 'error', 'broken-reference', `success outcome "${command.success}" is not one of the outcomes of ${name}`);
            }
          }
          break;
        }
        default:
          break;
      }
    };

    return { report, failedFiles, read, registering };
  };
}
