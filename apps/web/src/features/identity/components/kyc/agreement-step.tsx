import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { isScrolledToEnd } from '../../model/kyc';

const SECTIONS: Array<[string, string]> = [
  [
    '1. Why we verify your identity',
    'South African law (the Financial Intelligence Centre Act, FICA) requires Imali to establish and verify the identity of every client before opening an investment account. Verification also protects you: it stops others from opening accounts in your name.',
  ],
  [
    '2. What you will provide',
    'Your full name, mobile number and date of birth, your South African ID number (or passport number), and clear photos of the front and, where applicable, the back of your identity document.',
  ],
  [
    '3. Accuracy',
    'You confirm that the information you submit is true, complete and your own. Submitting false or another person’s information is an offence and will lead to your account being closed and, where required, reported to the authorities.',
  ],
  [
    '4. How we use your information',
    'We use it to verify your identity, to meet our anti-money-laundering and counter-terrorist-financing duties, and to keep records as the law requires. Your information is processed in line with the Protection of Personal Information Act (POPIA) and our Privacy Notice.',
  ],
  [
    '5. Review',
    'Our compliance team reviews every submission. We may ask for further documents. If your verification is rejected you will see the reason in the app and can contact support or your advisor.',
  ],
  [
    '6. Risks of investing',
    'Investments can fall as well as rise in value and you may get back less than you invest. Past performance is not a guide to future returns. Imali does not give personal financial advice unless your advisor expressly does so.',
  ],
  [
    '7. Your account',
    'You are responsible for keeping your password and PIN secret. Imali will never ask for your password or PIN by phone, SMS or e-mail.',
  ],
  [
    '8. Consent',
    'By ticking the box below you consent to Imali processing your personal information for the purposes above and agree to these terms.',
  ],
];

export function AgreementStep({ onNext }: { onNext: () => void }) {
  const [scrolled, setScrolled] = useState(false);
  const [agreed, setAgreed] = useState(false);
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Client Agreement</h2>
        <p className="text-sm text-slate-500">Please read the agreement to the end before you continue.</p>
      </div>
      <div
        data-testid="kyc-agreement"
        tabIndex={0}
        onScroll={(e) => {
          if (!scrolled && isScrolledToEnd(e.currentTarget)) setScrolled(true);
        }}
        className="h-72 space-y-4 overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-relaxed text-slate-700"
      >
        {SECTIONS.map(([title, body]) => (
          <section key={title}>
            <h3 className="font-semibold text-slate-900">{title}</h3>
            <p className="mt-1">{body}</p>
          </section>
        ))}
      </div>
      {!scrolled && <p className="text-xs text-slate-500">Scroll to the end of the agreement to continue.</p>}
      <Checkbox
        label="I have read and agree to the Client Agreement and consent to the processing of my personal information."
        checked={agreed}
        onChange={(e) => setAgreed(e.target.checked)}
      />
      <div className="flex justify-end">
        <Button size="lg" onClick={onNext} disabled={!scrolled || !agreed}>
          Next
        </Button>
      </div>
    </div>
  );
}
