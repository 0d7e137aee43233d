// Decimal money on bigint minor units, and the display rules of spec section 4.
export * from './decimal';
export * from './money';
export * from './display';
export * from './fees';
export * from './returns';
export * from './units';
export * from './fee-display';
