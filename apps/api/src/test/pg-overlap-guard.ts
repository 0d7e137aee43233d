/**
 * Vitest setup file: pg warns when a query is sent on a client that is still running one (two
 * queries at once on a transaction, say); pg@9 makes it an error. Here it fails the run at once,
 * with the stack of the query that overlapped.
 */
// Once per worker: setup files run again before each test file, and the api project's files share
// a worker's modules and process (isolate: false, decision 0068).
const installed = Symbol.for('imali.pgOverlapGuard');
const processWithFlag = process as NodeJS.Process & { [installed]?: true };
if (!processWithFlag[installed]) {
  processWithFlag[installed] = true;
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query')) {
      throw warning;
    }
  });
}

export {};
