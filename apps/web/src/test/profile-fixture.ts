import type { ClientProfile } from '@imali/contract';

/**
 * A whole profile as GET /auth/app/v1/client_info sends it (every field of the contract's
 * `clientProfile`): an approved ZAR client with a PIN. Tests answer with it, changing the fields
 * they care about; an answer missing fields fails the typed client's check (decision 0053).
 */
export function profileOf(fields: Partial<ClientProfile> = {}): ClientProfile {
  return {
    id: 1,
    name: 'Thandi Nkosi',
    email: 'thandi@example.com',
    mobile: '0821234567',
    avatar: '',
    verified: 'approved',
    kycStatus: 'approved',
    kyc_reason: '',
    vip: 0,
    score: 0,
    order_num: 0,
    has_pin: true,
    pin_locked: false,
    allow_compensation: false,
    allow_bonus: false,
    allow_loan: false,
    service: '',
    accounts: [],
    country: 'ZA',
    ...fields,
  };
}
