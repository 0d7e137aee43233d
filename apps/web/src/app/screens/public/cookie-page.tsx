import { PublicLayout } from './public-layout';

export default function CookiePage() {
  return (
    <PublicLayout title="Cookie Notice" updated="November 2026">
      <p>
        Imali uses a small number of cookies and similar browser storage. This notice explains what they are
        and why we use them.
      </p>
      <h2>Strictly necessary storage</h2>
      <ul>
        <li>
          <strong>Session:</strong> keeps you signed in. If you tick “Remember me” it is kept in your
          browser's local storage; otherwise it lasts only until you close the browser.
        </li>
        <li>
          <strong>Cookie consent:</strong> remembers that you have seen this notice, so the banner does not
          appear again.
        </li>
        <li>
          <strong>Preferences:</strong> remembers display choices such as hiding your balances.
        </li>
      </ul>
      <h2>What we do not use</h2>
      <p>
        We do not use advertising cookies, and we do not let third parties track you across other websites
        through Imali.
      </p>
      <h2>Managing storage</h2>
      <p>
        You can clear cookies and site data in your browser settings at any time. If you block storage
        entirely, you will not be able to sign in, because Imali needs it to keep your session.
      </p>
    </PublicLayout>
  );
}
