import { PublicLayout } from './public-layout';

export default function PrivacyPage() {
  return (
    <PublicLayout title="Privacy Notice" updated="November 2026">
      <p>
        This notice explains how Imali collects, uses and protects your personal information, in line with the
        Protection of Personal Information Act, 2013 (POPIA).
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Identity details you give us: full name, mobile number, date of birth and ID number.</li>
        <li>Copies of your identity document, which you upload for verification (KYC).</li>
        <li>
          Account and transaction records: orders, holdings, deposits, withdrawals and bank account details.
        </li>
        <li>
          Technical data needed to keep your session secure, such as sign-in times and the device's IP
          address.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <ul>
        <li>To verify your identity and meet our anti-money-laundering obligations under FICA.</li>
        <li>To open and run your account, carry out your instructions and keep accurate records.</li>
        <li>To protect your account, for example by limiting repeated failed sign-in attempts.</li>
        <li>To let your investment advisor support you.</li>
      </ul>
      <h2>How we protect it</h2>
      <p>
        Passwords and PINs are never stored in readable form. Identity documents are stored privately and are
        only shown to you and to the staff who review them. Every access decision on your verification is
        recorded.
      </p>
      <h2>Sharing</h2>
      <p>
        Your personal data is confidential. We do not sell it, and we do not disclose it to third parties
        without your consent, except where the law requires it (for example to a regulator or under a court
        order).
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask to see the personal information we hold about you, ask us to correct it, or object to its
        use. You may also lodge a complaint with the Information Regulator of South Africa.
      </p>
      <h2>How long we keep it</h2>
      <p>
        We keep identity and transaction records for at least five years after our relationship ends, as FICA
        requires, and then delete them securely.
      </p>
    </PublicLayout>
  );
}
