/**
 * Vitest setup file: pg warns when a query is sent on a client that is still running one (two
 * queries at once on a transaction, say); pg@9 makes it an error. Here it fails the run at once,
 * with the stack of the query that overlapped.
 */
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
    throw warning;
  }
});

export {};
