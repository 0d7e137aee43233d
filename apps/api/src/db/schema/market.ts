// Market tables (issue 4) are declared here; their SQL lives in migrations/0003_market.sql.
export {};
