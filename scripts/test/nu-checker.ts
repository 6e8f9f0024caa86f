// Runs the Nu HTML Checker (npm `vnu-jar`, on Java) over built pages: one JVM for every document,
// errors only (README, Tests). Pages given as text are written to a temporary folder first.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

/**
 * CSS properties the browsers we support know but the checker's CSS profile does not yet: the
 * checker calls them errors although the page is right. Only these, so a typo still fails.
 */
const NEWER_CSS_PROPERTIES = ['line-clamp'];

export interface NuMessage {
  /** The file checked (for pages given as text: their name). */
  file: string;
  line: number | undefined;
  message: string;
  extract: string | undefined;
}

export interface HtmlDocument {
  name: string;
  html: string;
}

interface VnuMessage {
  type: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Whether `java` runs here (the checker needs it; CI installs it). */
export function javaAvailable(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The checker's errors for HTML files (paths) or documents given as text; empty when all are valid. */
export async function checkHtml(documents: string[] | HtmlDocument[]): Promise<NuMessage[]> {
  if (documents.length === 0) return [];
  if (typeof documents[0] === 'string') return runChecker(documents as string[], (file) => file);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nu-checker-'));
  try {
    const names = new Map<string, string>();
    const files = (documents as HtmlDocument[]).map((document, index) => {
      const file = path.join(folder, `${index}.html`);
      fs.writeFileSync(file, document.html);
      names.set(file, document.name);
      return file;
    });
    return await runChecker(files, (file) => names.get(file) ?? file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The messages one to a paragraph, for a test's failure message. */
export function formatMessages(messages: NuMessage[]): string {
  return messages
    .map(
      ({ file, line, message, extract }) =>
        `${file}${line ? `:${line}` : ''}\n  ${message}${extract ? `\n  ${extract.replace(/\s+/g, ' ')}` : ''}`,
    )
    .join('\n\n');
}

function runChecker(files: string[], nameOf: (file: string) => string): Promise<NuMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    // The report comes on stderr (stdout stays empty).
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('error', reject);
    child.on('close', () => {
      let report: { messages: VnuMessage[] };
      try {
        report = JSON.parse(output);
      } catch {
        return reject(new Error(`The Nu checker gave no report:\n${output}`));
      }
      resolve(
        report.messages
          .filter((message) => message.type !== 'info' && !isNewerCss(message.message))
          .map((message) => ({
            file: nameOf(message.url ? fileURLToPath(message.url) : ''),
            line: message.lastLine,
            message: message.message,
            extract: message.extract,
          })),
      );
    });
  });
}

function isNewerCss(message: string): boolean {
  return NEWER_CSS_PROPERTIES.some((property) => message === `CSS: “${property}”: Property “${property}” doesn't exist.`);
}
