// Runs W3C EPUBCheck (Debian package `epubcheck`) on a book. Debian installs it as an executable
// jar (/usr/bin/epubcheck -> epubcheck.jar), which a shell can run only where binfmt knows jars,
// so a jar is started with `java -jar`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

export interface EpubcheckResult {
  fatals: number;
  errors: number;
  warnings: number;
  /** Its report, for the test's failure message. */
  output: string;
  ms: number;
}

/** The command that runs epubcheck here, or null when it is not installed. */
export function epubcheckCommand(): string[] | null {
  let found: string;
  try {
    found = execFileSync('sh', ['-c', 'command -v epubcheck'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
  const real = fs.realpathSync(found);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(real, 'r');
  fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  return head.toString('latin1') === 'PK' ? ['java', '-jar', real] : [real];
}

export function runEpubcheck(command: string[], file: string): Promise<EpubcheckResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, [...command.slice(1), file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', () => {
      const counts = /Messages: (\d+) fatals? \/ (\d+) errors? \/ (\d+) warnings?/.exec(output);
      if (!counts) return reject(new Error(`epubcheck gave no summary:\n${output}`));
      resolve({
        fatals: Number(counts[1]),
        errors: Number(counts[2]),
        warnings: Number(counts[3]),
        output,
        ms: Math.round(performance.now() - started),
      });
    });
  });
}
