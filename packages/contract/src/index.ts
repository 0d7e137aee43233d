export * from './common';
export * from './identity';
export * from './ledger';
export * from './market';
export * from './menu';
export * from './trading';
