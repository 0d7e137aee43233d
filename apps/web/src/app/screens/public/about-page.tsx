import { PublicLayout } from './public-layout';

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
      <h2>Contact</h2>
      <p>
        For help with your account, contact your investment advisor or our client service team through the
        support channel in the app.
      </p>
    </PublicLayout>
  );
}
