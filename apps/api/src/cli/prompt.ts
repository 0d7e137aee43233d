// Asking the operator for a password and a code: at a terminal with node:readline (the password
// not echoed); from a script, one answer a line on stdin (`--password-stdin`, or stdin not a TTY).
import readline from 'node:readline';
import type { Readable } from 'node:stream';

/** Reads `count` lines from a stream (a pipe), then stops listening. */
export function readLines(input: Readable, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input, terminal: false });
    const lines: string[] = [];
    const finish = () => {
      rl.close();
      resolve(lines);
    };
    rl.on('line', (line) => {
      lines.push(line.replace(/\r$/, ''));
      if (lines.length >= count) finish();
    });
    rl.on('close', () => resolve(lines));
    rl.on('error', reject);
  });
}

/** Asks one question at the terminal; `secret` answers are not echoed. Prompts go to stderr. */
export function ask(question: string, secret = false): Promise<string> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    if (secret) {
      // Echo nothing typed after the question (readline writes each keystroke through this).
      const rlOut = rl as unknown as { _writeToOutput: (text: string) => void };
      let asked = false;
      rlOut._writeToOutput = (text: string) => {
        if (!asked) {
          process.stderr.write(text);
          asked = true;
        }
      };
    }
    rl.question(question, (answer) => {
      if (secret) process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
  });
}

/**
 * The answers to `questions`, in order: read from stdin lines when `fromStdin` (or stdin is not
 * a terminal), asked one by one otherwise. `secret` marks the ones not to echo.
 */
export async function answers(
  questions: { text: string; secret?: boolean }[],
  fromStdin: boolean,
): Promise<string[]> {
  if (fromStdin || !process.stdin.isTTY) {
    const lines = await readLines(process.stdin, questions.length);
    if (lines.length < questions.length) {
      throw new Error(
        `Expected ${questions.length} lines on stdin (${questions.map((q) => q.text.replace(/:\s*$/, '')).join(', ')}).`,
      );
    }
    return lines;
  }
  const out: string[] = [];
  for (const q of questions) out.push(await ask(q.text, q.secret));
  return out;
}
