/**
 * The set of documents a product is made of, read and registered: the shape every consumer
 * (flow engine, lint, simulate, the browser) works on. Reading is separate from checking so
 * the browser can start a flow with JSON.parse alone and leave the full check (positions,
 * formats, references: src/engine/loader.ts) off the first screen's path.
 */
import { createRuleEngine, type AuthorChecks, type JsonValue, type Logic, type RuleEngine } from '../rules/engine';
import type { Diagnostic, Severity } from './diagnostics';
import type { DocumentKind, FormatValidator } from './format-validator';
import type { CommandCatalog, Command, ContentBundle, FieldSet, ModuleGraph, NamedRule, OptionSources, Panel, PayloadMapping, ProductFlow, RuleSet, RuleTableSet, ScenarioTable, ServiceCodeCatalogue, Text } from './formats.generated';
import type { inlineFieldRefs } from './field-refs';
import { pointerOf, type ParsedJson } from './json-source';
import type { StateContract } from './state-contract';

export interface SourceFile {
  /** Project-relative path with forward slashes. */
  path: string;
  text: string;
}

export interface Doc<T> {
  file: string;
  kind: DocumentKind;
  value: T;
  parsed: ParsedJson;
}

export interface RuleEntry {
  doc: Doc<RuleSet>;
  pointer: string;
  rule: NamedRule;
}

export interface ContentEntry {
  doc: Doc<ContentBundle>;
  pointer: string;
  text: Text;
}

export interface CommandEntry {
  doc: Doc<CommandCatalog>;
  pointer: string;
  command: Command;
}

export interface DocumentSet {
  products: Map<string, Doc<ProductFlow>>;
  modules: Map<string, Doc<ModuleGraph>>;
  panels: Map<string, Doc<Panel>>;
  /** Shared field definitions (schemas/fields/), by id. */
  fields: Map<string, Doc<FieldSet>>;
  /** The reference-data sources (flows/option-sources.json), if any. */
  optionSources?: Doc<OptionSources>;
  /** The service-code catalogue (flows/service-codes.json, ERR-30..ERR-43), if any. */
  serviceCodes?: Doc<ServiceCodeCatalogue>;
  /** The prospect payload mapping (flows/payload.json), if any. */
  payload?: Doc<PayloadMapping>;
  rules: Map<string, RuleEntry>;
  ruleTables: Doc<RuleTableSet>[];
  content: Map<string, ContentEntry>;
  demoContent: Map<string, ContentEntry>;
  commands: Map<string, CommandEntry>;
  scenarios: Doc<ScenarioTable>[];
  /** Every document by file, for locating findings. */
  files: Map<string, Doc<JsonValue>>;
  contract: StateContract;
  ruleEngine: RuleEngine;
  diagnostics: Diagnostic[];
}

/** Which kind of document a project path holds; null for files the loader does not read. */
export function classifyPath(path: string): { kind: DocumentKind; demo?: boolean } | null {
  if (!path.endsWith('.json')) return null;
  if (/^flows\/products\/[^/]+\.json$/.test(path)) return { kind: 'product' };
  if (/^flows\/modules\/[^/]+\.json$/.test(path)) return { kind: 'module' };
  if (path === 'flows/commands.json') return { kind: 'commands' };
  if (path === 'flows/option-sources.json') return { kind: 'option-sources' };
  if (path === 'flows/service-codes.json') return { kind: 'service-codes' };
  if (path === 'flows/payload.json') return { kind: 'payload' };
  if (/^schemas\/panels\/[^/]+\.json$/.test(path)) return { kind: 'panel' };
  if (/^schemas\/fields\/[^/]+\.json$/.test(path)) return { kind: 'fields' };
  if (/^rules\/[^/]+\.rules\.json$/.test(path)) return { kind: 'rules' };
  if (/^rules\/[^/]+\.table\.json$/.test(path)) return { kind: 'rule-table' };
  if (/^content\/demo\/[^/]+\.json$/.test(path)) return { kind: 'content', demo: true };
  if (/^content\/[a-z]{2}\/[^/]+\.json$/.test(path)) return { kind: 'content' };
  if (/^tests\/scenarios\/[^/]+\.json$/.test(path)) return { kind: 'scenarios' };
  return null;
}

/** The panel a step shows: the step id minus its numeric suffix (ROUTE-06). */
export function panelNameOf(stepId: string): string {
  return stepId.replace(/[0-9]+$/, '');
}

/** Content keys a milestone's content key implies; `heading` is the one that must exist. */
export function milestoneHeadingKey(contentKey: string): string {
  return `milestones.${contentKey}.heading`;
}

export interface LoadOptions {
  validator: FormatValidator;
  contract: StateContract;
  /**
   * When the documents are one product's pack: the modules its review pages name that the
   * product does not run, left out of the pack (src/engine/pack.ts `modulesNotRun`). A review
   * section naming one of them is accepted (it never shows); a section naming any other module
   * the documents lack is refused, as in the project, where every module file is present.
   */
  modulesNotRun?: readonly string[];
}

export interface IndexOptions extends LoadOptions {
  /** The JSON reader: with positions for findings (the loader), or JSON.parse's speed (the browser's first screen). */
  parse: (text: string) => ParsedJson;
  /**
   * Inlines the shared field definitions a form panel refers to, reporting what does not resolve
   * (src/engine/field-refs.ts). The loader passes it; the browser's first reading does not, so
   * the inliner stays off the first screen's script: the form and review chunks inline the
   * panels before they read a schema (`inlineFormPanels`).
   */
  inlineFieldRefs?: typeof inlineFieldRefs;
  /**
   * The rule checks written for authors (src/rules/author-checks.ts): the loader passes them;
   * the browser's first reading evaluates with the core checks (src/rules/engine.ts).
   */
  ruleChecks?: AuthorChecks;
  /**
   * The full reading's findings as the files are read and registered (src/engine/document-findings.ts:
   * JSON syntax, duplicate keys, each document's format, ids and file names, duplicate rule and
   * content ids, rule areas, command outcomes). The loader passes them; the browser's first
   * reading registers without them: the build refused documents with findings, and the full
   * check, after the first screen, reports any by file:line:col.
   */
  findings?: (set: DocumentSet) => ReadingFindings;
}

/** What the full reading finds while it reads and registers (src/engine/document-findings.ts). */
export interface ReadingFindings {
  report: Report;
  /** Files that failed to parse or to match their format: not registered. */
  failedFiles: ReadonlySet<string>;
  /** Reads one file, recording what is wrong with it: the document to register, or undefined. */
  read(source: SourceFile, kind: DocumentKind): Doc<JsonValue> | undefined;
  /** Records what is wrong with a document as it is registered (ids, duplicates, areas, outcomes). */
  registering(doc: Doc<JsonValue>, demo: boolean): void;
}

/** How a finding is recorded: where (a document or a file, and a pointer), how bad, which check, what to fix. */
export type Report = (doc: Doc<unknown> | string, pointer: string, severity: Severity, check: string, message: string, preferKey?: boolean) => void;

/**
 * Reads and registers every document (step 1 of loading), then creates the rule engine with the
 * named rules; with `options.findings`, what is wrong with each file and document is recorded
 * on the way. Reference checks are the loader's (src/engine/loader.ts).
 */
export function indexDocuments(files: readonly SourceFile[], options: IndexOptions): { set: DocumentSet; report: Report; failedFiles: ReadonlySet<string> } {
  const diagnostics: Diagnostic[] = [];
  const set: DocumentSet = {
    products: new Map(),
    modules: new Map(),
    panels: new Map(),
    fields: new Map(),
    rules: new Map(),
    ruleTables: [],
    content: new Map(),
    demoContent: new Map(),
    commands: new Map(),
    scenarios: [],
    files: new Map(),
    contract: options.contract,
    ruleEngine: createRuleEngine({ isKnownVar: options.contract.isKnownVar }),
    diagnostics,
  };
  const findings = options.findings?.(set);

  for (const source of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const cls = classifyPath(source.path);
    if (!cls) continue;
    let doc: Doc<JsonValue> | undefined;
    if (findings) {
      doc = findings.read(source, cls.kind);
      if (!doc) continue;
      findings.registering(doc, cls.demo === true);
    } else {
      const parsed = options.parse(source.text);
      doc = { file: source.path, kind: cls.kind, value: parsed.value, parsed };
      set.files.set(source.path, doc);
    }
    register(doc, cls.demo === true);
  }

  function register(doc: Doc<JsonValue>, demo: boolean): void {
    // Products, modules and panels are registered by id (which must be the file's name), the last one read kept.
    const byId = <T extends { id: string }>(map: Map<string, Doc<T>>): void => {
      const d = doc as unknown as Doc<T>;
      map.set(d.value.id, d);
    };
    switch (doc.kind) {
      case 'product':
        byId(set.products);
        break;
      case 'module':
        byId(set.modules);
        break;
      case 'panel':
        byId(set.panels);
        break;
      case 'fields':
        byId(set.fields);
        break;
      case 'option-sources':
        set.optionSources = doc as unknown as Doc<OptionSources>;
        break;
      case 'service-codes':
        set.serviceCodes = doc as unknown as Doc<ServiceCodeCatalogue>;
        break;
      case 'payload':
        set.payload = doc as unknown as Doc<PayloadMapping>;
        break;
      case 'rules': {
        const d = doc as unknown as Doc<RuleSet>;
        d.value.rules.forEach((rule, i) => {
          const pointer = `/rules/${i}`;
          if (!set.rules.has(rule.id)) set.rules.set(rule.id, { doc: d, pointer, rule }); // the first one read
        });
        break;
      }
      case 'rule-table':
        set.ruleTables.push(doc as unknown as Doc<RuleTableSet>);
        break;
      case 'content': {
        const d = doc as unknown as Doc<ContentBundle>;
        const target = demo ? set.demoContent : set.content;
        for (const [key, text] of Object.entries(d.value.strings)) {
          const pointer = pointerOf(['strings', key]);
          if (!target.has(key)) target.set(key, { doc: d, pointer, text }); // the first one read
        }
        break;
      }
      case 'commands': {
        const d = doc as unknown as Doc<CommandCatalog>;
        for (const [name, command] of Object.entries(d.value.commands)) {
          set.commands.set(name, { doc: d, pointer: pointerOf(['commands', name]), command });
        }
        break;
      }
      case 'scenarios':
        set.scenarios.push(doc as unknown as Doc<ScenarioTable>);
        break;
    }
  }

  // Panels refer to shared field definitions with $ref: inline them once every fields document is in.
  const inline = options.inlineFieldRefs;
  for (const doc of inline ? set.panels.values() : []) {
    if (doc.value.kind !== 'form' || !inline) continue;
    const issues = inline(doc.value, doc.file, set.fields);
    for (const issue of issues) findings?.report(doc, issue.pointer, 'error', 'broken-reference', issue.message);
  }

  const namedLogic: Record<string, Logic> = {};
  for (const [id, entry] of set.rules) namedLogic[id] = entry.rule.logic;
  set.ruleEngine = createRuleEngine({ namedRules: namedLogic, isKnownVar: options.contract.isKnownVar, authorChecks: options.ruleChecks });
  return { set, report: findings?.report ?? (() => undefined), failedFiles: findings?.failedFiles ?? new Set<string>() };
}

export function asList<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}
