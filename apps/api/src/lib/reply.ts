/** The success envelope. Handlers return `ok(data)`; data is never null. */
export const ok = <T>(data: T, message = 'OK') => ({ code: 'OK' as const, message, data });
