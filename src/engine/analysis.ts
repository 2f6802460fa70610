/**
 * Graph checks over loaded documents, for `npm run lint:content` (issue 2 §6). Pure: no fs,
 * no DOM. The loader already checks formats, references, rule operations and variables;
 * this adds what needs the whole graph: steps nobody reaches, paths that lead nowhere,
 * edges that can never be taken, answers and outcomes no edge handles, and documents
 * (panels, rules, content) nothing uses.
 *
 * Every finding has a stable check id, the file, the JSON pointer and line:col.
 */
import type { JsonValue, Logic } from '../rules/index';
import type { Diagnostic, Severity } from './diagnostics';
import type { FormatValidator } from './format-validator';
import type { Condition, Edge, ModuleGraph, ProductFlow, StepStart } from './formats.generated';
import { positionOf, pointerOf, type ParsedJson } from './json-source';
import { asList, panelNameOf, type Doc, type DocumentSet } from './loader';
import { isObject, mergePatch } from './state';
import { DEFAULT_ERROR_ROUTE, DEFAULT_MODULE_END } from './flow';

/** The check ids this file adds (docs/authoring.md, "Checking your work: lint"). */
export const ANALYSIS_CHECKS = [
  'unreachable-step',
  'dead-end',
  'shadowed-edge',
  'unhandled-answer',
  'unhandled-outcome',
  'unused-panel',
  'unused-rule',
  'unused-content',
] as const;


/** Where findings about one module graph go: a module file, or a product's override of it. */
interface Place {
  file: string;
  parsed: ParsedJson;
  /** Prepended to pointers into the graph (`/modules/1/overrides` for a product override). */
  prefix: string;
}

type Report = (place: Place, pointer: string, severity: Severity, check: string, message: string, preferKey?: boolean) => void;

function reporter(out: Diagnostic[]): Report {
  return (place, pointer, severity, check, message, preferKey = false) => {
    const full = place.prefix + pointer;
    const pos = positionOf(place.parsed, full, preferKey);
    out.push({ file: place.file, pointer: full, line: pos.line, col: pos.col, severity, message, check });
  };
}

const has = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

const stepPointer = (id: string): string => pointerOf(['steps', id]);

/** An edge that always holds: no answer, no outcome, and no `when` (or `when: true`). */
export function isUnconditional(edge: Edge): boolean {
  return edge.answer === undefined && edge.outcome === undefined && (edge.when === undefined || edge.when === true);
}

/** Whether a target leaves the module's own steps: the module end, re-triage, the error route or another module. */
function isExit(to: Edge['to']): boolean {
  return typeof to !== 'string' || to.startsWith('@');
}

/** The edge lists of a graph, each with its pointer: the start, the entries' starts and every step's `next`. */
interface EdgeList {
  pointer: string;
  edges: Edge[];
  /** How a message names the list: `triage/military-service`, `the start of triage`. */
  name: string;
}

function edgeLists(moduleId: string, graph: ModuleGraph): EdgeList[] {
  const lists: EdgeList[] = [];
  if (Array.isArray(graph.start)) lists.push({ pointer: '/start', edges: graph.start, name: `the start of ${moduleId}` });
  for (const [name, entry] of Object.entries(graph.entries ?? {})) {
    if (Array.isArray(entry.start)) lists.push({ pointer: pointerOf(['entries', name, 'start']), edges: entry.start, name: `entry ${name} of ${moduleId}` });
  }
  for (const [id, step] of Object.entries(graph.steps)) {
    lists.push({ pointer: `${stepPointer(id)}/next`, edges: step.next ?? [], name: `${moduleId}/${id}` });
  }
  return lists;
}

/** Steps of `graph` named by a start (a step id, or the targets of its edges). */
function startTargets(start: StepStart): string[] {
  if (typeof start === 'string') return [start];
  return start.flatMap((e) => (typeof e.to === 'string' && !e.to.startsWith('@') ? [e.to] : []));
}

/** Steps of module `moduleId` that edges of any graph name with `{ module, step }`, plus error routes. */
function externalStepTargets(docs: DocumentSet, graphs: readonly ModuleGraph[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  // A target may name a module by the alias (`as`) a product gives it.
  const alias = new Map<string, string>();
  for (const { value: p } of docs.products.values()) {
    for (const seq of [p.modules ?? [], ...Object.values(p.sequences ?? {})]) {
      for (const ref of seq) if (typeof ref !== 'string' && ref.as !== undefined) alias.set(ref.as, ref.module);
    }
  }
  const add = (name: string, step: string): void => {
    const module = docs.modules.has(name) ? name : (alias.get(name) ?? name);
    let s = out.get(module);
    if (!s) out.set(module, (s = new Set()));
    s.add(step);
  };
  for (const graph of graphs) {
    for (const list of edgeLists('', graph)) {
      for (const e of list.edges) if (typeof e.to !== 'string' && e.to.step !== undefined) add(e.to.module, e.to.step);
    }
  }
  for (const p of docs.products.values()) {
    const route = p.value.errorRoute ?? DEFAULT_ERROR_ROUTE;
    add(route.module, route.step);
    // The module end's step (the module update between modules), when the product or the default names one that exists.
    const end = p.value.moduleEnd ?? DEFAULT_MODULE_END;
    if (docs.modules.get(end.module)?.value.steps[end.step]) add(end.module, end.step);
  }
  return out;
}

/** Module graphs that products make by overriding a module: the merged graph and where the override sits. */
export interface OverriddenModule {
  product: Doc<ProductFlow>;
  /** Pointer of the override in the product file, e.g. `/modules/1/overrides`. */
  pointer: string;
  moduleId: string;
  /** The module document with the override applied (JSON merge patch); not yet checked against the format. */
  merged: JsonValue;
}

export function overriddenModules(docs: DocumentSet): OverriddenModule[] {
  const out: OverriddenModule[] = [];
  for (const product of docs.products.values()) {
    const p = product.value;
    const sequences: [string, NonNullable<ProductFlow['modules']>][] = [];
    if (p.modules) sequences.push(['/modules', p.modules]);
    for (const [sid, seq] of Object.entries(p.sequences ?? {})) sequences.push([pointerOf(['sequences', sid]), seq]);
    for (const [ptr, seq] of sequences) {
      seq.forEach((ref, i) => {
        if (typeof ref === 'string' || ref.overrides === undefined) return;
        const base = docs.modules.get(ref.module);
        if (!base) return; // the loader reports the unknown module
        out.push({
          product,
          pointer: `${ptr}/${i}/overrides`,
          moduleId: ref.module,
          merged: mergePatch(base.value as unknown as JsonValue, ref.overrides),
        });
      });
    }
  }
  return out;
}

/** Whether a merged override is shaped enough to walk (when no format validator is at hand). */
function looksLikeModule(value: JsonValue): value is JsonValue & object {
  if (!isObject(value) || !isObject(value.steps)) return false;
  const start = value.start;
  if (typeof start !== 'string' && !Array.isArray(start)) return false;
  return Object.values(value.steps).every((s) => isObject(s) && typeof s.kind === 'string' && (s.next === undefined || Array.isArray(s.next)));
}

// ---------------------------------------------------------------------------------------
// Checks of one module graph

function checkGraph(docs: DocumentSet, moduleId: string, graph: ModuleGraph, place: Place, external: ReadonlySet<string>, report: Report): void {
  const steps = graph.steps;
  const isStep = (id: string): boolean => has(steps, id);

  // unreachable-step: walk from the start, the entries and steps other modules jump to.
  const reached = new Set<string>();
  const queue: string[] = [...startTargets(graph.start)];
  for (const entry of Object.values(graph.entries ?? {})) queue.push(...startTargets(entry.start));
  queue.push(...external);
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (reached.has(id) || !isStep(id)) continue;
    reached.add(id);
    for (const e of steps[id]?.next ?? []) if (!isExit(e.to)) queue.push(e.to as string);
  }
  for (const id of Object.keys(steps)) {
    if (!reached.has(id)) {
      report(place, stepPointer(id), 'error', 'unreachable-step', `step "${id}" of module ${moduleId} is reached from neither the module's start, its entries, nor another module: link an edge to it or remove it`, true);
    }
  }

  // dead-end: a panel, branch or command without edges ...
  const noEdges = new Set<string>();
  for (const [id, step] of Object.entries(steps)) {
    if (step.kind === 'milestone' || (step.next ?? []).length > 0) continue;
    noEdges.add(id);
    const where = step.next ? `${stepPointer(id)}/next` : stepPointer(id);
    report(place, where, 'error', 'dead-end', `${step.kind} step "${id}" of module ${moduleId} has no edges, so the applicant is stuck there: add an edge to "next" (a step, "@end", "@retriage", "@error" or another module)`, !step.next);
  }
  // ... and steps from which no way out of the module can be reached (a closed cycle).
  const canExit = new Set<string>();
  for (const [id, step] of Object.entries(steps)) {
    // A milestone without edges ends the flow; steps without edges are reported above.
    if ((step.next ?? []).length === 0) canExit.add(id);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, step] of Object.entries(steps)) {
      if (canExit.has(id)) continue;
      // An edge to an unknown step is a broken reference (the loader reports it): not a cycle.
      if ((step.next ?? []).some((e) => isExit(e.to) || !isStep(e.to as string) || canExit.has(e.to as string))) {
        canExit.add(id);
        changed = true;
      }
    }
  }
  for (const id of Object.keys(steps)) {
    if (canExit.has(id)) continue;
    const loop: string[] = [];
    const seen = new Set<string>([id]);
    const todo = [id];
    while (todo.length > 0) {
      const s = todo.shift() as string;
      loop.push(s);
      for (const e of steps[s]?.next ?? []) {
        const t = e.to as string;
        if (!seen.has(t)) {
          seen.add(t);
          todo.push(t);
        }
      }
    }
    report(place, stepPointer(id), 'error', 'dead-end', `no path from step "${id}" of module ${moduleId} ends the flow (a milestone without edges, "@end", "@retriage", "@error" or another module): it only goes round ${loop.join(' -> ')}; add an edge that leads out`, true);
  }

  // shadowed-edge: edges after one that always holds, or after edges that already take the same answers/outcomes.
  for (const list of edgeLists(moduleId, graph)) {
    let always: number | undefined;
    const answers = new Map<string, number>();
    const outcomes = new Map<string, number>();
    list.edges.forEach((edge, i) => {
      const ep = `${list.pointer}/${i}`;
      if (always !== undefined) {
        report(place, ep, 'error', 'shadowed-edge', `edge ${i} of ${list.name} can never be taken: edge ${always} before it always holds; move it up or remove it`);
        return;
      }
      const covering = (values: readonly string[], taken: ReadonlyMap<string, number>): number[] | undefined => {
        const by = values.map((v) => taken.get(v));
        return by.every((n): n is number => n !== undefined) ? [...new Set(by)].sort((a, b) => a - b) : undefined;
      };
      if (edge.answer !== undefined && edge.outcome === undefined) {
        const by = covering(asList(edge.answer), answers);
        if (by) {
          report(place, ep, 'error', 'shadowed-edge', `edge ${i} of ${list.name} can never be taken: answer ${quoteList(asList(edge.answer))} is already taken by edge ${by.join(', ')} before it; merge the edges or add a "when" to the earlier one`);
          return;
        }
      }
      if (edge.outcome !== undefined && edge.answer === undefined) {
        const by = covering(asList(edge.outcome), outcomes);
        if (by) {
          report(place, ep, 'error', 'shadowed-edge', `edge ${i} of ${list.name} can never be taken: outcome ${quoteList(asList(edge.outcome))} is already taken by edge ${by.join(', ')} before it; merge the edges or add a "when" to the earlier one`);
          return;
        }
      }
      const noWhen = edge.when === undefined || edge.when === true;
      if (isUnconditional(edge)) always = i;
      else if (noWhen && edge.answer !== undefined && edge.outcome === undefined) {
        for (const v of asList(edge.answer)) if (!answers.has(v)) answers.set(v, i);
      } else if (noWhen && edge.outcome !== undefined && edge.answer === undefined) {
        for (const v of asList(edge.outcome)) if (!outcomes.has(v)) outcomes.set(v, i);
      }
    });
  }

  // unhandled-answer / unhandled-outcome: every value must have an edge that can take it.
  for (const [id, step] of Object.entries(steps)) {
    const edges = step.next ?? [];
    if (edges.length === 0) continue; // reported as a dead end
    const catchAll = edges.some((e) => e.answer === undefined && e.outcome === undefined);
    if (catchAll) continue;
    if (step.kind === 'panel') {
      const panel = docs.panels.get(panelNameOf(id))?.value;
      if (panel?.kind !== 'question') continue;
      const values: string[] = [];
      for (const a of panel.answers) if ('value' in a && !values.includes(a.value)) values.push(a.value);
      for (const b of panel.linkButtons ?? []) if (!values.includes(b.answer)) values.push(b.answer);
      const handled = new Set(edges.flatMap((e) => asList(e.answer)));
      for (const v of values) {
        if (handled.has(v)) continue;
        report(place, stepPointer(id), 'error', 'unhandled-answer', `answer "${v}" of panel ${panel.id} is handled by no edge of ${moduleId}/${id}: add an edge with "answer": "${v}"`, true);
      }
    } else if (step.kind === 'command' && step.command !== undefined) {
      const command = docs.commands.get(step.command)?.command;
      if (!command) continue; // the loader reports the unknown command
      const handled = new Set(edges.flatMap((e) => asList(e.outcome)));
      for (const o of command.outcomes) {
        if (handled.has(o)) continue;
        report(place, stepPointer(id), 'error', 'unhandled-outcome', `outcome "${o}" of command ${step.command} is handled by no edge of ${moduleId}/${id}: add an edge with "outcome": "${o}"`, true);
      }
    }
  }
}

function quoteList(values: readonly string[]): string {
  return values.map((v) => `"${v}"`).join(', ');
}

// ---------------------------------------------------------------------------------------
// What is used: panels, rules, content keys

interface Usage {
  panels: Set<string>;
  rules: Set<string>;
  content: Set<string>;
  /** Milestone content keys K: every key `milestones.K.*` is used. */
  milestoneKeys: Set<string>;
}

function collectUsage(docs: DocumentSet, graphs: readonly ModuleGraph[]): Usage {
  const usage: Usage = { panels: new Set(), rules: new Set(), content: new Set(), milestoneKeys: new Set() };
  const logicRules = (logic: Logic): string[] => {
    try {
      return docs.ruleEngine.analyze(logic).rules;
    } catch {
      return [];
    }
  };
  const condition = (c: Condition | undefined): void => {
    if (c === undefined || typeof c === 'boolean') return;
    if (typeof c === 'string') usage.rules.add(c);
    else for (const r of logicRules(c as Logic)) usage.rules.add(r);
  };
  const assignments = (set: Record<string, Logic> | undefined): void => {
    for (const v of Object.values(set ?? {})) for (const r of logicRules(v)) usage.rules.add(r);
  };
  const key = (k: string | undefined): void => {
    if (k !== undefined) usage.content.add(k);
  };
  const edges = (list: readonly Edge[]): void => {
    for (const e of list) {
      condition(e.when);
      assignments(e.set);
    }
  };

  for (const graph of graphs) {
    if (Array.isArray(graph.start)) edges(graph.start);
    for (const entry of Object.values(graph.entries ?? {})) {
      if (Array.isArray(entry.start)) edges(entry.start);
      assignments(entry.set);
    }
    for (const [id, step] of Object.entries(graph.steps)) {
      if (step.kind === 'panel') usage.panels.add(panelNameOf(id));
      if (step.kind === 'milestone' && step.content !== undefined) usage.milestoneKeys.add(step.content);
      edges(step.next ?? []);
    }
  }

  for (const { value: p } of docs.panels.values()) {
    for (const field of ['title', 'subhead', 'highlight', 'alert', 'infoSubhead'] as const) key((p as Partial<Record<typeof field, string>>)[field]);
    for (const copy of Object.values(p.variants ?? {})) {
      for (const [field, k] of Object.entries(copy)) if (typeof k === 'string' && field !== 'alertPosition') key(k);
      for (const k of Object.values(copy.answers ?? {})) key(k);
    }
    if (p.kind === 'question') {
      for (const a of p.answers) {
        key(a.label);
        if ('value' in a) key(a.description);
        condition(a.showWhen);
      }
      for (const b of p.linkButtons ?? []) {
        key(b.label);
        condition(b.showWhen);
      }
    } else if (p.kind === 'form') {
      for (const k of Object.values(p.labels ?? {})) key(k);
      for (const k of Object.values(p.help ?? {})) key(k);
      for (const values of Object.values(p.enumLabels ?? {})) for (const k of Object.values(values)) key(k);
      for (const k of Object.values(p.messages ?? {})) key(k);
      for (const h of [p.heldError ?? []].flat()) {
        key(h.message);
        condition(h.when);
      }
      for (const c of p.checks ?? []) {
        key(c.message);
        condition(c.invalidWhen);
      }
      for (const x of p.suppress ?? []) condition(x.when);
      for (const o of Object.values(p.options ?? {})) condition(o.showWhen);
    } else {
      for (const s of p.sections) {
        key(s.title);
        condition(s.showWhen);
        for (const c of Object.values(s.hide ?? {})) condition(c);
      }
      if (p.consent) {
        if (p.consent.heading !== undefined) key(p.consent.heading);
        key(p.consent.label);
        key(p.consent.message);
        condition(p.consent.showWhen);
      }
    }
  }

  for (const source of Object.values(docs.optionSources?.value.sources ?? {})) {
    for (const o of [...(source.prepend ?? []), ...(source.append ?? [])]) key(o.label);
    for (const q of source.query ?? []) condition(q.when);
  }

  // The service-code catalogue's messages (ERR-42) and the commands' outcome tables and default arguments.
  for (const code of Object.values(docs.serviceCodes?.value.codes ?? {})) key(code.message);
  for (const { command } of docs.commands.values()) {
    for (const row of command.outcomeTable ?? []) condition(row.when);
    for (const logic of Object.values(command.defaultArgs ?? {})) if (logic !== null && typeof logic === 'object') condition(logic as Condition);
  }

  for (const { value: p } of docs.products.values()) {
    key(p.config?.productName);
    for (const k of Object.values(p.config?.exitDialog ?? {})) key(k);
    for (const k of Object.values(p.config?.modals ?? {})) key(k);
    for (const d of p.disclaimers ?? []) key(d.key);
    for (const d of p.footnotes ?? []) key(d.key);
    for (const k of p.progressBar?.sections ?? []) key(k);
    condition(p.progressBar?.hideWhen);
    for (const k of Object.values(p.milestones?.content ?? {})) usage.milestoneKeys.add(k);
    for (const s of p.startPosition ?? []) condition(s.when);
  }

  for (const [id, entry] of docs.rules) {
    for (const r of logicRules(entry.rule.logic)) if (r !== id) usage.rules.add(r);
  }
  for (const doc of docs.ruleTables) for (const t of doc.value.tables) usage.rules.add(t.rule);
  return usage;
}

/** Content keys the app uses by convention, whatever the documents say. */
export function isConventionalKey(key: string): boolean {
  return key.startsWith('app.') || key.startsWith('placeholders.');
}

function checkUnused(docs: DocumentSet, graphs: readonly ModuleGraph[], out: Diagnostic[]): void {
  const usage = collectUsage(docs, graphs);
  const push = (doc: Doc<unknown>, pointer: string, check: string, message: string, preferKey: boolean): void => {
    const pos = positionOf(doc.parsed, pointer, preferKey);
    out.push({ file: doc.file, pointer, line: pos.line, col: pos.col, severity: 'warning', message, check });
  };
  for (const [id, doc] of docs.panels) {
    // A panel on standby (its `standby` says why and for which requirements) is kept on purpose.
    if (!usage.panels.has(id) && (doc.value as { standby?: unknown }).standby === undefined) {
      push(doc, '/id', 'unused-panel', `panel "${id}" is shown by no step: add a panel step "${id}" to a module, or remove the panel`, false);
    }
  }
  for (const [id, entry] of docs.rules) {
    if (!usage.rules.has(id)) {
      push(entry.doc, `${entry.pointer}/id`, 'unused-rule', `rule "${id}" is used by no edge, filter, product or other rule, and no rule table tests it: use it or remove it`, false);
    }
  }
  const milestonePrefixes = [...usage.milestoneKeys].map((k) => `milestones.${k}.`);
  for (const [key, entry] of docs.content) {
    if (usage.content.has(key) || isConventionalKey(key) || milestonePrefixes.some((p) => key.startsWith(p))) continue;
    const standby = (entry.doc.value as { standby?: Record<string, unknown> } | undefined)?.standby;
    if (standby && Object.prototype.hasOwnProperty.call(standby, key)) continue;
    push(entry.doc, entry.pointer, 'unused-content', `content key "${key}" is used by no panel, product or milestone: use it or remove it`, true);
  }
}

// ---------------------------------------------------------------------------------------
// Entry points

/** Whether every document that can use panels, rules or content loaded (else "unused" cannot be told). */
function usageIsComplete(docs: DocumentSet): boolean {
  return !docs.diagnostics.some((d) => (d.check === 'json-syntax' || d.check === 'format') && !/^content\//.test(d.file));
}

/**
 * The graph findings of a loaded document set. Only documents that loaded (that passed
 * their format) are analysed. "Unused" findings are left out while a panel, module,
 * product or rules file fails to load, because what it uses cannot be known.
 */
export function analyzeDocuments(docs: DocumentSet): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = reporter(out);
  const graphs = [...docs.modules.values()].map((d) => d.value);
  const external = externalStepTargets(docs, graphs);
  for (const [id, doc] of docs.modules) {
    checkGraph(docs, id, doc.value, { file: doc.file, parsed: doc.parsed, prefix: '' }, external.get(id) ?? new Set(), report);
  }
  if (usageIsComplete(docs)) {
    const overridden = overriddenModules(docs)
      .map((o) => o.merged)
      .filter(looksLikeModule) as unknown as ModuleGraph[];
    checkUnused(docs, [...graphs, ...overridden], out);
  }
  return out;
}

/**
 * Product-level module overrides: the merged module is checked against the module format
 * (with `validator`), then its graph is checked like a module's. Findings are reported at
 * the override in the product file; graph findings the module itself already has are left out.
 */
export function analyzeOverrides(docs: DocumentSet, validator: FormatValidator): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = reporter(out);
  const graphs = [...docs.modules.values()].map((d) => d.value);
  const external = externalStepTargets(docs, graphs);
  for (const o of overriddenModules(docs)) {
    const place: Place = { file: o.product.file, parsed: o.product.parsed, prefix: o.pointer };
    const issues = validator('module', o.merged);
    for (const issue of issues) {
      report(place, issue.pointer, 'error', 'format', `module ${o.moduleId} with this product's override breaks the module format: ${issue.message}`, true);
    }
    if (issues.length > 0) continue;
    const merged = o.merged as unknown as ModuleGraph;
    const own: Diagnostic[] = [];
    checkGraph(docs, o.moduleId, merged, place, external.get(o.moduleId) ?? new Set(), reporter(own));
    const base = docs.modules.get(o.moduleId);
    const baseFindings = new Set<string>();
    if (base) {
      const b: Diagnostic[] = [];
      checkGraph(docs, o.moduleId, base.value, { file: base.file, parsed: base.parsed, prefix: '' }, external.get(o.moduleId) ?? new Set(), reporter(b));
      for (const d of b) baseFindings.add(`${d.check}|${d.message}`);
    }
    for (const d of own) if (!baseFindings.has(`${d.check}|${d.message}`)) out.push(d);
    // Edges of the override to steps the merged module does not have.
    const baseLists = new Map((base ? edgeLists(o.moduleId, base.value) : []).map((l) => [l.pointer, l.edges]));
    for (const list of edgeLists(o.moduleId, merged)) {
      list.edges.forEach((e, i) => {
        const inherited = baseLists.get(list.pointer)?.[i]?.to === e.to;
        if (typeof e.to === 'string' && !e.to.startsWith('@') && !has(merged.steps, e.to) && !inherited) {
          report(place, `${list.pointer}/${i}/to`, 'error', 'broken-reference', `edge goes to unknown step "${e.to}" of module ${o.moduleId} (after this product's override)`);
        }
      });
    }
  }
  return out;
}
