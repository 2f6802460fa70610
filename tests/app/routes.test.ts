/** Route parsing and the URL of each step (ROUTE-03..ROUTE-06, ROUTE-15, ROUTE-18, ROUTE-19). */
import { describe, expect, it } from 'vitest';
import { appPath, commandRoutes, matchesView, parsePath, pathOf, variantOf } from '../../src/app/routes';
import { flowFromPack } from '../../src/app/documents';
import type { StepView } from '../../src/engine/flow';
import { projectPack } from './helpers';

const { flow } = flowFromPack(projectPack('join-now'));
const routes = commandRoutes(flow);
const nonProd = { commandRoutes: routes, testRoutes: true };
const prod = { commandRoutes: routes, testRoutes: false };

describe('parsing a path', () => {
  it('reads the first segment as the panel and the second as the variant (ROUTE-04)', () => {
    expect(parsePath('/military-details/spouse', prod)).toEqual({ kind: 'panel', panel: 'military-details', variant: 'spouse' });
    expect(parsePath('/military-service', prod)).toEqual({ kind: 'panel', panel: 'military-service', variant: 'self' });
  });

  it('uses only the part of the variant before a hyphen (ROUTE-05)', () => {
    expect(parsePath('/military-service/self-expansion', prod)).toMatchObject({ variant: 'self' });
    expect(variantOf('spouse-a-b')).toBe('spouse');
    expect(variantOf('-x')).toBe('self');
  });

  it('takes the panel name as the step id minus its numeric suffix (ROUTE-06)', () => {
    expect(parsePath('/sponsor-search2/parent', prod)).toEqual({ kind: 'panel', panel: 'sponsor-search', variant: 'parent' });
  });

  it('reads milestones under /aem/milestone/ (ROUTE-15)', () => {
    expect(parsePath('/aem/milestone/spouse/not-eligible', prod)).toEqual({ kind: 'milestone', milestone: 'spouse/not-eligible' });
    expect(parsePath('/aem/milestone/', prod).kind).toBe('unknown');
  });

  it('knows the command pseudo-routes of flows/commands.json (ROUTE-19)', () => {
    for (const r of ['command-module-update', 'command-leave-app', 'command-member-found-redirect', 'command-call-payload-submit', 'command-cta-redirect-call', 'command-call-detour', 'sponsor-search', 'sponsor-create', 'command-complete-module']) {
      expect(parsePath(`/${r}`, prod), r).toEqual({ kind: 'command', route: r });
    }
  });

  it('has the test routes outside production only (ROUTE-18)', () => {
    for (const r of ['task-entry', 'theme-test-panel', 'fake-end-panel', 'data-fake-panel', 'trap-door']) {
      expect(parsePath(`/${r}`, nonProd), r).toEqual({ kind: 'test', name: r });
      expect(parsePath(`/${r}`, prod).kind, r).toBe('panel');
    }
  });

  it('reads the root and refuses odd paths', () => {
    expect(parsePath('', prod)).toEqual({ kind: 'root' });
    expect(parsePath('/', prod)).toEqual({ kind: 'root' });
    expect(parsePath('/a/b/c', prod).kind).toBe('unknown');
    expect(parsePath('/%E0%A4%A', prod).kind).toBe('unknown');
    expect(parsePath('/<script>/x', prod).kind).toBe('unknown');
  });

  it('strips the basename', () => {
    expect(appPath('/join/get-started/military-service/self')).toBe('/military-service/self');
    expect(appPath('/join/get-started/')).toBe('');
    expect(appPath('/join/get-started')).toBe('');
  });
});

describe('the path of a step (the URL mirrors the engine)', () => {
  const view = (v: Partial<StepView>): StepView => ({ kind: 'panel', position: 0, module: 'triage', step: 'military-service', variant: 'self', ...v });
  it('gives /panel/variant, /aem/milestone/..., the command route, and the end and error pages', () => {
    expect(pathOf(flow, view({ step: 'sponsor-search2', variant: 'parent' }), { testRoutes: false })).toBe('/sponsor-search/parent');
    expect(pathOf(flow, view({ kind: 'milestone', step: 'x', milestone: 'spouse/not-eligible' }), { testRoutes: false })).toBe('/aem/milestone/spouse/not-eligible');
    expect(pathOf(flow, view({ kind: 'command', step: 'detour', command: 'callDetour' }), { testRoutes: false })).toBe('/command-call-detour');
    expect(pathOf(flow, view({ kind: 'end', step: '@end' }), { testRoutes: true })).toBe('/fake-end-panel');
    expect(pathOf(flow, view({ kind: 'error', step: '@error' }), { testRoutes: false })).toBe('/aem/milestone/trap-door');
  });

  it('matches a parsed URL against a step', () => {
    const v = view({ step: 'military-service', variant: 'spouse' });
    expect(matchesView(parsePath('/military-service/spouse-x', prod), flow, v, { testRoutes: false })).toBe(true);
    expect(matchesView(parsePath('/military-service/self', prod), flow, v, { testRoutes: false })).toBe(false);
  });
});
