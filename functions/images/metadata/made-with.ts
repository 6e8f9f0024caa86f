// The tool content credentials name, tidied for "Made with …" (decision 49): the names tools
// write are product tokens ("Adobe_Photoshop/25.0 adobe_c2pa/0.7.6"), model names ("GPT-4o") or
// a signing library's name; the first that is a known tool gives its usual name, else the first
// that is no library, as written without its version.

const KNOWN_TOOLS: readonly [RegExp, string][] = [
  [/chatgpt|gpt-4o|gpt-image/i, 'ChatGPT'],
  [/dall[\W_]?e/i, 'DALL·E'],
  [/openai/i, 'OpenAI'],
  [/gemini/i, 'Google Gemini'],
  [/imagen/i, 'Google Imagen'],
  [/firefly/i, 'Adobe Firefly'],
  [/photoshop/i, 'Adobe Photoshop'],
  [/lightroom/i, 'Adobe Lightroom'],
  [/illustrator/i, 'Adobe Illustrator'],
  [/adobe[\W_]*express/i, 'Adobe Express'],
  [/bing[\W_]*image[\W_]*creator/i, 'Bing Image Creator'],
  [/microsoft[\W_]*designer/i, 'Microsoft Designer'],
  [/midjourney/i, 'Midjourney'],
];

/** Names of signing libraries and SDKs, which say nothing about the tool. */
const LIBRARY = /c2pa|\blibrary\b|\bsdk\b|toolkit/i;
const NAME_MAX_LENGTH = 100;

/** "Adobe_Photoshop/25.0 adobe_c2pa/0.7.6" → "Adobe Photoshop"; other names as written. */
function asWritten(name: string): string {
  const product = /^([^\s/]+)\/\S+(?:\s|$)/.exec(name.trim())?.[1] ?? name;
  return product
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, NAME_MAX_LENGTH);
}

export function madeWithName(names: readonly string[]): string | null {
  for (const name of names) {
    const known = KNOWN_TOOLS.find(([pattern]) => pattern.test(name.slice(0, 1000)));
    if (known) return known[1];
  }
  for (const name of names) {
    const written = asWritten(name.slice(0, 1000));
    if (written !== '' && !LIBRARY.test(written)) return written;
  }
  return null;
}
