export * from './identity';
export * from './ledger';
export * from './market';
export * from './trading';
