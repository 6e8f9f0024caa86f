// What the metadata reader finds in an image file's bytes. Pure data: the parser runs in any
// JavaScript runtime (Node, Workers, the browser).
import type { GenerationSettings, Generator, LoraUse } from '#lib/galleries.ts';

export interface GenerationMetadata {
  /** null: the file carries no generation metadata we recognise. */
  generator: Generator | null;
  prompt: string | null;
  negativePrompt: string | null;
  checkpoint: string | null;
  loras: LoraUse[];
  settings: GenerationSettings;
  /** The tool named by content credentials (C2PA), e.g. "ChatGPT"; left out when none. */
  madeWith?: string;
}
