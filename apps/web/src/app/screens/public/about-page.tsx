import { APP_CONFIGURATION, APP_VERSION, TRADING_COUNTRY_PROFILES } from '@imali/contract';
import { PublicLayout } from './public-layout';

const country = TRADING_COUNTRY_PROFILES.find((p) => p.code === APP_CONFIGURATION.country)!;

/** The spec's configuration (sections 1 and 9), as the app runs with it. */
const CONFIGURATION: Array<[term: string, value: string]> = [
  ['Locale', APP_CONFIGURATION.locale],
  [
    'Default currency',
    `${APP_CONFIGURATION.currency} (the formatting library's default; every amount in Imali is shown in its account's or market's own currency)`,
  ],
  ['Default country', `${country.name} (${country.code})`],
  ['Country currency', country.currency],
  ['Phone code', country.phoneCode],
  ['Time zone', country.timezones[0]!],
  ['Configuration version', APP_CONFIGURATION.version],
  ['App version', `${APP_VERSION} (shown at the foot of the account drawer)`],
];

export default function AboutPage() {
  return (
    <PublicLayout title="About Imali">
      <p>
        Imali — “money” in isiZulu and isiXhosa — is an investment and wealth-management platform built for
        South African retail and private-wealth clients. We bring listed shares, funds, structured
        investments, IPOs and block deals together in one place, so that you and your investment advisor can
        build and follow a portfolio with clarity.
      </p>
      <h2>How Imali works</h2>
      <ul>
        <li>
          You join with an invitation code from your Imali investment advisor, who stays your point of
          contact.
        </li>
        <li>
          Before you can invest we verify your identity, as South African law requires of every financial
          services provider (the Financial Intelligence Centre Act, FICA).
        </li>
        <li>
          Your account is protected by your password and a separate six-digit PIN that confirms trades and
          withdrawals.
        </li>
        <li>
          Balances are kept in South African rand (ZAR) by default, with other currencies where a product
          needs them.
        </li>
      </ul>
      <h2>What we believe</h2>
      <p>
        Investing should be understandable. Every order shows what you pay, what you hold and what it has
        returned, with fees itemised. Prices are shown with the market they come from, and times in South
        African Standard Time.
      </p>
      <h2>Market data</h2>
      <p>
        The share and index prices, charts and movers in Imali are simulated market data: they come from
        Imali&rsquo;s own market simulator, not from the JSE or any other exchange, and they are not live
        prices. Wherever a price appears it is labelled &lsquo;Simulated market data&rsquo; with the time of
        the price. Do not use them to decide on a trade elsewhere.
      </p>
      <h2>Important information</h2>
      <p>
        The value of investments can go down as well as up, and past performance is not a reliable indicator
        of future results. Nothing on Imali is personal financial advice; speak to your advisor about whether
        a product suits your circumstances.
      </p>
      <section aria-labelledby="about-configuration">
        <h2 id="about-configuration">Configuration</h2>
        <p className="mt-3">What this copy of Imali is set up with.</p>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-[max-content_1fr]">
          {CONFIGURATION.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="pt-2 font-medium text-slate-900 sm:pt-0">{term}</dt>
              <dd className="text-slate-700">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <h2>Contact</h2>
      <p>
        For help with your account, contact your investment advisor or our client service team through the
        support channel in the app.
      </p>
    </PublicLayout>
  );
}
