// @vitest-environment happy-dom
// The spec's configuration constants where a client can read them (spec sections 1 and 9;
// issue 24, point 13): About › Configuration lists the locale, the library's default currency,
// the default country with its currency, phone code and time zone, and the configuration version;
// the app version is the account drawer's footer's.
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DISPLAY_LOCALE } from '@imali/money';
import { APP_CONFIGURATION, APP_VERSION } from '@imali/contract';
import AboutPage from './about-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(cleanup);

/** The value shown beside a term of the configuration list. */
function valueOf(term: string): string {
  const list = screen.getByRole('region', { name: 'Configuration' });
  const dt = within(list).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('About › Configuration', () => {
  it("lists the spec's configuration: en-US and USD beside South Africa's ZA and ZAR, and both versions", () => {
    render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
    screen.getByRole('heading', { name: 'Configuration', level: 2 });
    expect(valueOf('Locale')).toBe('en-US');
    expect(valueOf('Default currency')).toContain('USD');
    expect(valueOf('Default country')).toBe('South Africa (ZA)');
    expect(valueOf('Country currency')).toBe('ZAR');
    expect(valueOf('Phone code')).toBe('+27');
    expect(valueOf('Time zone')).toBe('Africa/Johannesburg');
    expect(valueOf('Configuration version')).toBe('3.22.3221');
    expect(valueOf('App version')).toContain('3.1.3229');
    expect(valueOf('App version')).toContain('account drawer');
  });

  it('shows the values the app runs with, not a copy of them', () => {
    expect(APP_CONFIGURATION.locale).toBe(DISPLAY_LOCALE);
    expect(APP_CONFIGURATION).toMatchObject({ currency: 'USD', country: 'ZA', version: '3.22.3221' });
    expect(APP_VERSION).toBe('3.1.3229');
  });
});
