import { Link } from 'react-router';
import { PageTitle } from '../components/ui';
import { navFor } from './nav';
import { useStaff } from './session';

/** What the signed-in staff user can open, and what each area is for. */
export function StartScreen() {
  const me = useStaff();
  const items = navFor(me.permissions);
  return (
    <section>
      <PageTitle hint="The areas your roles give you. The navigation on the left shows the same.">
        Welcome, {me.displayName}
      </PageTitle>
      {items.length === 0 ? (
        <p>Your roles give you no area of the console yet. Ask a staff admin.</p>
      ) : (
        <ul className="grid max-w-4xl grid-cols-2 gap-3">
          {items.map((item) => (
            <li key={item.path} className="rounded border border-slate-300 bg-white p-4">
              <Link to={item.path} className="font-semibold text-accent-700 underline">
                {item.label}
              </Link>
              <p className="mt-1 text-sm text-slate-700">{item.purpose}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
