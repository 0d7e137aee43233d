// Runs read-only commands at the same time and prints each one's output in one piece, under its
// label, when it ends (interleaved lines from four tools would be unreadable).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** A tool from node_modules/.bin, spawned without npx (which costs a process and a lookup). */
export function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}

/**
 * `tasks`: [{ label, cmd, args, env? }]. Resolves to [{ label, ok, seconds }] in the order given, after
 * printing each task's output (stdout and stderr as they came) once it has ended.
 */
export function runGrouped(tasks) {
  return Promise.all(
    tasks.map(
      ({ label, cmd, args, env = process.env }) =>
        new Promise((resolve) => {
          const started = performance.now();
          const chunks = [];
          const child = spawn(cmd, args, { cwd: root, env: { ...env, FORCE_COLOR: '1' } });
          child.stdout.on('data', (d) => chunks.push(d));
          child.stderr.on('data', (d) => chunks.push(d));
          let ended = false;
          // A command that cannot start reports 'error' and then 'close': print it once.
          const finish = (code, error) => {
            if (ended) return;
            ended = true;
            const seconds = (performance.now() - started) / 1000;
            const ok = code === 0;
            const output = Buffer.concat(chunks).toString().trimEnd();
            console.log(
              `\n=== ${label}: ${ok ? 'ok' : 'FAILED'} (${seconds.toFixed(1)} s) — ${path.basename(cmd)} ${args.join(' ')}`,
            );
            if (output) console.log(output);
            if (error) console.log(error.message);
            resolve({ label, ok, seconds });
          };
          child.on('error', (error) => finish(1, error));
          child.on('close', (code) => finish(code));
        }),
    ),
  );
}
