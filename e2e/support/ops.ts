// Runs the ops CLI (`npm run ops -- …`) with the same DATA_DIR / DATABASE_URL as the server.
import { spawn } from 'node:child_process';
import { repoRoot, type RunningServer } from './server';

export function runOps(server: RunningServer, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'ops', '--', ...args], {
      cwd: process.env.E2E_SERVER_ROOT ?? repoRoot,
      env: server.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`ops ${args.join(' ')} exited ${code}: ${err || out}`));
    });
  });
}
