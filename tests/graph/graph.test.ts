/** The Mermaid flowchart of a product's flow (src/engine/graph.ts, `npm run graph`). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFlow, type Flow } from '../../src/engine/flow';
import { edgeLabel, escapeLabel, nodeId, renderFlowPage, renderMermaid } from '../../src/engine/graph';
import { PROJECT_ROOT, loadProject } from '../../tools/lib/project';
import { edited, fixture, sourcesOf, type Docs } from '../lint/fixture';
import type { Json } from '../lint/helpers';

function flowOf(docs: Docs | undefined, product: string): Flow {
  const set = docs ? loadProject(sourcesOf(docs)) : loadProject();
  const { flow, diagnostics } = resolveFlow(set, product);
  if (!flow) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return flow;
}

describe('renderMermaid on the real join-now flow', () => {
  const flow = flowOf(undefined, 'join-now');
  const chart = renderMermaid(flow);

  it('is a flowchart with one subgraph per module, in sequence order, then the error route once', () => {
    expect(chart.startsWith('flowchart TD\n')).toBe(true);
    const titles = [...chart.matchAll(/^ {2}subgraph \S+\["([^"]*)"\]$/gm)].map((m) => m[1]);
    // A module used under an alias (`as`, e.g. join-now's second sponsor-search) names the module it uses.
    expect(titles).toEqual([...flow.modules.map((m, i) => `${i + 1}. ${m.name}${m.name !== m.moduleId ? ` #40;${m.moduleId}#41;` : ''}`), `error route: ${flow.errorRoute.module}`]);
    expect(chart.match(/error route/g)).toHaveLength(1);
  });

  it('draws every step with the shape of its kind', () => {
    for (const m of [...flow.modules, ...flow.extraModules.values()]) {
      for (const [id, step] of Object.entries(m.graph.steps)) {
        const node = nodeId(m.name, id);
        const line = chart.split('\n').find((l) => l.startsWith(`    ${node}`) && /^[[({]/.test(l.slice(4 + node.length)));
        expect(line, `${m.name}/${id}`).toBeDefined();
        const variant = step.variant !== undefined && step.variant !== 'self' ? ` #40;${step.variant}#41;` : '';
        if (step.kind === 'panel') expect(line?.trim()).toBe(`${node}["${id}${variant}"]`);
        if (step.kind === 'milestone' && (step.next ?? []).length > 0) expect(line?.trim()).toBe(`${node}(["/aem/milestone/${step.milestone}"]):::milestone`);
        if (step.kind === 'milestone' && (step.next ?? []).length === 0) expect(line?.trim()).toBe(`${node}((("/aem/milestone/${step.milestone}"))):::trap`);
        if (step.kind === 'command') expect(line?.trim()).toBe(`${node}{{"${id}: ${step.command}"}}:::command`);
        if (step.kind === 'branch') expect(line?.trim()).toBe(`${node}{"${id}${variant}"}:::branch`);
      }
    }
  });

  it('draws the trap, the end, the styles, and an edge per target', () => {
    expect(chart).toContain(`${nodeId('system', 'trap-door')}((("/aem/milestone/trap-door"))):::trap`);
    expect(chart).toContain('  END((end))');
    for (const cls of ['milestone', 'trap', 'command']) expect(chart).toMatch(new RegExp(`^ {2}classDef ${cls} `, 'm'));
    // Every edge of every step is drawn, with its label.
    for (const m of flow.modules) {
      for (const [id, step] of Object.entries(m.graph.steps)) {
        for (const edge of step.next ?? []) {
          const label = edgeLabel(edge);
          expect(chart).toContain(label ? `  ${nodeId(m.name, id)} -->|${escapeLabel(label)}| ` : `  ${nodeId(m.name, id)} --> `);
        }
      }
    }
  });

  it('labels answer edges with their values joined by " / "', () => {
    const multi = flow.modules.flatMap((m) => Object.values(m.graph.steps).flatMap((s) => (s.next ?? []).filter((e) => Array.isArray(e.answer) && e.answer.length > 1)));
    for (const edge of multi) expect(chart).toContain(`|${escapeLabel((edge.answer as string[]).join(' / '))}`);
  });

  it('is deterministic', () => {
    expect(renderMermaid(flowOf(undefined, 'join-now'))).toBe(chart);
  });
});

describe('renderMermaid on a synthetic flow', () => {
  const chart = renderMermaid(flowOf(fixture(), 'p'));

  it('chains @end to the next module start (a start branch) and the last @end to END', () => {
    expect(chart).toContain('  a__qb -->|mini.isActive| b__0start\n');
    expect(chart).toContain('    b__0start{"start"}:::branch\n');
    expect(chart).toContain('  b__0start --> b__qc2\n');
    expect(chart).toContain('  b__qc --> END\n');
  });

  it('labels reasons and re-triage, and sends @retriage to the pending entry', () => {
    expect(chart).toContain('  a__qa -->|no +HAS_NOT_SERVED retriage: reTriageSelf| a__m\n');
    expect(chart).toContain('    a__0entry_reTriageSelf[/"entry reTriageSelf"/]:::entry\n');
    expect(chart).toContain('  a__m --> a__0entry_reTriageSelf\n');
    expect(chart).not.toContain('RETRIAGE');
  });

  it('labels outcomes, sends @error to the error route, and shows variants', () => {
    expect(chart).toContain('    a__look{{"look: lookup"}}:::command\n');
    expect(chart).toContain('  a__look -->|error| system__detour\n');
    expect(chart).toContain('    b__qc2["qc2 #40;spouse#41;"]\n');
  });

  it('shortens inline JSON-Logic and escapes Mermaid syntax in labels', () => {
    expect(chart).toContain('  b__0start -->|#123;#quot;===#quot;:#91;#123;#quot;var#quot;:#quot;triage.currentMilitaryS…| b__qc\n');
    expect(escapeLabel('a "b" | [c] {d} (e) <f> #g; `h`')).toBe('a #quot;b#quot; #124; #91;c#93; #123;d#125; #40;e#41; #lt;f#gt; #35;g#59; #96;h#96;');
  });

  it('uses an edge label when the edge has one, and a RETRIAGE node when no entry is known', () => {
    const docs = edited((d) => {
      const steps = (d['flows/modules/a.json'] as Json).steps as Record<string, Json>;
      (steps.qb?.next as Json[])[0] = { when: 'mini.isActive', to: '@end', label: 'on active duty' };
      (steps.qa?.next as Json[])[1] = { answer: 'no', to: 'm' };
    });
    const c = renderMermaid(flowOf(docs, 'p'));
    expect(c).toContain('  a__qb -->|on active duty| b__0start\n');
    expect(c).toContain('  a__m --> RETRIAGE\n');
    expect(c).toContain('  RETRIAGE[/');
  });

  it('draws start position rules from START', () => {
    const docs = edited((d) => {
      (d['flows/products/p.json'] as Json).startPosition = [{ when: 'mini.isActive', index: 1 }];
    });
    const c = renderMermaid(flowOf(docs, 'p'));
    expect(c).toContain('  START -->|mini.isActive| b__0start\n');
    expect(c).toContain('  START -->|otherwise| a__qa\n');
  });
});

describe('docs/flows/<product>.md', () => {
  const project = loadProject();
  const products = [...project.products.values()].filter((d) => d.value.abstract !== true).map((d) => d.value.id).sort();

  it('there is a picture for every product of DEST-16, the auto/TAC default flow included', () => {
    expect(products).toEqual(expect.arrayContaining(['join-now', '37', '110', 'bank-cd', 'bank-youth-spending', 'pnc-insurance-affiliate', 'pnc-insurance-homeowners-join', 'auto-tac']));
    expect(products).toHaveLength(25);
  });

  it.each(products)('docs/flows/%s.md is current (regenerate with npm run graph)', (product) => {
    const committed = readFileSync(path.join(PROJECT_ROOT, `docs/flows/${product}.md`), 'utf8');
    expect(committed).toBe(renderFlowPage(resolveFlow(project, product).flow as Flow));
  });
});
