import { PageTitle } from '../../components/ui';
import type { NavItem } from '../../app/nav';

/** A screen another part of issue 23 builds: says what it will hold. */
export function PlaceholderScreen({ item }: { item: NavItem }) {
  return (
    <section aria-labelledby="page-title">
      <PageTitle>
        <span id="page-title">{item.label}</span>
      </PageTitle>
      <p className="max-w-prose text-slate-800">This screen will hold: {item.purpose}</p>
      <p className="mt-2 text-sm text-slate-600">It is not built yet.</p>
    </section>
  );
}
