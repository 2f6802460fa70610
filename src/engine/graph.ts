/**
 * The flow of a product as a Mermaid flowchart, for `npm run graph` (issue 2 §6). Pure and
 * deterministic: the same flow gives the same bytes.
 *
 * One subgraph per module in sequence order, then the error route once. Panels are
 * rectangles, milestones stadiums, the trap (a milestone without edges) a double circle,
 * commands hexagons, branches rhombi, re-triage entries parallelograms. `@end` goes to the
 * next module's start (END after the last), `@retriage` to the pending re-triage entry,
 * `@error` to the error route.
 */
import type { Condition, Edge, StepStart, Target } from './formats.generated';
import type { Flow, ModuleInstance } from './flow';
import { asList } from './loader';

/** Node ids Mermaid cannot misread: letters, digits and underscores. */
function safe(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '_');
}

/** A step's node id: `module__step`. Step ids start with a letter, so the `0…` ids of starts and entries never clash. */
export function nodeId(module: string, step: string): string {
  return `${safe(module)}__${safe(step)}`;
}

const startNodeId = (module: string): string => `${safe(module)}__0start`;
const entryNodeId = (module: string, entry: string): string => `${safe(module)}__0entry_${safe(entry)}`;

const ENTITIES: Record<string, string> = {
  '#': '#35;',
  '"': '#quot;',
  '|': '#124;',
  '[': '#91;',
  ']': '#93;',
  '{': '#123;',
  '}': '#125;',
  '(': '#40;',
  ')': '#41;',
  '<': '#lt;',
  '>': '#gt;',
  ';': '#59;',
  '`': '#96;',
  '\n': ' ',
  '\r': ' ',
};

/** Text safe inside a Mermaid label: characters Mermaid reads as syntax become entity codes. */
export function escapeLabel(text: string): string {
  let out = '';
  for (const ch of text) out += ENTITIES[ch] ?? ch;
  return out;
}

const MAX_LOGIC = 40;

/** A short text for a condition: the rule name, or inline JSON-Logic cut to about 40 characters. */
function conditionText(when: Condition): string {
  if (typeof when === 'string') return when;
  if (typeof when === 'boolean') return String(when);
  const json = JSON.stringify(when);
  return json.length > MAX_LOGIC ? `${json.slice(0, MAX_LOGIC - 1)}…` : json;
}

/** The label of an edge: its own `label` or its conditions, then reason codes and the re-triage entry. */
export function edgeLabel(edge: Edge): string {
  const parts: string[] = [];
  if (edge.label !== undefined) parts.push(edge.label);
  else {
    const conditions: string[] = [];
    if (edge.answer !== undefined) conditions.push(asList(edge.answer).join(' / '));
    if (edge.outcome !== undefined) conditions.push(asList(edge.outcome).join(' / '));
    if (edge.when !== undefined) conditions.push(conditionText(edge.when));
    if (conditions.length > 0) parts.push(conditions.join(' and '));
  }
  for (const r of edge.reasons ?? []) parts.push(`+${r}`);
  if (edge.retriage !== undefined) parts.push(`retriage: ${edge.retriage}`);
  return parts.join(' ');
}

interface Placed {
  /** Position in the sequence; -1 for the error route's module. */
  position: number;
  module: ModuleInstance;
}

/** Renders the flowchart (the text inside the ```mermaid fence). */
export function renderMermaid(flow: Flow): string {
  const lines: string[] = ['flowchart TD'];
  const placed: Placed[] = flow.modules.map((module, position) => ({ position, module }));
  const inSequence = (name: string): boolean => flow.modules.some((m) => m.name === name || m.moduleId === name);
  for (const m of flow.extraModules.values()) if (!inSequence(m.name)) placed.push({ position: -1, module: m });
  let needEnd = false;
  let needNextModule = false;
  let needRetriage = false;
  let needRetry = false;

  const errorNode = ((): string => {
    const route = flow.errorRoute;
    const p = placed.find((x) => x.module.name === route.module || x.module.moduleId === route.module);
    return p ? nodeId(p.module.name, route.step) : 'ERROR_ROUTE';
  })();

  /** The node a module is entered at: its start step, or its start branch. */
  const moduleStart = (m: ModuleInstance): string => (typeof m.graph.start === 'string' ? nodeId(m.name, m.graph.start) : startNodeId(m.name));

  /** Where the entry named `entry` is, looking back from `position` first as the walk does. */
  const findEntry = (entry: string, position: number): ModuleInstance | undefined => {
    const mods = flow.modules;
    for (let p = Math.min(position, mods.length - 1); p >= 0; p--) if (mods[p]?.graph.entries?.[entry]) return mods[p];
    for (let p = position + 1; p < mods.length; p++) if (mods[p]?.graph.entries?.[entry]) return mods[p];
    return undefined;
  };
  const findModule = (name: string, position: number): ModuleInstance | undefined => {
    const match = (m: ModuleInstance | undefined): boolean => m?.name === name || m?.moduleId === name;
    const mods = flow.modules;
    for (let p = Math.min(position, mods.length - 1); p >= 0; p--) if (match(mods[p])) return mods[p];
    for (let p = position + 1; p < mods.length; p++) if (match(mods[p])) return mods[p];
    return placed.find((x) => match(x.module))?.module;
  };

  /** Re-triage entries pending when `step` is reached: the `retriage` of the edges that lead to it. */
  const pendingRetriage = (m: ModuleInstance, step: string): string[] => {
    const found: string[] = [];
    const lists: Edge[][] = Object.values(m.graph.steps).map((s) => s.next ?? []);
    if (Array.isArray(m.graph.start)) lists.push(m.graph.start);
    for (const e of Object.values(m.graph.entries ?? {})) if (Array.isArray(e.start)) lists.push(e.start);
    for (const list of lists) for (const e of list) if (e.to === step && e.retriage !== undefined && !found.includes(e.retriage)) found.push(e.retriage);
    return found;
  };

  /** The node ids an edge from (m, step) leads to. */
  const targets = (p: Placed, to: Target, fromStep: string | undefined): string[] => {
    const m = p.module;
    if (typeof to !== 'string') {
      const target = findModule(to.module, p.position);
      if (!target) return [nodeId(to.module, to.step ?? '0start')];
      if (to.step !== undefined) return [nodeId(target.name, to.step)];
      if (to.entry !== undefined) return [entryNodeId(target.name, to.entry)];
      return [moduleStart(target)];
    }
    if (to === '@end') {
      // The module end's steps (the module update between modules) go on to whichever module follows the one just finished.
      if (p.position < 0 && flow.moduleEnd && m.name === flow.moduleEnd.module) {
        needNextModule = true;
        return ['NEXT_MODULE'];
      }
      const next = p.position >= 0 ? flow.modules[p.position + 1] : undefined;
      if (next) return [moduleStart(next)];
      needEnd = true;
      return ['END'];
    }
    if (to === '@error') return [errorNode];
    if (to === '@retry') {
      needRetry = true;
      return ['RETRY'];
    }
    if (to === '@retriage') {
      const entries = fromStep !== undefined ? pendingRetriage(m, fromStep) : [];
      const nodes = entries.flatMap((entry) => {
        const target = findEntry(entry, p.position);
        return target ? [entryNodeId(target.name, entry)] : [];
      });
      if (nodes.length > 0) return nodes;
      needRetriage = true;
      return ['RETRIAGE'];
    }
    return [nodeId(m.name, to)];
  };

  const edgeLines: string[] = [];
  const addEdges = (p: Placed, from: string, edges: readonly Edge[], fromStep: string | undefined): void => {
    for (const edge of edges) {
      const label = edgeLabel(edge);
      for (const to of targets(p, edge.to, fromStep)) {
        edgeLines.push(label ? `  ${from} -->|${escapeLabel(label)}| ${to}` : `  ${from} --> ${to}`);
      }
    }
  };
  const addStart = (p: Placed, from: string, start: StepStart): void => {
    if (typeof start === 'string') edgeLines.push(`  ${from} --> ${nodeId(p.module.name, start)}`);
    else addEdges(p, from, start, undefined);
  };

  // Where a session starts: the first module, or the module a startPosition rule names.
  lines.push('  START((start))');
  const first = flow.modules[0];
  const rules = flow.product.startPosition ?? [];
  for (const rule of rules) {
    const m = flow.modules[Math.min(rule.index, flow.modules.length - 1)];
    if (!m) continue;
    const label = rule.when !== undefined ? conditionText(rule.when) : '';
    edgeLines.push(label ? `  START -->|${escapeLabel(label)}| ${moduleStart(m)}` : `  START --> ${moduleStart(m)}`);
  }
  if (first && !rules.some((r) => r.when === undefined || r.when === true)) {
    edgeLines.push(rules.length > 0 ? `  START -->|otherwise| ${moduleStart(first)}` : `  START --> ${moduleStart(first)}`);
  }

  for (const p of placed) {
    const m = p.module;
    const title = p.position < 0 ? `error route: ${m.name}` : `${p.position + 1}. ${m.name}${m.name !== m.moduleId ? ` (${m.moduleId})` : ''}`;
    lines.push(`  subgraph ${safe(`sg_${m.name}`)}["${escapeLabel(title)}"]`);
    lines.push('    direction TB');
    if (typeof m.graph.start !== 'string') {
      lines.push(`    ${startNodeId(m.name)}{"start"}:::branch`);
      addEdges(p, startNodeId(m.name), m.graph.start, undefined);
    }
    for (const [name, entry] of Object.entries(m.graph.entries ?? {})) {
      const id = entryNodeId(m.name, name);
      lines.push(`    ${id}[/"entry ${escapeLabel(name)}"/]:::entry`);
      addStart(p, id, entry.start);
    }
    for (const [id, step] of Object.entries(m.graph.steps)) {
      const node = nodeId(m.name, id);
      const variant = step.variant !== undefined && step.variant !== 'self' ? ` (${step.variant})` : '';
      switch (step.kind) {
        case 'panel':
          lines.push(`    ${node}["${escapeLabel(id + variant)}"]`);
          break;
        case 'milestone': {
          const label = escapeLabel(`/aem/milestone/${step.milestone ?? id}`);
          lines.push((step.next ?? []).length === 0 ? `    ${node}((("${label}"))):::trap` : `    ${node}(["${label}"]):::milestone`);
          break;
        }
        case 'command':
          lines.push(`    ${node}{{"${escapeLabel(`${id}: ${step.command ?? '?'}`)}"}}:::command`);
          break;
        case 'branch':
          lines.push(`    ${node}{"${escapeLabel(id + variant)}"}:::branch`);
          break;
      }
      addEdges(p, node, step.next ?? [], id);
    }
    lines.push('  end');
  }

  if (needEnd) lines.push('  END((end))');
  if (needNextModule) lines.push('  NEXT_MODULE(["the module after the one that ended: every module end passes module-end first"])');
  if (needRetriage) lines.push('  RETRIAGE[/"re-triage: no pending entry known"/]:::entry');
  if (needRetry) lines.push('  RETRY(["try again: the failed command runs again"]):::command');
  if (errorNode !== 'ERROR_ROUTE') {
    lines.push('  ANY_ERROR>"any error"]:::trap');
    edgeLines.push(`  ANY_ERROR -.-> ${errorNode}`);
  }
  lines.push(...edgeLines);
  lines.push(
    '  classDef milestone fill:#e8f5e9,stroke:#2e7d32',
    '  classDef trap fill:#ffebee,stroke:#c62828,stroke-width:2px',
    '  classDef command fill:#e8eaf6,stroke:#3949ab',
    '  classDef branch fill:#fff8e1,stroke:#f9a825',
    '  classDef entry fill:#f3e5f5,stroke:#6a1b9a',
  );
  return `${lines.join('\n')}\n`;
}

/** The page docs/flows/<product>.md: a sentence on where it comes from, and the flowchart. */
export function renderFlowPage(flow: Flow): string {
  const sequence = flow.sequenceId === 'default' ? '' : ` (module sequence \`${flow.sequenceId}\`)`;
  const command = `npm run graph -- ${flow.productId}${flow.sequenceId === 'default' ? '' : ` --sequence ${flow.sequenceId}`}`;
  return [
    `# Flow: ${flow.productId}${sequence}`,
    '',
    `The steps of product \`${flow.productId}\`, one box per module in sequence order, then the error route. Generated by \`${command}\` from the documents; do not edit by hand (\`npm run graph -- ${flow.productId} --check\` tells whether it is current).`,
    '',
    'Rectangles are panels, rounded boxes milestones, double circles traps (milestones that end the flow), hexagons commands, diamonds branches, slanted boxes re-triage entries. Edge labels give the answers, outcomes or rule, then `+REASON` codes and `retriage:` entries.',
    '',
    '```mermaid',
    renderMermaid(flow).trimEnd(),
    '```',
    '',
  ].join('\n');
}
