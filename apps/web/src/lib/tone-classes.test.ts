import { describe, expect, it } from 'vitest';
import { signedColorClass, statusColorClass } from './tone-classes';

// Moved from packages/money's display test with the classes themselves.
describe('tone classes', () => {
  it('colours signed values green, red or grey', () => {
    expect(signedColorClass(5n)).toBe('text-green-600');
    expect(signedColorClass('-1')).toBe('text-red-600');
    expect(signedColorClass('')).toBe('text-gray-500');
  });

  it('colours order statuses', () => {
    expect(statusColorClass('sold')).toBe('text-red-800');
  });
});
