/**
 * Flow resolution and the walk (doc 1 §4 "Flow engine", FLOW-*). Pure and deterministic:
 * every function takes the flow, the state and the context (today) and returns new state.
 *
 * A flow is the product's module sequence with each module's graph (after product-level
 * overrides). The state's `flow` slice says where the applicant is: module position, step,
 * variant, and the history of screens shown. Moving forward takes the first edge whose
 * conditions all hold; any error goes to the product's error route (detour, then trap).
 */
import { RuleError, conditionHolds, type JsonValue, type Logic, type RuleContext } from '../rules/engine';
import type { Diagnostic } from './diagnostics';
import type { Command, Condition, Edge, ModuleGraph, Panel, ProductFlow, QuestionPanel, Step, StepStart, Target } from './formats.generated';
import { asList, panelNameOf, type DocumentSet } from './document-set';
import { positionOf } from './json-source';
import { getPath, isObject, mergePatch, setPath, type AppState, type JsonObject } from './state';

export const DEFAULT_PRODUCT = 'join-now';
export const DEFAULT_SEQUENCE = 'default';
export const DEFAULT_ERROR_ROUTE = { module: 'system', step: 'detour' };
export const DEFAULT_MODULE_END = { module: 'system', step: 'module-end' };
const END = '@end';

export interface ModuleInstance {
  /** The name this use of the module goes by: its alias (`as`) or the module id. */
  name: string;
  moduleId: string;
  graph: ModuleGraph;
}

export interface Flow {
  productId: string;
  sequenceId: string;
  product: ProductFlow;
  modules: ModuleInstance[];
  /** Modules not in the sequence that the flow may jump to (the error route's module). */
  extraModules: Map<string, ModuleInstance>;
  docs: DocumentSet;
  errorRoute: { module: string; step: string };
  /**
   * The step every module end passes through before the next module (doc 2 §4's module update):
   * it stands at the position of the module just finished; its `@end` enters the next module.
   */
  moduleEnd?: { module: string; step: string };
}

export interface Coordinate {
  position: number;
  module: string;
  step: string;
  variant: string;
}

export interface FlowContext extends RuleContext {
  /** Cap on transient steps (branches) passed in one move: a guard against cycles. */
  maxHops?: number;
  /** Told of every edge taken, for coverage and decision explanations. */
  onEdge?: (edge: EdgeRef) => void;
}

/** Names one edge of a module document: `triage:military-service:0`, `triage:@start:1`, `triage:@entry:reTriageSelf:0`. */
export interface EdgeRef {
  moduleId: string;
  /** A step id, `@start`, or `@entry:<name>`. */
  from: string;
  index: number;
}

export function edgeKey(ref: EdgeRef): string {
  return `${ref.moduleId}:${ref.from}:${ref.index}`;
}

export class FlowError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'FlowError';
  }
}

/** Merge a product with the chain of products it extends (JSON merge patch, parent first). */
export function resolveProduct(docs: DocumentSet, productId: string): ProductFlow | undefined {
  const chain: ProductFlow[] = [];
  let id: string | undefined = productId;
  const seen = new Set<string>();
  while (id !== undefined) {
    if (seen.has(id)) throw new FlowError(`product "${productId}" extends itself through "${id}"`, 'EXTENDS_CYCLE');
    seen.add(id);
    const doc = docs.products.get(id);
    if (!doc) return undefined;
    chain.unshift(doc.value);
    id = doc.value.extends;
  }
  let merged: JsonValue = {};
  for (const p of chain) merged = mergePatch(merged, p as unknown as JsonValue);
  const result = merged as unknown as ProductFlow;
  result.id = productId;
  delete result.extends;
  delete result.abstract;
  return result;
}

/**
 * The flow for a product and module sequence (FLOW-01): an unknown product falls back to
 * join-now; an unknown module name is an error (FLOW-13).
 */
export function resolveFlow(
  docs: DocumentSet,
  productId: string | undefined,
  sequenceId: string = DEFAULT_SEQUENCE,
): { flow?: Flow; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const known = productId !== undefined && docs.products.has(productId) && docs.products.get(productId)?.value.abstract !== true;
  const id = known ? (productId as string) : DEFAULT_PRODUCT;
  const product = resolveProduct(docs, id);
  const productDoc = docs.products.get(id);
  const fail = (pointer: string, message: string): { diagnostics: Diagnostic[] } => {
    const pos = productDoc ? positionOf(productDoc.parsed, pointer) : { line: 1, col: 1 };
    diagnostics.push({ file: productDoc?.file ?? `flows/products/${id}.json`, pointer, ...pos, severity: 'error', message, check: 'flow' });
    return { diagnostics };
  };
  if (!product) return fail('', `no product "${id}" (and no default flow "${DEFAULT_PRODUCT}")`);
  const sequence = sequenceId !== DEFAULT_SEQUENCE && product.sequences?.[sequenceId] ? product.sequences[sequenceId] : product.modules;
  const sid = sequence === product.modules ? DEFAULT_SEQUENCE : sequenceId;
  if (!sequence || sequence.length === 0) return fail('/modules', `product "${id}" has no modules`);

  const modules: ModuleInstance[] = [];
  sequence.forEach((ref) => {
    const moduleId = typeof ref === 'string' ? ref : ref.module;
    const doc = docs.modules.get(moduleId);
    if (!doc) return;
    let graph = doc.value;
    if (typeof ref !== 'string' && ref.overrides) {
      graph = mergePatch(graph as unknown as JsonValue, ref.overrides) as unknown as ModuleGraph;
    }
    modules.push({ name: typeof ref === 'string' ? ref : (ref.as ?? ref.module), moduleId, graph });
  });
  // FLOW-13: a mapped count that differs from the sequence is an error.
  if (modules.length !== sequence.length) {
    return fail(sid === DEFAULT_SEQUENCE ? '/modules' : `/sequences/${sid}`, `product "${id}" maps ${modules.length} of its ${sequence.length} modules: a module name is unknown`);
  }
  const errorRoute = product.errorRoute ?? DEFAULT_ERROR_ROUTE;
  const extraModules = new Map<string, ModuleInstance>();
  const errorModule = docs.modules.get(errorRoute.module);
  if (errorModule) extraModules.set(errorRoute.module, { name: errorRoute.module, moduleId: errorRoute.module, graph: errorModule.value });
  const endRoute = product.moduleEnd ?? DEFAULT_MODULE_END;
  const endModule = docs.modules.get(endRoute.module);
  const moduleEnd = endModule?.value.steps[endRoute.step] ? endRoute : undefined;
  if (moduleEnd && endModule && !extraModules.has(moduleEnd.module)) extraModules.set(moduleEnd.module, { name: moduleEnd.module, moduleId: moduleEnd.module, graph: endModule.value });
  return { flow: { productId: id, sequenceId: sid, product, modules, extraModules, docs, errorRoute, ...(moduleEnd ? { moduleEnd } : {}) }, diagnostics };
}

// ---------------------------------------------------------------------------------------
// Looking things up

export function moduleAt(flow: Flow, position: number, name?: string): ModuleInstance | undefined {
  if (position >= 0) {
    const m = flow.modules[position];
    // A module end's step (Flow.moduleEnd) stands at the position of the module just finished.
    if (m && name !== undefined && m.name !== name && inModuleEnd(flow, { position, module: name })) return flow.extraModules.get(name);
    return m;
  }
  return name !== undefined ? flow.extraModules.get(name) : undefined;
}

/** Whether a coordinate is on a module end's steps (Flow.moduleEnd): between the module at its position and the next. */
export function inModuleEnd(flow: Flow, c: { position: number; module: string }): boolean {
  return flow.moduleEnd !== undefined && c.position >= 0 && c.module === flow.moduleEnd.module && flow.modules[c.position]?.name !== c.module;
}

export function stepOf(flow: Flow, coordinate: { position: number; module: string; step: string }): Step | undefined {
  const m = moduleAt(flow, coordinate.position, coordinate.module);
  return m && Object.prototype.hasOwnProperty.call(m.graph.steps, coordinate.step) ? m.graph.steps[coordinate.step] : undefined;
}

export function panelOf(flow: Flow, stepId: string): Panel | undefined {
  return flow.docs.panels.get(panelNameOf(stepId))?.value;
}

export function commandOf(flow: Flow, name: string): Command | undefined {
  return flow.docs.commands.get(name)?.command;
}

/** Where a panel's answer is stored for a variant (see the `bind` field of the panel format). */
export function bindPath(panel: Panel, variant: string): string {
  const bind = panel.kind === 'review' ? 'review' : (panel.bind ?? 'triage');
  if (bind.includes('{variant}')) return bind.replace(/\{variant\}/g, variant);
  return variant === 'self' ? bind : `${bind}.${variant}`;
}

export function answerPath(panel: QuestionPanel, variant: string): string {
  return `${bindPath(panel, variant)}.${panel.field}`;
}

export function currentCoordinate(state: AppState): Coordinate | undefined {
  const f = state.flow;
  if (!isObject(f) || typeof f.step !== 'string' || typeof f.position !== 'number' || typeof f.module !== 'string') return undefined;
  return { position: f.position, module: f.module, step: f.step, variant: typeof f.variant === 'string' ? f.variant : 'self' };
}

export function historyOf(state: AppState): Coordinate[] {
  const h = getPath(state, 'flow.history');
  return Array.isArray(h) ? (h as unknown as Coordinate[]) : [];
}

// ---------------------------------------------------------------------------------------
// Conditions

export function evaluateCondition(flow: Flow, condition: Condition | undefined, state: AppState, ctx: RuleContext): boolean {
  if (condition === undefined) return true;
  return conditionHolds(flow.docs.ruleEngine, condition as boolean | string | Logic, state, ctx);
}

/** The answers a question panel offers now, after its answer filters (TRI-50..TRI-54, TRI-70..TRI-73). */
export function availableAnswers(flow: Flow, panel: QuestionPanel, state: AppState, ctx: RuleContext): QuestionPanel['answers'][number][] {
  return panel.answers.filter((a) => evaluateCondition(flow, a.showWhen, state, ctx));
}

function edgeHolds(flow: Flow, edge: Edge, step: Step | undefined, stepId: string | undefined, state: AppState, ctx: RuleContext, variant: string): boolean {
  if (edge.answer !== undefined) {
    const panel = stepId ? panelOf(flow, stepId) : undefined;
    if (!panel || panel.kind !== 'question') return false;
    const value = getPath(state, answerPath(panel, variant));
    if (typeof value !== 'string' || !asList(edge.answer).includes(value)) return false;
  }
  if (edge.outcome !== undefined) {
    if (step?.kind !== 'command') return false;
    const outcome = getPath(state, 'command.outcome');
    if (typeof outcome !== 'string' || !asList(edge.outcome).includes(outcome)) return false;
  }
  return evaluateCondition(flow, edge.when, state, ctx);
}

// ---------------------------------------------------------------------------------------
// The walk

interface Position {
  position: number;
  module: string;
  step: string;
  entry?: string;
}

export function writeFlow(state: AppState, patch: JsonObject): AppState {
  const f = isObject(state.flow) ? state.flow : {};
  return { ...state, flow: { ...f, ...patch } };
}

/** Appends reason codes to eligibility.reasons, each once (an edge's `reasons`). */
export function withReasons(state: AppState, add: readonly string[]): AppState {
  const existing = getPath(state, 'eligibility.reasons');
  const reasons = Array.isArray(existing) ? [...(existing as string[])] : [];
  for (const r of add) if (!reasons.includes(r)) reasons.push(r);
  return setPath(state, 'eligibility.reasons', reasons);
}

function applyEdgeEffects(flow: Flow, edge: Edge, state: AppState, ctx: RuleContext): AppState {
  let s = state;
  if (edge.set) {
    // Every value is computed on the state before the move, then all are written.
    const values = Object.entries(edge.set).map(([path, logic]) => [path, flow.docs.ruleEngine.evaluate(logic, state, ctx)] as const);
    for (const [path, value] of values) s = setPath(s, path, value);
  }
  if (edge.reasons && edge.reasons.length > 0) s = withReasons(s, edge.reasons);
  if (edge.retriage !== undefined) s = setPath(s, 'flow.retriage', edge.retriage);
  return s;
}

/** Pick the first edge that holds, or throw NO_EDGE (FLOW-20). */
function chooseEdge(
  flow: Flow,
  edges: readonly Edge[],
  step: Step | undefined,
  stepId: string | undefined,
  state: AppState,
  ctx: FlowContext,
  variant: string,
  where: string,
  ref?: { moduleId: string; from: string },
): Edge {
  for (const [index, edge] of edges.entries()) {
    if (edgeHolds(flow, edge, step, stepId, state, ctx, variant)) {
      if (ref && ctx.onEdge) ctx.onEdge({ ...ref, index });
      return edge;
    }
  }
  throw new FlowError(`no edge of ${where} holds for the current state`, 'NO_EDGE');
}

function findEntry(flow: Flow, entry: string, fromPosition: number): number {
  for (let p = Math.min(fromPosition, flow.modules.length - 1); p >= 0; p--) if (flow.modules[p]?.graph.entries?.[entry]) return p;
  for (let p = fromPosition + 1; p < flow.modules.length; p++) if (flow.modules[p]?.graph.entries?.[entry]) return p;
  return -1;
}

export function findModule(flow: Flow, name: string, fromPosition: number): number {
  for (let p = Math.min(fromPosition, flow.modules.length - 1); p >= 0; p--) if (flow.modules[p]?.name === name || flow.modules[p]?.moduleId === name) return p;
  for (let p = fromPosition + 1; p < flow.modules.length; p++) if (flow.modules[p]?.name === name || flow.modules[p]?.moduleId === name) return p;
  return -1;
}

/** Resolve a start (a step id or a branch of edges) to a step id. */
function resolveStart(flow: Flow, start: StepStart, state: AppState, ctx: FlowContext, where: string, ref: { moduleId: string; from: string }): { step: string; state: AppState } {
  if (typeof start === 'string') return { step: start, state };
  // FLOW-19: a branch as the first step needs application state.
  const edge = chooseEdge(flow, start, undefined, undefined, state, ctx, 'self', where, ref);
  const s = applyEdgeEffects(flow, edge, state, ctx);
  if (typeof edge.to !== 'string' || edge.to.startsWith('@')) throw new FlowError(`${where}: a start edge must go to a step of the module`, 'BAD_START');
  return { step: edge.to, state: s };
}

/** Enter module `position` at its start, or at a named entry. */
function enterModule(flow: Flow, position: number, state: AppState, ctx: FlowContext, entry?: string, step?: string): { at: Position; state: AppState } {
  const m = moduleAt(flow, position);
  if (!m) throw new FlowError(`no module at position ${position}`, 'NO_MODULE');
  let s = state;
  if (step !== undefined) return { at: { position, module: m.name, step }, state: s };
  if (entry !== undefined) {
    const e = m.graph.entries?.[entry];
    if (!e) throw new FlowError(`module "${m.name}" has no entry "${entry}"`, 'NO_ENTRY');
    if (e.set) {
      const values = Object.entries(e.set).map(([path, logic]) => [path, flow.docs.ruleEngine.evaluate(logic, s, ctx)] as const);
      for (const [path, value] of values) s = setPath(s, path, value);
    }
    const r = resolveStart(flow, e.start, s, ctx, `entry ${entry} of module ${m.name}`, { moduleId: m.moduleId, from: `@entry:${entry}` });
    return { at: { position, module: m.name, step: r.step, entry }, state: setPath(r.state, 'flow.entry', entry) };
  }
  const r = resolveStart(flow, m.graph.start, setPath(s, 'flow.entry', undefined), ctx, `the start of module ${m.name}`, { moduleId: m.moduleId, from: '@start' });
  return { at: { position, module: m.name, step: r.step }, state: r.state };
}

/** Follow a target from the current position: a step, the module end, re-triage, error, another module. */
function followTarget(flow: Flow, target: Target, from: Position, state: AppState, ctx: FlowContext): { at: Position | 'end'; state: AppState } {
  if (typeof target === 'string') {
    if (target === END) {
      // FLOW-24: module position moves by +1 forward.
      const next = from.position + 1;
      if (from.position < 0 || next >= flow.modules.length) return { at: 'end', state };
      // Doc 2 §4: between two modules, the module end's step (the module update) runs first; its own `@end` enters the next module.
      if (flow.moduleEnd && !inModuleEnd(flow, from)) {
        const finished = flow.modules[from.position] as ModuleInstance;
        const upcoming = flow.modules[next] as ModuleInstance;
        const s = setPath(state, 'flow.moduleEnd', { finished: finished.name, finishedModule: finished.moduleId, next: upcoming.name, nextModule: upcoming.moduleId });
        return { at: { position: from.position, module: flow.moduleEnd.module, step: flow.moduleEnd.step }, state: s };
      }
      return enterModule(flow, next, setPath(state, 'flow.moduleEnd', undefined), ctx);
    }
    if (target === '@error') {
      // An author's deliberate route to the detour: keep the reason a command recorded, if any.
      const recorded = getPath(state, 'error.reason');
      throw new ErrorRouteSignal(state, typeof recorded === 'string' ? recorded : `ERROR_ROUTE|${from.module}/${from.step}`);
    }
    if (target === '@retry') {
      // ERR-42: back to the command whose failure led here (error.from), to run it again; the error is over.
      const failed = getPath(state, 'error.from');
      if (!isObject(failed) || typeof failed.position !== 'number' || typeof failed.module !== 'string' || typeof failed.step !== 'string' || failed.position < 0) {
        throw new FlowError('@retry with no failed command to run again', 'NO_RETRY');
      }
      return { at: { position: failed.position, module: failed.module, step: failed.step }, state: setPath(state, 'error', { hasError: false }) };
    }
    if (target === '@retriage') {
      const entry = getPath(state, 'flow.retriage');
      if (typeof entry !== 'string') throw new FlowError('@retriage with no re-triage entry pending', 'NO_RETRIAGE');
      const p = findEntry(flow, entry, from.position);
      if (p < 0) throw new FlowError(`no module of this flow has the re-triage entry "${entry}"`, 'NO_ENTRY');
      return enterModule(flow, p, state, ctx, entry);
    }
    return { at: { position: from.position, module: from.module, step: target, ...(from.entry ? { entry: from.entry } : {}) }, state };
  }
  const p = findModule(flow, target.module, from.position);
  if (p < 0) throw new FlowError(`module "${target.module}" is not in this flow`, 'NO_MODULE');
  return enterModule(flow, p, state, ctx, target.entry, target.step);
}

function isShown(step: Step | undefined): boolean {
  return step?.kind === 'panel' || step?.kind === 'milestone';
}

/**
 * Settle on a step that waits for the applicant or the app: pass through branches, and
 * stop at a panel, milestone, command or the end. Records the step in the flow slice.
 */
function settle(flow: Flow, at: Position | 'end', state: AppState, ctx: FlowContext): AppState {
  let here = at;
  let s = state;
  const maxHops = ctx.maxHops ?? 200;
  for (let hops = 0; ; hops++) {
    if (hops > maxHops) throw new FlowError(`more than ${maxHops} branch steps in one move: is there a cycle of branches?`, 'CYCLE');
    if (here === 'end') return writeFlow(s, { step: END, isComplete: true, progress: 1 });
    const step = stepOf(flow, here);
    if (!step) throw new FlowError(`step "${here.step}" does not exist in module "${here.module}"`, 'NO_STEP');
    const variant = step.variant ?? 'self';
    if (step.kind !== 'branch') {
      return writeFlow(s, { position: here.position, module: here.module, step: here.step, variant, isComplete: false });
    }
    const edge = chooseEdge(flow, step.next ?? [], step, here.step, s, ctx, variant, `branch ${here.module}/${here.step}`, { moduleId: moduleAt(flow, here.position, here.module)?.moduleId ?? here.module, from: here.step });
    s = applyEdgeEffects(flow, edge, s, ctx);
    const followed = followTarget(flow, edge.to, here, s, ctx);
    here = followed.at;
    s = followed.state;
  }
}

export function pushHistory(flow: Flow, state: AppState): AppState {
  const c = currentCoordinate(state);
  if (!c || !isShown(stepOf(flow, c))) return state;
  const history = historyOf(state);
  return setPath(state, 'flow.history', [...history, c] as unknown as JsonValue);
}

/** Send the applicant to the error route (FLOW-14): detour, then trap. */
export function toErrorRoute(flow: Flow, state: AppState, reason: string, ctx: FlowContext): AppState {
  // The command whose failure this is, when the flow stood on one: an `@retry` edge of the error route runs it again (ERR-42).
  const here = currentCoordinate(state);
  const failed = here && here.position >= 0 && stepOf(flow, here)?.kind === 'command' ? here : undefined;
  let s = setPath(state, 'error', { hasError: true, reason, ...(failed ? { from: failed as unknown as JsonObject } : {}) });
  s = writeFlow(s, { position: -1, module: flow.errorRoute.module, step: flow.errorRoute.step, variant: 'self', isComplete: false });
  const step = stepOf(flow, { position: -1, module: flow.errorRoute.module, step: flow.errorRoute.step });
  if (!step) {
    // The error route itself is missing: stop here with the error recorded.
    return writeFlow(s, { step: '@error', isComplete: true });
  }
  if (step.kind === 'branch') {
    try {
      s = settle(flow, { position: -1, module: flow.errorRoute.module, step: flow.errorRoute.step }, s, ctx);
    } catch {
      return writeFlow(s, { step: '@error', isComplete: true });
    }
  }
  return pushHistory(flow, s);
}

/** Thrown inside a move when an edge goes to `@error`: not a fault, a route (FLOW-14). */
class ErrorRouteSignal extends Error {
  constructor(
    readonly state: AppState,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'ErrorRouteSignal';
  }
}

export function guarded(flow: Flow, state: AppState, ctx: FlowContext, move: () => AppState): AppState {
  try {
    return move();
  } catch (err) {
    if (err instanceof ErrorRouteSignal) return toErrorRoute(flow, err.state, err.reason, ctx);
    if (err instanceof FlowError || err instanceof RuleError) {
      // Already on the error route: do not loop; stop with the error recorded.
      if (currentCoordinate(state)?.position === -1) return writeFlow(setPath(state, 'error', { hasError: true, reason: `FLOW_ERROR|${err.message}` }), { step: '@error', isComplete: true });
      return toErrorRoute(flow, state, `FLOW_ERROR|${err instanceof FlowError ? err.code : err.code}|${err.message}`, ctx);
    }
    throw err;
  }
}

export interface StartOptions {
  /** Initial state slices (session, config, prefilled data). */
  initial?: AppState;
  /** Start at this module position instead of the product's start position rules. */
  position?: number;
  /** Non-production `panel` override: start at the first step showing this panel (ROUTE-07). */
  panel?: string;
}

/** The module position a new session starts at (FLOW-11): the first startPosition rule that holds. */
export function startPosition(flow: Flow, state: AppState, ctx: RuleContext): number {
  for (const rule of flow.product.startPosition ?? []) {
    if (evaluateCondition(flow, rule.when, state, ctx)) return Math.min(rule.index, flow.modules.length - 1);
  }
  return 0;
}

/** Find the first step of the flow that shows `panel` (for the `panel` override). */
export function findPanelStep(flow: Flow, panel: string): Position | undefined {
  for (const [position, m] of flow.modules.entries()) {
    for (const [id, step] of Object.entries(m.graph.steps)) {
      if (step.kind === 'panel' && (id === panel || panelNameOf(id) === panel)) return { position, module: m.name, step: id };
    }
  }
  return undefined;
}

export function startFlow(flow: Flow, ctx: FlowContext, options: StartOptions = {}): AppState {
  const base: AppState = {
    ...(options.initial ?? {}),
    flow: { position: 0, module: '', step: '', variant: 'self', history: [], progress: 0, isComplete: false },
  };
  return guarded(flow, base, ctx, () => {
    let s = base;
    let at: Position | undefined;
    if (options.panel !== undefined) {
      at = findPanelStep(flow, options.panel);
      if (!at) throw new FlowError(`no step of product "${flow.productId}" shows panel "${options.panel}"`, 'NO_PANEL');
    }
    if (!at) {
      const position = options.position ?? startPosition(flow, s, ctx);
      // FLOW-10: modules before the start position are dropped (never entered).
      const entered = enterModule(flow, position, s, ctx);
      at = entered.at;
      s = entered.state;
    }
    s = settle(flow, at, s, ctx);
    s = pushHistory(flow, s);
    return withProgress(flow, s, false);
  });
}

/** Store a question answer (or a form's data) for the current step and move forward. */
export function submitAnswer(flow: Flow, state: AppState, value: JsonValue, ctx: FlowContext): AppState {
  const c = currentCoordinate(state);
  const step = c ? stepOf(flow, c) : undefined;
  if (!c || step?.kind !== 'panel') throw new FlowError('the current step is not a panel', 'NOT_A_PANEL');
  const panel = panelOf(flow, c.step);
  if (!panel) return guarded(flow, state, ctx, () => { throw new FlowError(`panel "${panelNameOf(c.step)}" is missing`, 'NO_PANEL'); });
  if (panel.kind === 'question') {
    if (typeof value !== 'string') throw new FlowError('a question answer is a string value', 'BAD_ANSWER');
    const offered = availableAnswers(flow, panel, state, ctx).some((a) => 'value' in a && a.value === value)
      || (panel.linkButtons ?? []).some((b) => b.answer === value && evaluateCondition(flow, b.showWhen, state, ctx));
    if (!offered) throw new FlowError(`panel "${panel.id}" does not offer the answer "${value}" here`, 'ANSWER_NOT_OFFERED');
    return forward(flow, setPath(state, answerPath(panel, c.variant), value), ctx);
  }
  if (panel.kind === 'review') return forward(flow, state, ctx);
  if (!isObject(value)) throw new FlowError('form data is an object', 'BAD_ANSWER');
  const path = bindPath(panel, c.variant);
  const existing = getPath(state, path);
  const merged = isObject(existing) ? { ...existing, ...value } : value;
  return forward(flow, setPath(state, path, merged), ctx);
}

/** Move forward by the first edge that holds (FLOW-17); a no-op at the end marker (FLOW-18). */
export function forward(flow: Flow, state: AppState, ctx: FlowContext): AppState {
  const c = currentCoordinate(state);
  if (!c || c.step === END || c.step === '@error' || getPath(state, 'flow.isComplete') === true) return state;
  const previousProgress = Number(getPath(state, 'flow.progress') ?? 0);
  return guarded(flow, state, ctx, () => {
    const step = stepOf(flow, c);
    if (!step) throw new FlowError(`step "${c.step}" does not exist in module "${c.module}"`, 'NO_STEP');
    const edges = step.next ?? [];
    if (edges.length === 0) return state; // a terminal milestone (trap-door) stays put
    const edge = chooseEdge(flow, edges, step, c.step, state, ctx, c.variant, `${c.module}/${c.step}`, { moduleId: moduleAt(flow, c.position, c.module)?.moduleId ?? c.module, from: c.step });
    let s = applyEdgeEffects(flow, edge, state, ctx);
    const here: Position = { position: c.position, module: c.module, step: c.step };
    const entry = getPath(state, 'flow.entry');
    if (typeof entry === 'string') here.entry = entry;
    const followed = followTarget(flow, edge.to, here, s, ctx);
    s = settle(flow, followed.at, followed.state, ctx);
    s = returnAfterChange(flow, s, c, step);
    s = pushHistory(flow, s);
    return withProgress(flow, s, true, previousProgress);
  });
}

/** The review step a Change link left, while the applicant is changing an answer from it. */
function returnToOf(state: AppState): Coordinate | undefined {
  const r = getPath(state, 'flow.returnTo');
  if (!isObject(r) || typeof r.step !== 'string' || typeof r.position !== 'number' || typeof r.module !== 'string') return undefined;
  return { position: r.position, module: r.module, step: r.step, variant: typeof r.variant === 'string' ? r.variant : 'self' };
}

/**
 * After a move made while changing an answer from a review page (docs/decisions.md, "Change
 * links"): the walk went on by the step's own edges; an outcome that ends eligibility (a
 * milestone in the same module) or a command (the address check) is kept; another panel reached
 * straight from the changed one, or the end of the module, returns to the review. A milestone
 * whose only way on is the module's end keeps the way back, so Continue on it returns too.
 */
function returnAfterChange(flow: Flow, settled: AppState, from: Coordinate, fromStep: Step): AppState {
  const returnTo = returnToOf(settled);
  if (!returnTo) return settled;
  const to = currentCoordinate(settled);
  const toStep = to && to.step !== END ? stepOf(flow, to) : undefined;
  // The module's end (its module update) counts as leaving it: the review's own end sends the changed answers.
  const leftModule = !to || to.step === END || to.position !== from.position || inModuleEnd(flow, to);
  const back = (): AppState => setPath(writeFlow(settled, { position: returnTo.position, module: returnTo.module, step: returnTo.step, variant: returnTo.variant, isComplete: false }), 'flow.returnTo', undefined);
  if (leftModule) return back();
  if (toStep?.kind === 'milestone') {
    // A milestone whose only way on is the module's end (spouse/member-eligible after a changed sponsor search) says
    // what the change found and keeps the way back to the review; any other (ineligible, re-triage, a hand-off) ends the change.
    const next = toStep.next ?? [];
    const informative = next.length > 0 && next.every((e) => e.to === END);
    return informative ? settled : setPath(settled, 'flow.returnTo', undefined);
  }
  if (toStep?.kind === 'panel' && fromStep.kind === 'panel') return back();
  return settled;
}

/** Go back (FLOW-21): pop the history, only when it holds more than one entry. */
export function back(flow: Flow, state: AppState): AppState {
  const history = historyOf(state);
  if (history.length <= 1) return state;
  const rest = history.slice(0, -1);
  const previous = rest[rest.length - 1] as Coordinate;
  let s = setPath(state, 'flow.history', rest as unknown as JsonValue);
  // Back on the review page a Change link left: the change is over.
  const returnTo = returnToOf(s);
  if (returnTo && returnTo.position === previous.position && returnTo.step === previous.step) s = setPath(s, 'flow.returnTo', undefined);
  s = writeFlow(s, { position: previous.position, module: previous.module, step: previous.step, variant: previous.variant, isComplete: false });
  return withProgress(flow, s, false);
}

// ---------------------------------------------------------------------------------------
// Progress (FLOW-22, FLOW-23): taken / (taken + longest remaining path)

type Memo = Map<string, number>;
const progressMemo = new WeakMap<Flow, Memo>();

/** The longest count of shown steps from (position, step), not counting the step itself. */
export function longestRemaining(flow: Flow, coordinate: { position: number; module: string; step: string }): number {
  let memo = progressMemo.get(flow);
  if (!memo) {
    memo = new Map();
    progressMemo.set(flow, memo);
  }
  const onStack = new Set<string>();
  const moduleRest = (position: number): number => {
    const m = flow.modules[position];
    if (!m) return 0;
    const start = m.graph.start;
    if (typeof start === 'string') return fromStep(position, start, true);
    return Math.max(0, ...start.map((e) => viaTarget(position, e.to)));
  };
  const viaTarget = (position: number, to: Target): number => {
    if (typeof to !== 'string') return 0; // a jump to another module's entry: not on the forward path
    if (to === END) return position >= 0 && position + 1 < flow.modules.length ? moduleRest(position + 1) : 0;
    if (to.startsWith('@')) return 0;
    return fromStep(position, to, true);
  };
  const fromStep = (position: number, stepId: string, countSelf: boolean): number => {
    const key = `${position}:${stepId}:${countSelf ? 1 : 0}`;
    const cached = memo.get(key);
    if (cached !== undefined) return cached;
    if (onStack.has(key)) return 0; // a cycle (re-triage): cut it
    onStack.add(key);
    const m = moduleAt(flow, position, coordinate.module);
    const step = m?.graph.steps[stepId];
    let best = 0;
    for (const e of step?.next ?? []) best = Math.max(best, viaTarget(position, e.to));
    const value = best + (countSelf && isShown(step) ? 1 : 0);
    onStack.delete(key);
    memo.set(key, value);
    return value;
  };
  return fromStep(coordinate.position, coordinate.step, false);
}

function placeKey(c: Coordinate): string {
  return `${c.position}\u0000${c.module}\u0000${c.step}\u0000${c.variant}`;
}

/**
 * The current screen's place in the applicant's path, and the path's length (FLOW-22, UI-22):
 * each screen counts once, from its first visit, so a screen seen again (opened by a Change link,
 * or reached again by a loop back) keeps its number; while an answer is changed from a review
 * page, the path is the review's (its place and the longest path after it), so Change is not a
 * step further on (docs/decisions.md, "Progress: a screen's place").
 */
export function progressPlace(flow: Flow, state: AppState): { step: number; total: number } | undefined {
  const c = currentCoordinate(state);
  if (!c) return undefined;
  const places = new Map<string, number>();
  for (const h of historyOf(state)) if (!places.has(placeKey(h))) places.set(placeKey(h), places.size + 1);
  const step = places.get(placeKey(c)) ?? Math.max(1, places.size);
  const returnTo = returnToOf(state);
  const review = returnTo ? places.get(placeKey(returnTo)) : undefined;
  const total = returnTo && review !== undefined ? review + longestRemaining(flow, returnTo) : step + longestRemaining(flow, c);
  return { step, total: Math.max(step, total) };
}

export function progressOf(flow: Flow, state: AppState): number {
  if (getPath(state, 'flow.isComplete') === true) return 1;
  const place = progressPlace(flow, state);
  if (!place || place.total <= 1) return 0;
  return (place.step - 1) / (place.total - 1);
}

/**
 * Progress never falls on a forward move: a re-triage jump back into triage would
 * otherwise lengthen the remaining path (docs/decisions.md, FLOW-22).
 */
export function withProgress(flow: Flow, state: AppState, isForward: boolean, previous = 0): AppState {
  const p = progressOf(flow, state);
  return setPath(state, 'flow.progress', isForward ? Math.max(previous, p) : p);
}

// ---------------------------------------------------------------------------------------
// What the UI and the simulator see

export interface StepView {
  kind: 'panel' | 'milestone' | 'command' | 'end' | 'error';
  position: number;
  module: string;
  step: string;
  variant: string;
  panel?: Panel;
  milestone?: string;
  /** The milestone's content key, after the product's milestone content overrides. */
  content?: string;
  command?: string;
  args?: JsonObject;
}

export function current(flow: Flow, state: AppState): StepView {
  const c = currentCoordinate(state);
  if (!c) return { kind: 'error', position: -1, module: '', step: '', variant: 'self' };
  if (c.step === END) return { kind: 'end', ...c };
  if (c.step === '@error') return { kind: 'error', ...c };
  const step = stepOf(flow, c);
  if (!step) return { kind: 'error', ...c };
  switch (step.kind) {
    case 'panel': {
      const panel = panelOf(flow, c.step);
      return panel ? { kind: 'panel', ...c, panel } : { kind: 'error', ...c };
    }
    case 'milestone': {
      const content = step.content ? (flow.product.milestones?.content?.[step.content] ?? step.content) : undefined;
      return { kind: 'milestone', ...c, ...(step.milestone ? { milestone: step.milestone } : {}), ...(content ? { content } : {}) };
    }
    case 'command':
      return { kind: 'command', ...c, ...(step.command ? { command: step.command } : {}), ...(step.args ? { args: step.args as JsonObject } : {}) };
    default:
      return { kind: 'error', ...c };
  }
}
