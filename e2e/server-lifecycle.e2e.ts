// The server's life as an operator sees it: SIGTERM closes cleanly, a restart on the same data
// keeps everything, and the ops CLI works against the database while the server is stopped.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loginToken, registerClient, uniqueMobile } from './support/api';
import { runOps } from './support/ops';
import { freePort, repoRoot, startServer } from './support/server';

const embedded = !process.env.DATABASE_URL;

describe('server lifecycle', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-lifecycle-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('stops cleanly on SIGTERM, loses nothing across a restart, and the CLI works while it is down', async () => {
    const mobile = uniqueMobile();
    const code = `LIFE${Date.now().toString(36).toUpperCase()}`;

    const first = await startServer({}, { dataDir });
    try {
      await registerClient(first, mobile, 'secret123');
      // With the embedded server running, the CLI goes through it (it owns the PGlite folder).
      expect(
        await runOps(first, 'invite', 'create', '--advisor', 'Lifecycle Advisory', '--code', code),
      ).toContain(code);
      if (embedded) expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(true);
    } finally {
      await first.stop();
    }
    expect(first.exitCode()).toBe(0);
    if (embedded) expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);

    // Server stopped: the CLI opens the database itself and sees what the server wrote.
    expect(await runOps(first, 'client', 'show', mobile)).toContain(mobile);
    expect(await runOps(first, 'invite', 'list')).toContain(code);

    const second = await startServer({}, { dataDir });
    try {
      const token = await loginToken(second, mobile, 'secret123');
      const res = await fetch(`${second.url}/api/auth/app/v1/client_info`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await res.json()) as { data: { mobile: string } };
      expect(body.data.mobile).toBe(mobile);
    } finally {
      await second.stop();
    }
    expect(second.exitCode()).toBe(0);
  });

  it('`npm start` stopped with SIGTERM (as a process manager stops it) takes the server down and frees the port', async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imali-npm-start-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      SKIP_WEB_BUILD: 'true',
      LOG_LEVEL: 'warn',
    };
    if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
    const npm = spawn('npm', ['start'], { cwd: repoRoot, env, stdio: 'ignore' });
    try {
      const url = `http://127.0.0.1:${port}/api/health`;
      const deadline = Date.now() + 120_000;
      while (
        !(await fetch(url).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error('npm start did not become healthy');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
      npm.kill('SIGTERM');
      await exited;
      // Nothing may keep the port: the server went down with npm.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(
        await fetch(url).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
      if (embedded) expect(fs.existsSync(path.join(dir, 'server.json'))).toBe(false);
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
