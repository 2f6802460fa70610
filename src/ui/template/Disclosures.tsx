import type { DisclosureItem } from './disclosures';

export function Disclosures({ items, label }: { items: DisclosureItem[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <footer className="mu-disclosures" aria-label={label}>
      {items.map((item) => (
        <div key={`${item.kind}:${item.key}`} className={`mu-disclosures__item mu-disclosures__item--${item.kind}`} data-disclosure={item.key} data-order={item.order} dangerouslySetInnerHTML={{ __html: item.html }} />
      ))}
    </footer>
  );
}
