/**
 * A product's document pack: the documents one product needs, as source texts, so the
 * browser loads a product in one request and checks it with the same loader as lint; and the
 * state contract they were checked against (its bare shape and fingerprint), which the
 * browser's first reading checks the rules' variables with (src/app/load.ts).
 */
import type { DocumentSet, SourceFile } from './loader';
import { panelNameOf } from './document-set';
import { resolveFlow } from './flow';
import { contractHash, contractShape } from './contract-shape';

export interface ProductPack {
  productId: string;
  files: SourceFile[];
  /** The state contract's bare shape (src/engine/contract-shape.ts). */
  contract: object;
  /** Its fingerprint: the first reading uses the contract only when it is the app's own. */
  contractHash: string;
}

/** The files a product needs: its product chain, its modules and the error route's, their panels, every rule, the shared field definitions, all content, the command catalogue, the option sources and the payload mapping. */
export function buildPack(docs: DocumentSet, sources: readonly SourceFile[], productId: string): ProductPack {
  const { flow } = resolveFlow(docs, productId);
  if (!flow) throw new Error(`product "${productId}" does not resolve`);
  const wanted = new Set<string>(['flows/commands.json', 'flows/option-sources.json', 'flows/service-codes.json', 'flows/payload.json']);
  for (let id: string | undefined = productId; id !== undefined; id = docs.products.get(id)?.value.extends) {
    const doc = docs.products.get(id);
    if (doc) wanted.add(doc.file);
  }
  const moduleIds = new Set([...flow.modules.map((m) => m.moduleId), ...flow.extraModules.keys()]);
  for (const product of [flow.product]) for (const seq of Object.values(product.sequences ?? {})) for (const ref of seq) moduleIds.add(typeof ref === 'string' ? ref : ref.module);
  for (const id of moduleIds) {
    const doc = docs.modules.get(id);
    if (!doc) continue;
    wanted.add(doc.file);
    for (const [stepId, step] of Object.entries(doc.value.steps)) {
      if (step.kind === 'panel') {
        const panel = docs.panels.get(panelNameOf(stepId));
        if (panel) wanted.add(panel.file);
      }
    }
  }
  const files = sources.filter(
    (s) => wanted.has(s.path) || /^rules\/[^/]+\.rules\.json$/.test(s.path) || /^schemas\/fields\/[^/]+\.json$/.test(s.path) || /^content\//.test(s.path),
  );
  const contract = contractShape(docs.contract.schema);
  return { productId, files, contract, contractHash: contractHash(contract) };
}
